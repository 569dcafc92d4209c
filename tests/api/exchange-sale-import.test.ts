import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { STAFF_API } from '../../contract/staff-api';
import { courierIntervals } from '../../domain/delivery/schedule';
import { bootstrapStaff } from '../../server/staff-bootstrap';
import type { OfferFacts } from '../support/basket-offers';
import { type CheckoutKit, checkoutApp } from '../support/checkout';
import { type OnecAnswer, onecClient } from '../support/onec-client';
import { type OnecOrder, onecOrdersXml } from '../support/onec-orders';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import type { TestApp } from '../support/test-app';

const credentials = { login: '1c-exchange', password: 'Обмен-с-сайтом-2026' };

let app: TestApp;
let offers: OfferFacts[];
let k: CheckoutKit;
let manager: Awaited<ReturnType<typeof staffBrowser>>;

beforeAll(async () => {
  ({ app, offers, k } = await checkoutApp(4));
  await bootstrapStaff({
    services: app.services,
    settings: { EXCHANGE_LOGIN: credentials.login, EXCHANGE_PASSWORD: credentials.password },
    log: { info() {}, warn() {} },
  });
  await addStaff(app, { email: 'manager@vyuga.test', role: 'manager' });
  manager = await staffBrowser(app);
  expect((await manager.login({ email: 'manager@vyuga.test', password: STAFF_PASSWORD })).status).toBe(200);
});
afterAll(() => app.close());

const number = (id: number) => String(100_000 + id);

/** 1C's `query` and `success`: it takes every order waiting for it, and answers the numbers it took. */
async function handToOnec(): Promise<void> {
  const onec = onecClient(app, 'sale', credentials);
  expect((await onec.checkauth()).lines[0]).toBe('success');
  await onec.send('init', { version: '3.1' });
  await onec.send('query');
  expect((await onec.send('success')).lines[0]).toBe('success');
}

/** A shopper's order to the seed's shop, of one unit of the offer, handed to 1C unless `kept`. */
async function shopOrder(offer: OfferFacts, kept = false) {
  await k.stockOf(offer, 5, 5);
  const { v, phone } = await k.quickShopper(offer, 1);
  const res = await k.rpc(v, 'sale.order.save', k.pickup(phone));
  expect(res.status, await res.clone().text()).toBe(200);
  if (!kept) await handToOnec();
  return { id: ((await res.json()) as { id: number }).id, phone };
}

/** A member's courier order (delivered, so 1C may ship it), with an email for the letters, handed to 1C unless `kept`. */
async function courierOrder(offer: OfferFacts, kept = false) {
  await k.stockOf(offer, 5);
  const { me, phone } = await k.member(offer);
  const added = await me.post(API.addressAdd, { type: 'COURIER', city: 'Москва', street: 'Тверская', house: '7' });
  const addressId = (await added.json()).data.items[0].id;
  const list = courierIntervals(new Date(), 'Europe/Moscow', { sameDayStock: true });
  const date = Object.keys(list)[1] as string;
  const res = await k.rpc(me, 'sale.order.save', {
    ...k.pickup(phone),
    deliveryType: 'COURIER',
    deliveryAddressId: addressId,
    deliveryIntervalDate: date,
    deliveryIntervalTime: (list[date] as string[])[0] as string,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  if (!kept) await handToOnec();
  return { id: ((await res.json()) as { id: number }).id, phone };
}

/** 1C's sale session of the new flow: its orders file uploaded in chunks, then imported; the import's answer. */
async function fromOnec(orders: OnecOrder[], options: Parameters<typeof onecOrdersXml>[1] = {}) {
  return send(onecOrdersXml(orders, options));
}

async function send(bytes: Buffer, filename = 'orders-2026-11-26.xml'): Promise<{ status: string; text: string }> {
  const onec = onecClient(app, 'sale', credentials);
  expect((await onec.checkauth()).lines[0]).toBe('success');
  await onec.send('init', { version: '3.1' });
  for (const answer of await onec.upload(filename, bytes)) expect(answer.lines[0]).toBe('success');
  const [answer] = (await onec.importFile(filename)) as [OnecAnswer];
  expect(answer.status).toBe(200);
  expect(answer.type).toBe('text/plain; charset=utf-8');
  return { status: answer.lines[0] as string, text: answer.lines.slice(1).join('\n') };
}

const card = async (id: number) =>
  (await (await manager.get(STAFF_API.order.replace(':id', String(id)))).json()).data.order as {
    status: string;
    trackingNumber: string | null;
    history: { from: string | null; to: string; actorName: string; reason: string | null }[];
    notes: { text: string }[];
  };

const statusOf = async (id: number) =>
  (await k.rows<{ status: string }>(sql`select status from orders where id = ${id}`))[0]?.status;

const stockTotal = async (offer: OfferFacts) =>
  Number(
    (
      await k.rows<{ n: number }>(sql`select coalesce(sum(quantity), 0) as n from stock where offer_id = ${offer.id}`)
    )[0]?.n,
  );

const queued = (id: number, kind: string) =>
  k.rows<{ channel: string }>(
    sql`select o.channel from outbox o, orders r where r.id = ${id} and o.kind = ${kind}
      and o.recipient in (r.phone, r.email) order by o.channel`,
  );

const saleLog = () =>
  k.rows<{ file_name: string; counts: { orders: { changed: number } }; errors: { id: string; message: string }[] }>(
    sql`select file_name, counts, errors from exchange_log where type = 'sale' order by id`,
  );

describe('orders from 1C (type=sale, mode=file + import)', () => {
  it('confirms a shopper’s order as «1С»; an order the shop does not know is refused, the rest applied', async () => {
    const { id } = await shopOrder(offers[0] as OfferFacts);
    const answer = await fromOnec([
      { number: 'ЦБ-000777', posted: true },
      { number: number(id), posted: true, status: 'Подтверждён' },
    ]);
    expect(answer.status).toBe('success');
    expect(answer.text).toContain('заказов изменено 1, без изменений 0, отказов 1.');
    expect(answer.text).toContain('Заказ ЦБ-000777: Заказ не найден в магазине.');
    const order = await card(id);
    expect(order.status).toBe('confirmed');
    expect(order.history.at(-1)).toMatchObject({
      from: 'new',
      to: 'confirmed',
      actorName: '1С',
      reason: 'Статус в 1С: «Подтверждён»',
    });
    const [log] = (await saleLog()).slice(-1);
    expect(log).toMatchObject({
      file_name: 'orders-2026-11-26.xml',
      counts: { orders: { changed: 1 } },
      errors: [{ id: 'ЦБ-000777', message: 'Заказ не найден в магазине.' }],
    });
  });

  it('ships a courier order the allowed way with its tracking number, the shopper told once; the same file again changes nothing', async () => {
    const { id } = await courierOrder(offers[1] as OfferFacts);
    const file = onecOrdersXml([
      {
        number: number(id),
        posted: true,
        shippedOn: '2026-11-26T09:30:00',
        tracking: 'CDEK-555',
        paidOn: '2026-11-25',
      },
    ]);
    const first = await send(file);
    expect(first).toMatchObject({ status: 'success' });
    expect(first.text).toContain('заказов изменено 1');
    const order = await card(id);
    expect(order).toMatchObject({ status: 'shipped', trackingNumber: 'CDEK-555' });
    expect(order.history.slice(-3).map((h) => [h.to, h.actorName])).toEqual([
      ['confirmed', '1С'],
      ['assembling', '1С'],
      ['shipped', '1С'],
    ]);
    expect(order.history.at(-1)?.reason).toBe('Отгружен в 1С 26.11.2026, трек-номер CDEK-555');
    expect(order.notes.map((n) => n.text)).toEqual(['Оплачен в 1С 25.11.2026']);
    expect(await queued(id, 'order-shipped')).toEqual([{ channel: 'email' }, { channel: 'sms' }]);
    await app.outbox.deliver();
    const [sms] = await k.rows<{ text_body: string }>(
      sql`select text_body from outbox where kind = 'order-shipped' and recipient = (select phone from orders where id = ${id})`,
    );
    expect(sms?.text_body).toContain('Трек-номер: CDEK-555');

    const again = await send(file);
    expect(again.text).toContain('заказов изменено 0, без изменений 1, отказов 0.');
    const same = await card(id);
    expect(same.history).toEqual(order.history);
    expect(same.notes).toEqual(order.notes);
    expect(await queued(id, 'order-shipped')).toHaveLength(2);
    // One staff write of the exchange's account per order: from where it was to where 1C says it is.
    const audit = await k.rows<{ action: string; staff_email: string; changes: Record<string, unknown> }>(
      sql`select action, staff_email, changes from audit_log where entity = 'order' and entity_id = ${String(id)}`,
    );
    expect(audit).toEqual([expect.objectContaining({ action: 'exchange.order', staff_email: credentials.login })]);
    const changes = typeof audit[0]?.changes === 'string' ? JSON.parse(audit[0].changes) : audit[0]?.changes;
    expect(changes).toMatchObject({
      status: { before: 'new', after: 'shipped' },
      path: { before: null, after: ['confirmed', 'assembling', 'shipped'] },
    });
  });

  it('a shipment without a tracking number is refused, as at the desk', async () => {
    const { id } = await courierOrder(offers[1] as OfferFacts);
    const answer = await fromOnec([{ number: number(id), status: 'Передан в доставку' }]);
    expect(answer.text).toContain(`Заказ ${number(id)}: В файле 1С нет трек-номера`);
    expect(await statusOf(id)).toBe('new');
  });

  it('cancels with 1C’s reason and gives the stock back; a later «confirmed» for it is refused, the order left as it is', async () => {
    const offer = offers[2] as OfferFacts;
    const { id } = await shopOrder(offer);
    const before = await stockTotal(offer);
    const answer = await fromOnec([{ number: number(id), cancelled: true, cancelReason: 'Нет в наличии' }], {
      encoding: 'utf-8',
      bom: true,
    });
    expect(answer.text).toContain('заказов изменено 1');
    expect(await stockTotal(offer)).toBe(before + 1);
    const order = await card(id);
    expect(order.history.at(-1)).toMatchObject({
      to: 'cancelled',
      actorName: '1С',
      reason: 'Отменён в 1С: Нет в наличии',
    });
    expect(await queued(id, 'order-cancelled')).toEqual([{ channel: 'sms' }]);

    const refused = await fromOnec([{ number: number(id), posted: true }]);
    expect(refused.status).toBe('success');
    const reason = 'Заказ нельзя перевести из состояния «Отменён» в «Подтверждён».';
    expect(refused.text).toContain(`отказов 1.\nЗаказ ${number(id)}: ${reason}`);
    expect((await saleLog()).at(-1)?.errors).toEqual([{ id: number(id), message: reason }]);
    expect(await card(id)).toEqual(order);
    expect(await stockTotal(offer)).toBe(before + 1);
  });

  it('a completed order 1C says is cancelled is refused: no stock back, still completed', async () => {
    const offer = offers[3] as OfferFacts;
    const { id } = await courierOrder(offer);
    await fromOnec([{ number: number(id), shippedOn: '2026-11-26', tracking: 'PR-1' }]);
    const done = await fromOnec([{ number: number(id), status: '[F] Выполнен' }]);
    expect(done.text).toContain('заказов изменено 1');
    expect(await statusOf(id)).toBe('completed');
    const stock = await stockTotal(offer);
    const order = await card(id);

    const answer = await fromOnec([{ number: number(id), cancelled: true }]);
    expect(answer.text).toContain(`Заказ ${number(id)}: Заказ нельзя перевести из состояния «Получен» в «Отменён».`);
    expect(await card(id)).toEqual(order);
    expect(await stockTotal(offer)).toBe(stock);
  });

  it('a malformed file is refused with its reason and changes nothing, not even its well-formed first orders', async () => {
    const { id } = await shopOrder(offers[0] as OfferFacts);
    const logged = (await saleLog()).length;
    const good = onecOrdersXml([{ number: number(id), posted: true }], { encoding: 'utf-8' }).toString('utf8');
    // The fault comes after the file's first read chunks: the good order is read well before it.
    const padding = `<!--${' '.repeat(256 * 1024)}-->`;
    const broken = good.replace(
      '</КоммерческаяИнформация>',
      `${padding}<Документ><Номер>1</Номер></КоммерческаяИнформация>`,
    );
    const answer = await send(Buffer.from(broken), 'orders-broken.xml');
    expect(answer.status).toBe('failure');
    expect(answer.text).toMatch(/^Файл заказов CommerceML не прочитан: ошибка XML: .*\(строка \d+, столбец \d+\)$/);
    expect(await statusOf(id)).toBe('new');
    expect(await saleLog()).toHaveLength(logged);
  });
});

describe('orders 1C never received, and orders paid online (issue 43.7)', () => {
  it('refuses to move an order 1C never received, whatever its file says, and leaves it as it is', async () => {
    const { id } = await courierOrder(offers[1] as OfferFacts, true);
    const answer = await fromOnec([
      {
        number: number(id),
        posted: true,
        shippedOn: '2026-11-26',
        tracking: 'PR-9',
        final: true,
        paidOn: '2026-11-25',
      },
    ]);
    expect(answer.text).toContain(
      `Заказ ${number(id)}: Заказ не передавался в 1С: его состояние меняют на столе заказов.`,
    );
    const order = await card(id);
    expect(order.status).toBe('new');
    expect(order.notes).toEqual([]);
  });

  it('never cancels a paid online order: it stays paid, no money goes back, and its note asks the desk for the refund', async () => {
    const offer = offers[2] as OfferFacts;
    await k.stockOf(offer, 5, 5);
    const { v, phone } = await k.quickShopper(offer, 1);
    const saved = await k.rpc(v, 'sale.order.save', { ...k.pickup(phone), paymentMethod: 'ONLINE' });
    const { id, payment } = (await saved.json()) as { id: number; payment: { confirmationUrl: string } };
    expect((await v.post(`${new URL(payment.confirmationUrl).pathname}pay/`, {})).status).toBe(303);
    expect(await statusOf(id)).toBe('paid');
    await handToOnec();
    const stock = await stockTotal(offer);

    const answer = await fromOnec([{ number: number(id), cancelled: true, cancelReason: 'Нет в наличии' }]);
    const asked =
      '1С отменила заказ (Нет в наличии), но он оплачен онлайн: оформите возврат денег с причиной на столе заказов, затем отмените заказ.';
    expect(answer.text).toContain(`Заказ ${number(id)}: ${asked}`);
    const order = await card(id);
    expect(order.status).toBe('paid');
    expect(order.notes.map((n) => n.text)).toEqual([asked]);
    expect(await k.rows(sql`select id from refunds where order_id = ${id}`)).toEqual([]);
    expect(await stockTotal(offer)).toBe(stock);
  });
});
