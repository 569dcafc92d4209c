import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, RPC_PATH } from '../../contract/api';
import { STAFF_API } from '../../contract/staff-api';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { listOutbox, readOutbox } from '../support/outbox';
import { addStaff, loggedInStaff } from '../support/staff';
import { createTestApp, newVisitor, SHOP_ORIGIN, type TestApp, type Visitor } from '../support/test-app';

/** «Сообщить о поступлении» (issue 44.1): the subscribe call, the opt-in, the arrival's one message, the limits. */

type Kit = Awaited<ReturnType<typeof checkoutKit>>;
const json = async (res: Response) =>
  // biome-ignore lint/suspicious/noExplicitAny: the answers of several calls, read field by field
  (await res.json()) as { status: string; data: any; errors?: { code: string; message: string }[] };

/** What a test shop with its offers and a merchandiser needs. */
async function shopWith(env: Record<string, string> = {}) {
  const app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100', PHONE_CODES_PER_CLIENT: '10000', ...env });
  ignorePoolErrorsOnClose(app.database.db);
  const k = await checkoutKit(app);
  const offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted).slice(0, 60);
  const email = `alerts-merch-${Math.random().toString(36).slice(2)}@vyuga.test`;
  await addStaff(app, { email, role: 'merchandiser' });
  const merch = await loggedInStaff(app, email);
  let next = 0;
  /** A fresh offer sold out everywhere (no units online, in movement stores or shops). */
  const soldOut = async () => {
    const offer = offers[next++] as OfferFacts;
    await k.stockOf(offer, 0, 0);
    return offer;
  };
  /** A stock document (receipt) bringing `quantity` units to the online warehouse, as staff post it. */
  const receipt = async (offer: OfferFacts, quantity = 3) => {
    const res = await merch.call(STAFF_API.stockDocuments, {
      kind: 'receipt',
      storeId: k.stores.online,
      reason: 'Поставка',
      lines: [{ offerId: offer.id, quantity }],
    });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  };
  const alert = async (id: number) =>
    (
      await k.rows<{ state: string; sent_at: string | null }>(
        sql`select state, sent_at from stock_alerts where id = ${id}`,
      )
    )[0];
  return { app, k, merch, soldOut, receipt, alert };
}

const subscribe = (v: Visitor, fields: Record<string, string | number>) => v.post(API.stockSubscribe, fields);
/** The path and query of the shop's link in a letter's text that starts with `path`. */
const linkIn = (text: string | undefined, path: string) =>
  text?.match(new RegExp(`http://shop\\.test(${path.replace(/\?/g, '\\?')}\\S*)`))?.[1] as string;
const sentTo = async (app: TestApp, to: string, kind: string) =>
  (await listOutbox(app)).filter((f) => f.to === to && f.kind === kind);

describe('«Сообщить о поступлении»', () => {
  let s: Awaited<ReturnType<typeof shopWith>>;
  beforeAll(async () => {
    s = await shopWith();
  });
  afterAll(() => s.app.close());

  it('subscribes by email (pending until the letter is opened), then a stock document sends one letter with its link', async () => {
    const { app, k, soldOut, receipt, alert } = s;
    const offer = await soldOut();
    const v = await newVisitor(app);
    const res = await subscribe(v, { offerId: offer.id, email: 'Wait.Me@Example.ru' });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.status).toBe('ok');
    const { subscription } = body.data;
    expect(subscription).toEqual({ id: expect.any(Number), offerId: offer.id, channel: 'email', state: 'pending' });

    // The same address and offer again: the same subscription, no second letter.
    const again = await json(
      await subscribe(await newVisitor(app), { offerId: offer.id, email: 'wait.me@example.ru' }),
    );
    expect(again.data.subscription).toEqual(subscription);
    await app.outbox.deliver();
    expect(await sentTo(app, 'wait.me@example.ru', 'stock-alert-confirm')).toHaveLength(1);

    // Not confirmed yet: the size coming back tells nobody.
    await receipt(offer, 1);
    await app.services.stockAlerts.sweep();
    expect((await alert(subscription.id))?.state).toBe('pending');
    await k.stockOf(offer, 0, 0);

    const letter = await readOutbox(app, { to: 'wait.me@example.ru', channel: 'email' });
    expect(letter?.kind).toBe('stock-alert-confirm');
    const confirm = linkIn(letter?.text, '/stock-alert/?do=confirm');
    expect(await (await app.fetch(confirm)).text()).toContain('Подписка подтверждена');
    expect((await alert(subscription.id))?.state).toBe('active');
    // The visitor's own list shows it (loaded after the page).
    const mine = await json(await v.get(`${API.stockSubscriptions}?productId=${(await productOf(k, offer.id)).id}`));
    expect(mine.data.items).toEqual([
      expect.objectContaining({ id: subscription.id, state: 'active', available: false }),
    ]);

    // Staff post a stock document: the sweep after its commit sends one letter.
    await receipt(offer, 3);
    await vi.waitFor(async () => expect((await alert(subscription.id))?.state).toBe('sent'), { timeout: 5000 });
    await app.outbox.deliver();
    const arrived = await readOutbox(app, { to: 'wait.me@example.ru', channel: 'email' });
    expect(arrived?.kind).toBe('stock-alert');
    const product = await productOf(k, offer.id);
    expect(arrived?.text).toContain(product.name);
    expect(arrived?.text).toContain(`размер ${product.size_name}`);
    expect(arrived?.text).toMatch(/руб\./);
    expect(arrived?.text).toContain(
      `http://shop.test/product/${product.code}/?offer=${offer.id}&utm_source=stock_alert`,
    );
    expect(linkIn(arrived?.text, '/stock-alert/?do=stop')).toBeTruthy();
    // The link opens the product page.
    const page = await app.fetch(`/product/${product.code}/?offer=${offer.id}&utm_source=stock_alert`);
    expect(page.status).toBe(200);

    // More arrivals, more sweeps: still one letter.
    await receipt(offer, 2);
    await app.services.stockAlerts.sweep();
    await app.outbox.deliver();
    expect(await sentTo(app, 'wait.me@example.ru', 'stock-alert')).toHaveLength(1);
    // The unsubscribe link of a message already sent closes nothing more and says so calmly.
    expect((await app.fetch(linkIn(arrived?.text, '/stock-alert/?do=stop'))).status).toBe(200);
  });

  it('a shopper with a confirmed phone gets one SMS, active at once; the cabinet lists it as come back', async () => {
    const { app, k, soldOut, receipt, alert } = s;
    const offer = await soldOut();
    const { me, phone } = await k.member(offer);
    const body = await json(await subscribe(me, { offerId: offer.id }));
    expect(body.data.subscription).toMatchObject({ channel: 'sms', state: 'active' });
    await receipt(offer, 2);
    await vi.waitFor(async () => expect((await alert(body.data.subscription.id))?.state).toBe('sent'), {
      timeout: 5000,
    });
    await app.outbox.deliver();
    const sms = await readOutbox(app, { to: phone, channel: 'sms' });
    expect(sms?.kind).toBe('stock-alert');
    expect(sms?.text).toContain(`?offer=${offer.id}&utm_source=stock_alert`);
    const cabinet = await (await me.get('/lk/subscriptions/')).text();
    expect(cabinet).toContain('Ожидаю поступления');
    expect(cabinet).toContain('Пришёл');
  });

  it('tells nothing to a subscriber who bought the size since, or who removed the subscription', async () => {
    const { app, k, soldOut, receipt, alert } = s;
    const bought = await soldOut();
    const { me, phone } = await k.member(bought);
    const sub = (await json(await subscribe(me, { offerId: bought.id }))).data.subscription;
    // Units came some other way (no sweep), and the subscriber ordered them.
    await k.stockOf(bought, 3, 1);
    expect((await me.post(API.basketAdd, { offerId: bought.id })).status).toBe(200);
    const saved = await me.post(RPC_PATH, { method: 'sale.order.save', ...k.pickup(phone) });
    expect(saved.status, await saved.clone().text()).toBe(200);
    await receipt(bought, 5);
    await vi.waitFor(async () => expect((await alert(sub.id))?.state).toBe('cancelled'), { timeout: 5000 });

    const removed = await soldOut();
    const v = await newVisitor(app);
    const mine = (await json(await subscribe(v, { offerId: removed.id, email: 'changed.mind@example.ru' }))).data
      .subscription;
    await app.outbox.deliver();
    const confirm = linkIn(
      (await readOutbox(app, { to: 'changed.mind@example.ru', channel: 'email' }))?.text,
      '/stock-alert/?do=confirm',
    );
    await app.fetch(confirm);
    // Another visitor cannot remove it; its owner can.
    const other = await newVisitor(app);
    const refused = await other.post(API.stockUnsubscribe, { id: mine.id });
    expect(refused.status).toBe(404);
    expect((await json(refused)).errors?.[0]?.message).toBe('Подписка не найдена.');
    const gone = await v.post(API.stockUnsubscribe, { id: mine.id });
    expect(gone.status).toBe(200);
    expect((await json(gone)).data.items).toEqual([expect.objectContaining({ id: mine.id, state: 'cancelled' })]);
    await receipt(removed, 5);
    await app.services.stockAlerts.sweep();
    await app.outbox.deliver();
    expect(await sentTo(app, 'changed.mind@example.ru', 'stock-alert')).toEqual([]);
    expect((await sentTo(app, phone, 'stock-alert')).length).toBe(0);
    expect((await alert(mine.id))?.state).toBe('cancelled');
  });

  it('a stranger naming another’s address takes nothing: not the subscription, not its state; the cabinet form takes any id', async () => {
    const { app, k, soldOut } = s;
    const offer = await soldOut();
    const victim = await newVisitor(app);
    const theirs = (await json(await subscribe(victim, { offerId: offer.id, email: 'victim@example.ru' }))).data
      .subscription;
    await app.outbox.deliver();
    await app.fetch(
      linkIn((await readOutbox(app, { to: 'victim@example.ru', channel: 'email' }))?.text, '/stock-alert/?do=confirm'),
    );
    const { me } = await k.member(offer);
    const stranger = (await json(await subscribe(me, { offerId: offer.id, email: 'victim@example.ru' }))).data
      .subscription;
    expect(stranger.state).toBe('pending');
    const listed = await json(await me.get(`${API.stockSubscriptions}?productId=${(await productOf(k, offer.id)).id}`));
    expect(listed.data.items.map((i: { id: number }) => i.id)).not.toContain(theirs.id);
    expect((await me.post(API.stockUnsubscribe, { id: theirs.id })).status).toBe(404);
    const [row] = await k.rows<{ user_id: number | null; state: string }>(
      sql`select user_id, state from stock_alerts where id = ${theirs.id}`,
    );
    expect(row).toEqual({ user_id: null, state: 'active' });

    // The cabinet's «Удалить» form with an id that is no row's: a message, not a failure.
    for (const id of ['abc', '', '1e10', '99999999999', String(theirs.id)]) {
      const res = await app.fetch('/lk/subscriptions/', {
        method: 'POST',
        headers: { cookie: me.cookie, origin: SHOP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id }).toString(),
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Подписка не найдена.');
    }
  });

  it('refuses bad input in Russian with a 4xx, and another visitor’s sessid with 403', async () => {
    const { app, k, soldOut } = s;
    const offer = await soldOut();
    const inStock = offer; // made available below
    const v = await newVisitor(app);
    const cases: [Record<string, string | number>, number, RegExp][] = [
      [{ offerId: offer.id }, 400, /Укажите адрес электронной почты/],
      [{ offerId: offer.id, email: 'не-адрес' }, 400, /адрес/],
      [{ offerId: 'abc', email: 'a@example.ru' }, 400, /размер/],
      [{ email: 'a@example.ru' }, 400, /размер/],
      [{ offerId: 2_000_000_000, email: 'a@example.ru' }, 404, /размера нет/],
    ];
    for (const [fields, status, message] of cases) {
      const res = await subscribe(v, fields);
      const body = await json(res);
      expect(res.status, JSON.stringify([fields, body])).toBe(status);
      expect(body.status).toBe('error');
      expect(body.errors?.[0]?.message).toMatch(message);
    }
    await k.stockOf(inStock, 4, 0);
    const res = await subscribe(v, { offerId: inStock.id, email: 'a@example.ru' });
    expect(res.status).toBe(409);
    expect((await json(res)).errors?.[0]?.message).toBe('Этот размер есть в наличии — его можно купить сейчас.');

    const other = await newVisitor(app);
    const stolen = await v.post(
      API.stockSubscribe,
      { offerId: offer.id, email: 'a@example.ru' },
      { sessid: other.sessid },
    );
    expect(stolen.status).toBe(403);
    expect((await k.rows(sql`select 1 from stock_alerts where address = 'a@example.ru'`)).length).toBe(0);
  });

  it('the back office sees how many wait per product and size, behind its permission', async () => {
    const { app, k, merch, soldOut } = s;
    const offer = await soldOut();
    for (const email of ['w1@example.ru', 'w2@example.ru'])
      await subscribe(await newVisitor(app), { offerId: offer.id, email });
    const res = await merch.get(STAFF_API.stockSubscriptions);
    expect(res.status).toBe(200);
    const row = (await json(res)).data.items.find((r: { offerId: number }) => r.offerId === offer.id);
    const product = await productOf(k, offer.id);
    expect(row).toMatchObject({ productName: product.name, sizeName: product.size_name, waiting: 2, pending: 2 });
    // The desk's page shows the same rows.
    const desk = await merch.get('/admin/stock-alerts/');
    expect(desk.status).toBe(200);
    const html = await desk.text();
    expect(html).toContain('Ждут поступления');
    expect(html).toContain(product.name.replace(/"/g, '&quot;'));
    await addStaff(app, { email: 'alerts-content@vyuga.test', role: 'content' });
    const content = await loggedInStaff(app, 'alerts-content@vyuga.test');
    expect((await content.get(STAFF_API.stockSubscriptions)).status).toBe(403);
    expect((await (await newVisitor(app)).get(STAFF_API.stockSubscriptions)).status).toBeGreaterThanOrEqual(401);
  });
});

describe('«Сообщить о поступлении»: the daily cap and the limits', () => {
  let s: Awaited<ReturnType<typeof shopWith>>;
  beforeAll(async () => {
    s = await shopWith({ STOCK_ALERTS_PER_DAY: '2' });
  });
  afterAll(() => s.app.close());

  it('sends at most the day’s cap; the rest wait (active) for the next day', async () => {
    const { app, k, soldOut, receipt } = s;
    const offer = await soldOut();
    const members = [];
    for (let i = 0; i < 3; i++) {
      const m = await k.member(offer);
      expect((await subscribe(m.me, { offerId: offer.id })).status).toBe(200);
      members.push(m);
    }
    await receipt(offer, 10);
    await vi.waitFor(
      async () =>
        expect(
          await k.rows(sql`select state from stock_alerts where offer_id = ${offer.id} and state = 'sent'`),
        ).toHaveLength(2),
      { timeout: 5000 },
    );
    await app.services.stockAlerts.sweep();
    const states = await k.rows<{ state: string }>(
      sql`select state from stock_alerts where offer_id = ${offer.id} order by id`,
    );
    expect(states.map((r) => r.state)).toEqual(['sent', 'sent', 'active']);
    await app.outbox.deliver();
    const told = (await Promise.all(members.map((m) => sentTo(app, m.phone, 'stock-alert')))).map((l) => l.length);
    expect(told).toEqual([1, 1, 0]);
  });

  it('limits subscriptions per address and per client (429 in Russian)', async () => {
    const { app, soldOut } = s;
    const offers = [];
    for (let i = 0; i < 11; i++) offers.push(await soldOut());
    const v = await newVisitor(app);
    for (const offer of offers.slice(0, 10))
      expect((await subscribe(v, { offerId: offer.id, email: 'flood@example.ru' })).status).toBe(200);
    const refused = await subscribe(v, { offerId: (offers[10] as OfferFacts).id, email: 'flood@example.ru' });
    expect(refused.status).toBe(429);
    expect((await json(refused)).errors?.[0]?.message).toMatch(/Слишком много попыток/);
    await app.outbox.deliver();
    expect((await sentTo(app, 'flood@example.ru', 'stock-alert-confirm')).length).toBe(10);

    // The client's own ceiling, whatever the addresses: 30 an hour (3 + 11 used above).
    let status = 200;
    let n = 0;
    while (status === 200 && n < 40) {
      status = (await subscribe(v, { offerId: (offers[0] as OfferFacts).id, email: `c${n++}@example.ru` })).status;
    }
    expect(status).toBe(429);
    expect(n).toBeLessThanOrEqual(30);
  });
});

async function productOf(k: Kit, offerId: number) {
  const [row] = await k.rows<{ id: number; name: string; code: string; size_name: string }>(
    sql`select p.id, p.name, p.code, o.size_name from offers o join products p on p.id = o.product_id where o.id = ${offerId}`,
  );
  return row as { id: number; name: string; code: string; size_name: string };
}
