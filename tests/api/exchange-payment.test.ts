import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapStaff } from '../../server/staff-bootstrap';
import type { OfferFacts } from '../support/basket-offers';
import { type CheckoutKit, checkoutApp } from '../support/checkout';
import { onecClient } from '../support/onec-client';
import type { TestApp, Visitor } from '../support/test-app';

const credentials = { login: '1c-payment', password: 'Оплата-в-1С-2026' };

let app: TestApp;
let offers: OfferFacts[];
let k: CheckoutKit;
let next = 0;

beforeAll(async () => {
  ({ app, offers, k } = await checkoutApp(6));
  await bootstrapStaff({
    services: app.services,
    settings: { EXCHANGE_LOGIN: credentials.login, EXCHANGE_PASSWORD: credentials.password },
    log: { info() {}, warn() {} },
  });
});
afterAll(() => app.close());

/** A shopper's order of one unit, online or cash: its id and, online, the test gateway's page. */
async function order(paymentMethod: 'ONLINE' | 'CASH') {
  const offer = offers[next++] as OfferFacts;
  await k.stockOf(offer, 2, 2);
  const { v, phone } = await k.quickShopper(offer, 1);
  const res = await k.rpc(v, 'sale.order.save', { ...k.pickup(phone), paymentMethod });
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as { id: number; payment?: { confirmationUrl: string } };
  return { v, id: body.id, url: body.payment?.confirmationUrl ?? '' };
}

const press = (v: Visitor, url: string, action: 'pay' | 'decline') =>
  v.post(`${new URL(url).pathname}${action}/`, {}, {});

/** The documents of a sale query by order number, each as its requisites «name=value». */
async function query(): Promise<Map<number, string[]>> {
  const onec = onecClient(app, 'sale', credentials);
  expect((await onec.checkauth()).lines[0]).toBe('success');
  const xml = new TextDecoder('windows-1251').decode((await onec.send('query')).bytes);
  const docs = new Map<number, string[]>();
  for (const doc of xml.split('<Документ>').slice(1)) {
    const number = Number(/<Номер>(\d+)<\/Номер>/.exec(doc)?.[1]);
    const requisites = doc.slice(doc.lastIndexOf('<ЗначенияРеквизитов>'));
    docs.set(
      number - 100_000,
      [...requisites.matchAll(/<Наименование>([^<]*)<\/Наименование>\s*<Значение>([^<]*)<\/Значение>/g)].map(
        ([, name, value]) => `${name}=${value}`,
      ),
    );
  }
  return docs;
}

describe('the 1C sale exchange and online payment', () => {
  it('an online order waits for its payment before 1C sees it, then carries the method, the flag and the date', async () => {
    const { v, id, url } = await order('ONLINE');
    expect((await query()).has(id)).toBe(false);

    expect((await press(v, url, 'pay')).status).toBe(303);
    const [event] = await k.rows<{ at: Date | string }>(
      sql`select e.at from payment_events e join payments p on p.id = e.payment_id
        where p.order_id = ${id} and e.status = 'paid'`,
    );
    const paidAt = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Moscow',
      dateStyle: 'short',
      timeStyle: 'medium',
    })
      .format(new Date(event?.at as string))
      .replace(' ', 'T');
    expect((await query()).get(id)).toEqual(
      expect.arrayContaining([
        'Статус заказа=Оплачен',
        'Метод оплаты=Онлайн (ЮKassa)',
        'Заказ оплачен=true',
        `Дата оплаты по 1С=${paidAt}`,
        `Дата оплаты=${paidAt}`,
      ]),
    );
  });

  it('an online order never paid is never handed over, not even once cancelled', async () => {
    const { v, id, url } = await order('ONLINE');
    expect((await press(v, url, 'decline')).status).toBe(303);
    expect((await query()).has(id)).toBe(false);
    await app.services.payments.expire(new Date(Date.now() + 31 * 60_000));
    expect(await k.rows(sql`select status from orders where id = ${id}`)).toEqual([{ status: 'cancelled' }]);
    expect((await query()).has(id)).toBe(false);
  });

  it('a cash order goes over at once, paid on receipt and not paid yet', async () => {
    const { id } = await order('CASH');
    const requisites = (await query()).get(id);
    expect(requisites).toEqual(expect.arrayContaining(['Метод оплаты=Наличные при получении', 'Заказ оплачен=false']));
    expect(requisites?.some((r) => r.startsWith('Дата оплаты'))).toBe(false);
  });
});
