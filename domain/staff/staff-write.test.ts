import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import type { TransactionRepositories } from '../uow';
import type { AuditEntry } from './audit';
import type { StaffRole } from './staff-member';
import { createStaffWrite, type WriteContext } from './staff-write';

/** A unit of work that keeps the entries of the writes that committed, and drops those of the ones that threw. */
function unit() {
  const committed: AuditEntry[] = [];
  const write = createStaffWrite({
    async run(work) {
      const pending: AuditEntry[] = [];
      const value = await work({ audit: { record: async (e) => void pending.push(e) } } as TransactionRepositories);
      committed.push(...pending);
      return value;
    },
  });
  return { write, committed };
}

const as = (role: StaffRole, shopId: number | null = null): WriteContext => ({
  actor: { kind: 'staff', staffId: 9, email: `${role}@shop.test`, role, shopId },
  client: '10.0.0.9',
  now: () => new Date('2026-12-01T10:00:00Z'),
});
const system: WriteContext = { client: 'console', now: () => new Date('2026-12-01T10:00:00Z') };

describe('staffWrite', () => {
  it('records one entry naming the actor, the action, the entity and what changed', async () => {
    const { write, committed } = unit();
    const value = await write(as('merchandiser'), 'promo.stop', { id: 'ODIN' }, async () => ({
      value: 'done',
      before: { stoppedAt: null },
      after: { stoppedAt: '2026-12-01' },
    }));
    expect(value).toBe('done');
    expect(committed).toEqual([
      expect.objectContaining({
        staffId: 9,
        staffEmail: 'merchandiser@shop.test',
        action: 'promo.stop',
        entity: 'promo_code',
        entityId: 'ODIN',
        changes: { stoppedAt: { before: null, after: '2026-12-01' } },
      }),
    ]);
  });

  it('refuses a role without the permission before the work runs', async () => {
    const { write, committed } = unit();
    let ran = false;
    const refused = write(as('content'), 'promo.stop', { id: 'ODIN' }, async () => {
      ran = true;
      return { value: null };
    });
    await expect(refused).rejects.toMatchObject({ kind: 'forbidden' });
    expect(ran).toBe(false);
    expect(committed).toEqual([]);
  });

  it('keeps an own-shop grant to its shop, and refuses a write that never said whose thing it wrote', async () => {
    const { write, committed } = unit();
    const shop = as('shop', 3);
    await write(shop, 'order.note', { id: 1 }, async (_, scope) => {
      scope.inShop(3);
      return { value: null, after: { note: 'ok' } };
    });
    const hidden = () => new DomainError('not_found', 'Заказ не найден.', 'ORDER_NOT_FOUND');
    const other = write(shop, 'order.note', { id: 2 }, async (_, scope) => {
      scope.inShop(4, hidden);
      return { value: null };
    });
    await expect(other).rejects.toMatchObject({ kind: 'not_found' });
    const forgot = write(shop, 'order.note', { id: 3 }, async () => ({ value: null, after: { note: 'x' } }));
    await expect(forgot).rejects.toMatchObject({ kind: 'forbidden' });
    expect(committed.map((e) => e.entityId)).toEqual(['1']);
  });

  it('lets only the shop itself make a system write, and names it «система»', async () => {
    const { write, committed } = unit();
    const work = async () => ({ value: null, after: { role: 'owner' } });
    await expect(write(as('owner'), 'staff.owner-link', { id: 'owner' }, work)).rejects.toMatchObject({
      kind: 'forbidden',
    });
    await write(system, 'staff.owner-link', { id: 'owner' }, work);
    expect(committed).toEqual([expect.objectContaining({ staffId: null, staffEmail: 'система' })]);
  });

  it('records nothing when the work changed nothing or threw', async () => {
    const { write, committed } = unit();
    await write(as('owner'), 'promo.stop', { id: 'ODIN' }, async () => ({ value: null, unchanged: true }));
    const failing = write(as('owner'), 'promo.stop', { id: 'ODIN' }, async () => {
      throw new DomainError('conflict', 'Нет.', 'NO');
    });
    await expect(failing).rejects.toMatchObject({ code: 'NO' });
    expect(committed).toEqual([]);
  });
});
