import { describe, expect, it } from 'vitest';
import { accessOf, can, roleMay, shopScope } from './permissions';
import type { StaffMember } from './staff-member';

const member = (role: StaffMember['role'], shopId: number | null = null): StaffMember => ({
  staffId: 1,
  email: 'x@shop.test',
  role,
  shopId,
});

describe('grants and their reach', () => {
  it('lets a shop member act on their own shop’s things only, never on a thing of no shop', () => {
    const shop = member('shop', 7);
    expect(accessOf('shop', 'orders.move')).toBe('own');
    expect(can(shop, 'orders.move', 7)).toBe(true);
    expect(can(shop, 'orders.move', 8)).toBe(false);
    expect(can(shop, 'orders.move', null)).toBe(false);
    expect(roleMay(shop, 'orders.move')).toBe(true);
    expect(shopScope(shop, 'orders.read')).toBe(7);
  });

  it('gives other roles their actions whatever the shop, and nothing else', () => {
    expect(can(member('manager'), 'orders.move', null)).toBe(true);
    expect(can(member('manager'), 'orders.move', 8)).toBe(true);
    expect(shopScope(member('manager'), 'orders.read')).toBeUndefined();
    expect(can(member('content'), 'orders.read', null)).toBe(false);
    expect(roleMay(member('content'), 'refund' as never)).toBe(false);
  });

  it('lets every role manage its own account', () => {
    for (const role of ['owner', 'manager', 'shop', 'content', 'merchandiser', 'exchange'] as const)
      expect(accessOf(role, 'account.manage')).toBe('any');
  });
});

describe('the owner', () => {
  it('holds every action there is, in any shop', async () => {
    const { STAFF_ACTIONS } = await import('./permissions');
    for (const action of STAFF_ACTIONS) expect(accessOf('owner', action)).toBe('any');
  });
});
