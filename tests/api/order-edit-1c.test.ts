import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { bootstrapStaff } from '../../server/staff-bootstrap';
import type { OfferFacts } from '../support/basket-offers';
import { type CheckoutKit, checkoutApp } from '../support/checkout';
import { onecClient } from '../support/onec-client';
import { addStaff, loggedInStaff } from '../support/staff';
import type { TestApp } from '../support/test-app';

// Issue 47.6: an order staff change after 1C took it goes to 1C again, with its new lines, once.
const credentials = { login: '1c-edits', password: 'Правки-в-1С-2026' };

let app: TestApp;
let offers: OfferFacts[];
let k: CheckoutKit;

beforeAll(async () => {
  ({ app, offers, k } = await checkoutApp(2));
  await bootstrapStaff({
    services: app.services,
    settings: { EXCHANGE_LOGIN: credentials.login, EXCHANGE_PASSWORD: credentials.password },
    log: { info() {}, warn() {} },
  });
  await addStaff(app, { email: 'edit-1c.manager@vyuga.test', role: 'manager' });
});
afterAll(() => app.close());

/** One sale exchange as 1C runs it (query, then success): the quantity of each order's line, by order id. */
async function exchange(): Promise<Map<number, string[]>> {
  const onec = onecClient(app, 'sale', credentials);
  expect((await onec.checkauth()).lines[0]).toBe('success');
  const xml = new TextDecoder('windows-1251').decode((await onec.send('query')).bytes);
  expect((await onec.send('success')).lines[0]).toBe('success');
  const orders = new Map<number, string[]>();
  for (const doc of xml.split('<Документ>').slice(1)) {
    const id = Number(/<Номер>(\d+)<\/Номер>/.exec(doc)?.[1]) - 100_000;
    orders.set(
      id,
      [...doc.matchAll(/<Количество>([\d.]+)<\/Количество>/g)].map(([, n]) => n as string),
    );
  }
  return orders;
}

it('1C takes a changed order again with its new quantity, and only once', async () => {
  const offer = offers[0] as OfferFacts;
  await k.stockOf(offer, 3, 3);
  const { v, phone } = await k.quickShopper(offer, 1);
  const placed = await k.rpc(v, 'sale.order.save', k.pickup(phone));
  const { id } = (await placed.json()) as { id: number };
  expect((await exchange()).get(id)).toEqual(['1']);
  expect((await exchange()).has(id)).toBe(false);

  const manager = await loggedInStaff(app, 'edit-1c.manager@vyuga.test');
  const card = await (await manager.get(STAFF_API.order.replace(':id', String(id)))).json();
  const lineId = card.data.order.lines[0].id as number;
  const res = await manager.call(STAFF_API.orderChanges.replace(':id', String(id)), {
    action: 'quantity',
    lineId,
    quantity: 2,
  });
  expect(res.status, await res.clone().text()).toBe(200);

  expect((await exchange()).get(id)).toEqual(['2']);
  expect((await exchange()).has(id)).toBe(false);
});
