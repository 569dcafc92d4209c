import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { queryRows } from '../../db/client';
import { CONSENT_TEXTS } from '../../domain/consent/consent';
import { type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { createTestApp, newVisitor, type TestApp, type Visitor } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(() => app.close());

const sessionIdOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] as string;

function subscribe(v: Visitor, fields: Record<string, string>) {
  return app.fetch(API.subscribe, {
    method: 'POST',
    headers: {
      cookie: v.cookie,
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': '10.1.1.1, 203.0.113.9',
    },
    body: new URLSearchParams({ ...fields, sessid: v.sessid }).toString(),
  });
}

const consentsOf = (subject: string) =>
  queryRows<{
    purpose: string;
    text_version: string;
    subject: string;
    session_id: string;
    user_id: number | null;
    client: string;
    created_at: Date | string;
  }>(
    app.database.db,
    sql`select purpose, text_version, subject, session_id, user_id, client, created_at from consents
        where subject = ${subject} order by id`,
  );

describe('consent records', () => {
  it('records a newsletter sign-up: purpose, text version, address, session, client address and time', async () => {
    const v = await newVisitor(app);
    const before = Date.now();
    expect((await subscribe(v, { email: 'Olga@Example.ru', licenses_subscribe: 'Y' })).status).toBe(200);
    const [row, ...rest] = await consentsOf('olga@example.ru');
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      purpose: 'newsletter',
      text_version: CONSENT_TEXTS.newsletter.version,
      subject: 'olga@example.ru',
      session_id: sessionIdOf(v.cookie),
      user_id: null,
      client: '203.0.113.9',
    });
    const at = new Date(row?.created_at ?? 0).getTime();
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('records a repeated sign-up again, and nothing for a refused one', async () => {
    const v = await newVisitor(app);
    await subscribe(v, { email: 'petr@example.ru', licenses_subscribe: 'Y' });
    await subscribe(v, { email: 'petr@example.ru', licenses_subscribe: 'Y' });
    expect(await consentsOf('petr@example.ru')).toHaveLength(2);
    expect((await subscribe(v, { email: 'ivan@example.ru' })).status).toBe(400);
    expect(await consentsOf('ivan@example.ru')).toEqual([]);
  });

  it('shows in the footer the very text whose version is recorded', async () => {
    const html = await (await app.fetch('/')).text();
    const { text, link } = CONSENT_TEXTS.newsletter;
    const [before, after] = text.split(link.text);
    expect(html).toContain(`${before}<a href="${link.href}">${link.text}</a>${after}`);
  });
});

describe('the order’s consent', () => {
  it('is shown on /order/ where it is given: the text and version the saved order’s record refers to', async () => {
    const k = await checkoutKit(app);
    const offer = (await offerFacts(app.database.db)).find((o) => !o.restricted) as OfferFacts;
    await k.stockOf(offer, 2, 3);
    const { v, phone } = await k.quickShopper(offer);
    const html = await (await v.get('/order/')).text();
    const saved = await k.rpc(v, 'sale.order.save', k.pickup(phone));
    expect(saved.status, await saved.clone().text()).toBe(200);
    const [record] = await consentsOf(phone);
    expect(record?.purpose).toBe('order');
    // What the form showed next to its button: the recorded purpose's text, with the recorded version.
    const shown = html.match(/<span data-consent-version="([^"]+)">(.*?)<\/span>/);
    expect(shown?.[1]).toBe(record?.text_version);
    const { text, link, version } = CONSENT_TEXTS.order;
    expect(shown?.[2]?.replace(/<[^>]+>/g, '')).toBe(`${text} Редакция от ${version.split('-').reverse().join('.')}.`);
    expect(shown?.[2]).toMatch(new RegExp(`<a href="${link.href}"[^>]*>${link.text}</a>`));
  });
});
