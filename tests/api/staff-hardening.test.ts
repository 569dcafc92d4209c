import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { SESSION_COOKIE } from '../../server/http/session';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 43, the smaller holes of the staff side, each tried from outside.
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
let offers: OfferFacts[];
let owner: Awaited<ReturnType<typeof staffBrowser>>;

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000).slice(0, 2);
  k = await checkoutKit(app);
  await addStaff(app, { email: 'owner@shop.test', role: 'owner' });
  owner = await staffBrowser(app);
  expect((await owner.login({ email: 'owner@shop.test', password: STAFF_PASSWORD })).status).toBe(200);
});
afterAll(() => app.close());

const sessionIdOf = (cookie: string | undefined) => cookie?.split(';')[0]?.split('=')[1]?.split('.')[0];

async function anOrder(offer: OfferFacts): Promise<number> {
  await k.stockOf(offer, 3, 3);
  const { v, phone } = await k.quickShopper(offer);
  return (await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json()).id;
}

describe('the back office’s forms', () => {
  it('answer a NUL in the order card’s note or move reason with 400 and a Russian message', async () => {
    const id = await anOrder(offers[0] as OfferFacts);
    const note = await owner.form(`/admin/orders/${id}/`, { intent: 'note', text: 'Позвонить\u0000' });
    expect(note.status).toBe(400);
    expect(await note.text()).toContain('недопустимый символ');
    const cancel = await owner.form(`/admin/orders/${id}/`, {
      intent: 'move',
      to: 'cancelled',
      reason: 'Дубль\u0000',
      confirm: 'yes',
    });
    expect(cancel.status).toBe(400);
  });

  it('answer a print form named after an object’s own property with 404', async () => {
    for (const form of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const res = await owner.get(`/admin/orders/1/print/${form}/`);
      expect(res.status, form).toBe(404);
      expect(await res.text(), form).not.toContain('function');
    }
  });
});

describe('a staff login', () => {
  it('moves the visitor to a new session cookie and sessid, through the API and the page', async () => {
    await addStaff(app, { email: 'rotate@shop.test', role: 'content' });
    const api = await staffBrowser(app);
    const res = await api.login({ email: 'rotate@shop.test', password: STAFF_PASSWORD });
    expect(res.status).toBe(200);
    const set = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(sessionIdOf(set)).toBeDefined();
    expect(sessionIdOf(set)).not.toBe(sessionIdOf(api.cookie));
    const { data } = (await res.json()) as { data: { sessid: string } };
    expect(data.sessid).not.toBe(api.sessid);

    const page = await staffBrowser(app);
    const form = await page.form('/admin/login/', { email: 'rotate@shop.test', password: STAFF_PASSWORD });
    expect(form.status).toBe(302);
    const fresh = form.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(sessionIdOf(fresh)).toBeDefined();
    expect(sessionIdOf(fresh)).not.toBe(sessionIdOf(page.cookie));
  });
});

describe('the admin API', () => {
  it('refuses a sessid in the query string', async () => {
    const res = await app.fetch(`${STAFF_API.staff}?sessid=${encodeURIComponent(owner.sessid)}`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'by-link@shop.test', role: 'content' }),
    });
    expect(res.status).toBe(403);
    const invited = await owner.call(STAFF_API.staff, { email: 'by-body@shop.test', role: 'content' });
    expect(invited.status).toBe(200);
  });
});

describe('switching the second factor off', () => {
  it('is limited as a login: the sixth code in 15 minutes is refused, even the right one', async () => {
    await addStaff(app, { email: 'totp-off@shop.test', role: 'manager' });
    const b = await staffBrowser(app);
    expect((await b.login({ email: 'totp-off@shop.test', password: STAFF_PASSWORD })).status).toBe(200);
    const setup = await (await b.form('/admin/account/', { intent: 'totp-setup' })).text();
    const secret = setup.match(/<code>([A-Z2-7]+)<\/code>/)?.[1] ?? '';
    const code = (ahead = 0) =>
      new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + ahead * 1000 });
    expect((await b.form('/admin/account/', { intent: 'totp-enable', code: code() })).status).toBe(200);
    const right = code(30);
    const wrong = right === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await b.form('/admin/account/', { intent: 'totp-disable', code: wrong })).status).toBe(400);
    const sixth = await b.form('/admin/account/', { intent: 'totp-disable', code: right });
    expect(sixth.status).toBe(429);
  });
});
