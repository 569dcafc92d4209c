import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff, loggedInStaff, type staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 43.3: a ready shop order leaves the shop only with its pickup code, or without it by a separate, audited action.
let app: TestApp;
let offers: OfferFacts[];
let k: Awaited<ReturnType<typeof checkoutKit>>;
let manager: Awaited<ReturnType<typeof staffBrowser>>;
let till: Awaited<ReturnType<typeof staffBrowser>>;

const path = (template: string, id: number) => template.replace(':id', String(id));
const errorsOf = async (res: Response) =>
  ((await res.json()) as { errors: { code: string; message: string }[] }).errors;

const loggedIn = (email: string) => loggedInStaff(app, email);

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000).slice(0, 4);
  k = await checkoutKit(app);
  await addStaff(app, { email: 'manager@vyuga.test', role: 'manager' });
  await addStaff(app, { email: 'till@vyuga.test', role: 'shop', shopId: k.stores.shop });
  manager = await loggedIn('manager@vyuga.test');
  till = await loggedIn('till@vyuga.test');
});
afterAll(() => app.close());

/** A shop pickup order moved to ready by the manager. */
async function readyOrder(offer: OfferFacts): Promise<number> {
  await k.stockOf(offer, 3, 3);
  const { v, phone } = await k.quickShopper(offer);
  const { id } = await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json();
  for (const to of ['confirmed', 'assembling', 'ready'])
    expect((await manager.call(path(STAFF_API.orderTransition, id), { to })).status).toBe(200);
  return id;
}

const statusOf = async (id: number) =>
  (await k.rows<{ status: string }>(sql`select status from orders where id = ${id}`))[0]?.status;

describe('a ready shop order', () => {
  it('is not completed by a plain move, through the API or the card, by any role', async () => {
    const id = await readyOrder(offers[0] as OfferFacts);
    for (const who of [manager, till]) {
      const res = await who.call(path(STAFF_API.orderTransition, id), { to: 'completed' });
      expect(res.status).toBe(409);
      expect((await errorsOf(res))[0]?.message).toMatch(/по коду получения/);
    }
    const page = await manager.form(`/admin/orders/${id}/`, { intent: 'move', to: 'completed' });
    expect(page.status).toBe(409);
    expect(await statusOf(id)).toBe('ready');
    const card = (await (await manager.get(path(STAFF_API.order, id))).json()).data.order;
    expect(card.allowedTransitions).not.toContain('completed');
    expect(card.canHandoverWithoutCode).toBe(true);
  });

  it('is handed over without the code only with a reason, by a role allowed to, and the log keeps the reason', async () => {
    const id = await readyOrder(offers[1] as OfferFacts);
    const url = path(STAFF_API.orderHandoverWithoutCode, id);
    expect((await till.call(url, { reason: 'Покупатель потерял СМС' })).status).toBe(403);
    expect((await manager.call(url, { reason: '   ' })).status).toBe(400);
    expect(await statusOf(id)).toBe('ready');
    const handed = await manager.call(url, { reason: 'Покупатель потерял СМС, паспорт сверен' });
    expect(handed.status).toBe(200);
    expect((await handed.json()).data.order.status).toBe('completed');
    const [entry] = await k.rows<{ action: string; staff_email: string; changes: unknown }>(
      sql`select action, staff_email, changes from audit_log where entity = 'order' and entity_id = ${String(id)}
        order by id desc limit 1`,
    );
    expect(entry).toMatchObject({ action: 'order.handover-without-code', staff_email: 'manager@vyuga.test' });
    expect(JSON.stringify(entry?.changes)).toContain('паспорт сверен');
  });

  it('is handed over without the code from the order card’s form, confirmed', async () => {
    const id = await readyOrder(offers[2] as OfferFacts);
    const html = await (await manager.get(`/admin/orders/${id}/`)).text();
    expect(html).toContain('Выдать без кода');
    const form = (fields: Record<string, string>) =>
      manager.form(`/admin/orders/${id}/`, { intent: 'handover-without-code', ...fields });
    expect((await form({ reason: 'Нет кода' })).status).toBe(400);
    expect(await statusOf(id)).toBe('ready');
    expect((await form({ reason: 'Нет кода, паспорт сверен', confirm: 'yes' })).status).toBe(200);
    expect(await statusOf(id)).toBe('completed');
  });
});
