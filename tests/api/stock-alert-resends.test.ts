import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { STOCK_ALERT_RESEND_DELAYS } from '../../domain/stock-alerts/stock-alerts.service';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

/**
 * «Сообщить о поступлении» (issue 44, weak points): a message the outbox gave up is sent again after a delay, a
 * bounded number of times (a «came back» one only while the size is still there), and a letter's links stop working
 * `STOCK_ALERT_LINK_DAYS` after it: 410 with a page saying so, nothing changed.
 */

let now = new Date();
const clock = () => now;
const later = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
let offers: OfferFacts[];
let next = 0;

beforeAll(async () => {
  app = await createTestApp({ STOCK_ALERT_LINK_DAYS: '90' }, { clock });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted).slice(0, 20);
});
afterAll(() => app?.close());

type AlertRow = {
  state: string;
  sent_at: string | null;
  message_id: number | null;
  resends: number;
  resend_at: string | null;
  token: string;
};
const alertRow = async (id: number) =>
  (
    await k.rows<AlertRow>(
      sql`select state, sent_at, message_id::int as message_id, resends, resend_at::text, token
        from stock_alerts where id = ${id}`,
    )
  )[0] as AlertRow;
const messagesOf = async (address: string, kind: string) =>
  k.rows<{ id: number; failed_at: string | null }>(
    sql`select id::int as id, failed_at::text from outbox where recipient = ${address} and kind = ${kind} order by id`,
  );
/** The outbox gives the message up, as after its last attempt. */
const giveUp = (messageId: number | null) =>
  app.database.db.execute(
    sql`update outbox set failed_at = ${now.toISOString()}, attempts = 8, last_error = 'сервер почты недоступен'
      where id = ${messageId}`,
  );
const sweep = () => app.services.stockAlerts.sweep();

/** A confirmed subscription of a sold-out size, as the subscribe call and the letter's link make it. */
async function activeAlert(address: string) {
  const offer = offers[next++] as OfferFacts;
  await k.stockOf(offer, 0, 0);
  const [row] = await k.rows<{ id: number }>(
    sql`insert into stock_alerts (offer_id, product_id, channel, address, state, token, created_at, confirmed_at,
        token_until)
      select o.id, o.product_id, 'email', ${address}, 'active', ${`t-${address}`}, ${now.toISOString()},
        ${now.toISOString()}, ${new Date(now.getTime() + 90 * 86_400_000).toISOString()}
      from offers o where o.id = ${offer.id} returning id`,
  );
  return { offer, id: Number(row?.id) };
}

describe('a message the outbox gave up', () => {
  it('«came back»: the subscription waits again and is told after each delay, at most as many times', async () => {
    const address = 'came.back@example.ru';
    const { offer, id } = await activeAlert(address);
    await k.stockOf(offer, 3);
    expect((await sweep()).sent).toBeGreaterThanOrEqual(1);
    let row = await alertRow(id);
    expect(row.state).toBe('sent');
    expect(row.message_id).toBe((await messagesOf(address, 'stock-alert'))[0]?.id);

    for (const [n, delay] of STOCK_ALERT_RESEND_DELAYS.entries()) {
      await giveUp(row.message_id);
      const failed = row.message_id;
      // Taken up at once, told only after the delay.
      await sweep();
      row = await alertRow(id);
      expect(row).toMatchObject({ state: 'active', sent_at: null, resends: n + 1 });
      expect(await messagesOf(address, 'stock-alert')).toHaveLength(n + 1);
      later(delay - 60);
      await sweep();
      expect((await alertRow(id)).state).toBe('active');
      later(61);
      await sweep();
      row = await alertRow(id);
      expect(row.state).toBe('sent');
      expect(row.message_id).not.toBe(failed);
      expect(await messagesOf(address, 'stock-alert')).toHaveLength(n + 2);
    }
    // The last one given up too: no more.
    await giveUp(row.message_id);
    later(7 * 86_400);
    await sweep();
    expect(await alertRow(id)).toMatchObject({ state: 'sent', resends: STOCK_ALERT_RESEND_DELAYS.length });
    expect(await messagesOf(address, 'stock-alert')).toHaveLength(STOCK_ALERT_RESEND_DELAYS.length + 1);
  });

  it('«came back»: a size sold out again meanwhile is not announced; it is once it is back', async () => {
    const address = 'sold.again@example.ru';
    const { offer, id } = await activeAlert(address);
    await k.stockOf(offer, 1);
    await sweep();
    await giveUp((await alertRow(id)).message_id);
    await k.stockOf(offer, 0, 0);
    await sweep();
    later(STOCK_ALERT_RESEND_DELAYS[0] + 1);
    await sweep();
    expect((await alertRow(id)).state).toBe('active');
    expect(await messagesOf(address, 'stock-alert')).toHaveLength(1);
    await k.stockOf(offer, 2);
    await sweep();
    expect((await alertRow(id)).state).toBe('sent');
    expect(await messagesOf(address, 'stock-alert')).toHaveLength(2);
  });

  it('a confirm letter: the same letter (the same link) again after the delay, at most as many times', async () => {
    const offer = offers[next++] as OfferFacts;
    await k.stockOf(offer, 0, 0);
    const address = 'confirm.again@example.ru';
    const res = await (await newVisitor(app)).post(API.stockSubscribe, { offerId: offer.id, email: address });
    expect(res.status).toBe(200);
    const { id } = ((await res.json()) as { data: { subscription: { id: number } } }).data.subscription;
    let row = await alertRow(id);
    expect(row.state).toBe('pending');
    const letters = await messagesOf(address, 'stock-alert-confirm');
    expect(letters.map((l) => l.id)).toEqual([row.message_id]);

    for (const [n, delay] of STOCK_ALERT_RESEND_DELAYS.entries()) {
      await giveUp(row.message_id);
      later(delay - 60);
      await sweep();
      expect(await messagesOf(address, 'stock-alert-confirm')).toHaveLength(n + 1);
      later(61);
      await sweep();
      row = await alertRow(id);
      expect(row).toMatchObject({ state: 'pending', resends: n + 1 });
      const again = await messagesOf(address, 'stock-alert-confirm');
      expect(again).toHaveLength(n + 2);
      expect(row.message_id).toBe(again.at(-1)?.id);
    }
    const [text] = await k.rows<{ text_body: string }>(sql`select text_body from outbox where id = ${row.message_id}`);
    expect(text?.text_body).toContain(`token=${encodeURIComponent(row.token)}`);
    await giveUp(row.message_id);
    later(7 * 86_400);
    await sweep();
    expect(await messagesOf(address, 'stock-alert-confirm')).toHaveLength(STOCK_ALERT_RESEND_DELAYS.length + 1);
    // A letter that went out is never sent again.
    const sent = await k.rows<{ n: number }>(
      sql`select count(*)::int as n from stock_alerts where id = ${id} and resends = ${STOCK_ALERT_RESEND_DELAYS.length}`,
    );
    expect(sent[0]?.n).toBe(1);
  });

  it('a message that went out is not sent again', async () => {
    const address = 'delivered@example.ru';
    const { offer, id } = await activeAlert(address);
    await k.stockOf(offer, 2);
    await sweep();
    const [message] = await messagesOf(address, 'stock-alert');
    await app.database.db.execute(sql`update outbox set sent_at = ${now.toISOString()} where id = ${message?.id}`);
    later(2 * 86_400);
    await sweep();
    expect(await alertRow(id)).toMatchObject({ state: 'sent', resends: 0 });
    expect(await messagesOf(address, 'stock-alert')).toHaveLength(1);
  });
});

describe('the links of the letters expire', () => {
  const open = (action: 'confirm' | 'stop', token: string) =>
    app.fetch(`/stock-alert/?do=${action}&token=${encodeURIComponent(token)}`);

  it('a confirm link older than STOCK_ALERT_LINK_DAYS answers 410 in Russian and confirms nothing', async () => {
    const offer = offers[next++] as OfferFacts;
    await k.stockOf(offer, 0, 0);
    const address = 'late.confirm@example.ru';
    const res = await (await newVisitor(app)).post(API.stockSubscribe, { offerId: offer.id, email: address });
    const { id } = ((await res.json()) as { data: { subscription: { id: number } } }).data.subscription;
    const { token } = await alertRow(id);
    later(90 * 86_400 + 60);
    const late = await open('confirm', token);
    expect(late.status).toBe(410);
    const html = await late.text();
    expect(html).toContain('Срок действия ссылки истёк');
    expect(html).toContain('Подпишитесь ещё раз на странице товара');
    expect((await alertRow(id)).state).toBe('pending');
  });

  it('a confirm link within the days works', async () => {
    const offer = offers[next++] as OfferFacts;
    await k.stockOf(offer, 0, 0);
    const res = await (await newVisitor(app)).post(API.stockSubscribe, {
      offerId: offer.id,
      email: 'in.time@example.ru',
    });
    const { id } = ((await res.json()) as { data: { subscription: { id: number } } }).data.subscription;
    later(89 * 86_400);
    const ok = await open('confirm', (await alertRow(id)).token);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('Подписка подтверждена');
    expect((await alertRow(id)).state).toBe('active');
  });

  it('an unsubscribe link: 410 once expired, the subscription kept; counted from the «came back» letter', async () => {
    const address = 'late.stop@example.ru';
    const { id } = await activeAlert(address);
    const { token } = await alertRow(id);
    later(91 * 86_400);
    const late = await open('stop', token);
    expect(late.status).toBe(410);
    expect(await late.text()).toContain('Подписки можно посмотреть и отменить в личном кабинете');
    expect((await alertRow(id)).state).toBe('active');
    // A row made before the links had their term: counted from its latest letter.
    await app.database.db.execute(
      sql`update stock_alerts set token_until = null, created_at = ${new Date(now.getTime() - 100 * 86_400_000).toISOString()},
        sent_at = null where id = ${id}`,
    );
    expect((await open('stop', token)).status).toBe(410);
    await app.database.db.execute(
      sql`update stock_alerts set created_at = ${new Date(now.getTime() - 10 * 86_400_000).toISOString()} where id = ${id}`,
    );
    const fresh = await open('stop', token);
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toContain('Вы отписаны');
    expect((await alertRow(id)).state).toBe('cancelled');
  });

  it('a forged token is still «Ссылка не сработала», not a 500', async () => {
    const res = await open('confirm', 'forged');
    expect(res.status).toBeLessThan(500);
    expect(await res.text()).toContain('Ссылка не сработала');
  });
});
