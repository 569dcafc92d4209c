import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * CDEK's notification address as an attacker reaches it (issue 42.8): it is public and unsigned, so nothing it says is
 * believed — the shop reads the order back from CDEK (here a local fake of its API) and only that moves the order.
 */
const NOTIFY = '/api/v2/delivery/cdek/notify/';
const UUID = '72753031-5b7e-4b5e-9c1a-000000000042';

let app: TestApp;
let fake: Server;
/** What the fake CDEK says of the order now, and which orders the shop read back. */
let statuses: { code: string; date_time: string; city: string }[] = [];
const readBack: string[] = [];

beforeAll(async () => {
  fake = createServer((req, res) => {
    const url = req.url ?? '';
    res.setHeader('content-type', 'application/json');
    if (url.endsWith('/oauth/token')) return res.end(JSON.stringify({ access_token: 'token', expires_in: 3600 }));
    const order = /\/orders\/([\w-]+)$/.exec(url)?.[1];
    if (req.method === 'GET' && order) {
      readBack.push(order);
      if (order !== UUID) {
        res.statusCode = 404;
        return res.end(JSON.stringify({ requests: [{ errors: [{ code: 'v2_entity_not_found' }] }] }));
      }
      return res.end(JSON.stringify({ entity: { uuid: UUID, cdek_number: '1106000042', statuses } }));
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((ok) => fake.listen(0, '127.0.0.1', ok));
  const port = (fake.address() as AddressInfo).port;
  app = await createTestApp({
    DELIVERY_PROVIDER: 'cdek',
    CDEK_CLIENT_ID: 'test-client-id',
    CDEK_CLIENT_SECRET: 'test-client-secret',
    CDEK_API_URL: `http://127.0.0.1:${port}/v2`,
  });
  ignorePoolErrorsOnClose(app.database.db);
});
afterAll(async () => {
  await app.close();
  await new Promise((ok) => fake.close(ok));
});

const post = (body: string, type = 'application/json') =>
  app.fetch(NOTIFY, { method: 'POST', headers: { 'content-type': type }, body });

const note = (uuid: string) => JSON.stringify({ type: 'ORDER_STATUS', uuid, attributes: { code: 'DELIVERED' } });

async function until(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return;
    await new Promise((ok) => setTimeout(ok, 20));
  }
  throw new Error('never happened');
}

/** A shop order made «shipped» with a CDEK shipment registered under UUID (the desk's registration is tested apart). */
async function shippedCdekOrder() {
  const k = await checkoutKit(app);
  // A shop pickup asks no carrier: its goods come from the movement store.
  const offer = (await offerFacts(app.database.db)).find((o) => !o.restricted) as OfferFacts;
  await k.stockOf(offer, 3, 3);
  const { v, phone } = await k.quickShopper(offer);
  const body = await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json();
  const id = Number(body.id);
  if (!(id > 0)) throw new Error(`the order was not saved: ${JSON.stringify(body)}`);
  await app.database.db.execute(sql`update orders set status = 'shipped' where id = ${id}`);
  await app.database.db.execute(
    sql`insert into shipments (order_id, carrier, carrier_id, number, status, claimed_at)
      values (${id}, 'cdek', ${UUID}, '1106000042', 'registered', now())`,
  );
  const state = async () =>
    (
      await k.rows<{ status: string; events: number }>(
        sql`select o.status, (select count(*)::int from shipment_events e join shipments s on s.id = e.shipment_id
          where s.order_id = o.id) as events from orders o where o.id = ${id}`,
      )
    )[0];
  return { id, state };
}

describe('POST /api/v2/delivery/cdek/notify/', () => {
  it('believes nothing a notification says: a forged «delivered» read back as not delivered changes nothing', async () => {
    const { state } = await shippedCdekOrder();
    statuses = [{ code: 'CREATED', date_time: '2026-12-01T10:00:00+0000', city: 'Москва' }];

    const forged = await Promise.all(Array.from({ length: 5 }, () => post(note(UUID))));
    expect(forged.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await until(() => readBack.filter((u) => u === UUID).length >= 5);
    await new Promise((ok) => setTimeout(ok, 100));
    expect(await state()).toEqual({ status: 'shipped', events: 0 });

    // Oversize, not JSON, not a notification, another uuid: refused or acknowledged, never a 500, nothing moves.
    expect((await post(`{"type":"ORDER_STATUS","pad":"${'x'.repeat(70_000)}"}`)).status).toBe(413);
    expect((await post('{"type":')).status).toBe(400);
    expect((await post('null')).status).toBe(200);
    expect((await post(JSON.stringify({ type: 'ORDER_STATUS', uuid: { $ne: 1 } }))).status).toBe(200);
    expect((await post(JSON.stringify({ type: 'ORDER_STATUS', uuid: 'x'.repeat(10_000) }))).status).toBe(200);
    const other = '72753031-5b7e-4b5e-9c1a-00000000dead';
    expect((await post(note(other))).status).toBe(200);
    await new Promise((ok) => setTimeout(ok, 100));
    // A uuid of no shipment of the shop is not even asked about.
    expect(readBack).not.toContain(other);
    expect(await state()).toEqual({ status: 'shipped', events: 0 });

    // What CDEK itself says moves the order, once, however often it is told.
    statuses = [
      ...statuses,
      { code: 'RECEIVED_AT_SHIPMENT_WAREHOUSE', date_time: '2026-12-01T12:00:00+0000', city: 'Москва' },
      { code: 'DELIVERED', date_time: '2026-12-02T09:00:00+0000', city: 'Томск' },
    ];
    await Promise.all(Array.from({ length: 20 }, () => post(note(UUID))));
    await until(async () => (await state())?.status === 'completed');
    await new Promise((ok) => setTimeout(ok, 100));
    expect((await state())?.events).toBe(2);
  });
});
