import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings } from '../../config/settings';
import { RPC_PATH } from '../../contract/api';
import { bootstrapStaff } from '../../server/staff-bootstrap';
import { startBanner } from '../../server/start-banner';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

const quiet = { info() {}, warn() {} };

/** A form post as a browser on `origin` sends it, to that origin. */
async function formAt(app: TestApp, origin: string, path: string, fields: Record<string, string>) {
  const v = await newVisitor(app);
  return app.handler(
    new Request(new URL(path, origin), {
      method: 'POST',
      headers: { cookie: v.cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    }),
  );
}

/** An online order's save by a shopper with the offer in the basket: its answer. */
async function saveOnline(app: TestApp, offer: OfferFacts) {
  const k = await checkoutKit(app);
  await k.stockOf(offer, 1, 1);
  const { v, phone } = await k.quickShopper(offer);
  return v.post(RPC_PATH, { method: 'sale.order.save', ...k.pickup(phone), paymentMethod: 'ONLINE' });
}

describe('the README’s quick start', () => {
  it('is two commands and says how the owner gets into the back office, with and without ADMIN_*', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const quickStart = readme.split('## Quick start')[1]?.split('\n### ')[0] ?? '';
    expect(quickStart.match(/```sh\n[^`]*```/g)).toEqual([
      '```sh\nnpm install && npm start\n```',
      '```sh\nnpm test\n```',
    ]);
    for (const words of ['http://localhost:3000/admin/', 'Вход для владельца', '`ADMIN_EMAIL`', '`ADMIN_PASSWORD`'])
      expect(quickStart).toContain(words);
  });
});

describe('started with PORT=4123 and no SITE_URL', () => {
  let app: TestApp;
  beforeAll(async () => {
    // '' clears the test shop's own SITE_URL and payment provider: the shop's defaults, as `PORT=4123 npm start`.
    app = await createTestApp({ PORT: '4123', SITE_URL: '', PAYMENT_PROVIDER: '' });
    ignorePoolErrorsOnClose(app.database.db);
  });
  afterAll(() => app.close());

  it('prints the owner link on that port, whose form posted from there creates the owner', async () => {
    const lines: string[] = [];
    const owner = await bootstrapStaff({
      services: app.services,
      settings: {},
      log: { ...quiet, warn: (m) => lines.push(m) },
    });
    const link = lines.join('\n').match(/http:\/\/localhost:4123\/admin\/invite\/\?token=\S+/)?.[0] ?? '';
    expect(link).not.toBe('');
    const fields = { email: 'first@shop.test', name: 'Анна', password: 'первый-снег-зимой' };
    const elsewhere = await formAt(app, 'http://localhost:3000', link, fields);
    expect(elsewhere.status).toBe(403);
    const made = await formAt(app, 'http://localhost:4123', link, fields);
    expect(made.status).toBe(302);
    expect(made.headers.get('location')).toBe('/admin/');
    expect(startBanner(readSettings({ PORT: '4123' }), owner, false)).toEqual([
      `Магазин: http://localhost:4123/ · Вход для владельца (одноразовая ссылка, действует 24 часа): ${link}`,
      'Ссылки в письмах и на страницах ведут на http://localhost:4123: SITE_URL не задан и взят из PORT=4123.',
    ]);
  });

  it('sends the shopper to the test gateway on that port: a local shop has it by default', async () => {
    const [offer] = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000);
    const res = await saveOnline(app, offer as OfferFacts);
    const body = (await res.json()) as { payment?: { confirmationUrl: string } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.payment?.confirmationUrl).toMatch(/^http:\/\/localhost:4123\/pay\/test\/test-[\w-]+\/$/);
  });
});

describe('a public SITE_URL without payment keys or PAYMENT_PROVIDER', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ PAYMENT_PROVIDER: '' });
    ignorePoolErrorsOnClose(app.database.db);
  });
  afterAll(() => app.close());

  it('offers no online payment, serves no test gateway page, and the start says so', async () => {
    const [offer] = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000);
    const res = await saveOnline(app, offer as OfferFacts);
    expect(await res.text()).toContain('PAYMENT_UNAVAILABLE');
    const v = await newVisitor(app);
    const pay = await v.post('/pay/test/test-00000000-0000-0000-0000-000000000000/pay/', {});
    expect(await pay.text()).not.toContain('Такого платежа нет в тестовом шлюзе');
    expect(startBanner(readSettings({ SITE_URL: 'http://shop.test' }), { kind: 'exists' }, true).join('\n')).toContain(
      'Онлайн-оплата выключена',
    );
  });
});
