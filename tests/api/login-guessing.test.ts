import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { bootstrapStaff } from '../../server/staff-bootstrap';
import { ONEC_PATH, onecClient } from '../support/onec-client';
import { listOutbox, readOutbox } from '../support/outbox';
import { addStaff, STAFF_PASSWORD } from '../support/staff';
import { createTestApp, newVisitor, SHOP_ORIGIN, type TestApp } from '../support/test-app';

// Strangers guess from their own addresses (issue 43.3): the app trusts its proxy's X-Forwarded-For to tell them apart.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ TRUST_PROXY: '1' });
  await addStaff(app, { email: 'boss@shop.test', role: 'owner' });
  await bootstrapStaff({
    services: app.services,
    settings: { EXCHANGE_LOGIN: '1c-exchange', EXCHANGE_PASSWORD: 'Обмен-с-сайтом-2026' },
    log: { info() {}, warn() {} },
  });
});
afterAll(() => app.close());

async function staffLogin(client: string, password: string) {
  const v = await newVisitor(app);
  return app.fetch(STAFF_API.login, {
    method: 'POST',
    headers: { cookie: v.cookie, 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ sessid: v.sessid, email: 'boss@shop.test', password }),
  });
}

describe('a stranger guessing a member’s password', () => {
  it('is stopped after five tries, while the member still logs in from their own address and hears of it once', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await staffLogin('198.51.100.7', `wrong-${i}-password`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    for (const client of ['198.51.100.8', '198.51.100.9'])
      for (let i = 0; i < 5; i++) expect((await staffLogin(client, `wrong-${i}-password`)).status).toBe(401);
    const owner = await staffLogin('203.0.113.50', STAFF_PASSWORD);
    expect(owner.status).toBe(200);
    await app.outbox.deliver();
    const letters = (await listOutbox(app)).filter((f) => f.kind === 'staff-login-guessed');
    expect(letters).toHaveLength(1);
    const letter = await readOutbox(app, { to: 'boss@shop.test', channel: 'email' });
    expect(letter?.subject).toContain('подбирает пароль');
  });

  it('answers the page form over its limit with 429', async () => {
    const v = await newVisitor(app);
    const post = (password: string) =>
      app.fetch('/admin/login/', {
        method: 'POST',
        headers: {
          cookie: v.cookie,
          origin: SHOP_ORIGIN,
          'x-forwarded-for': '198.51.100.20',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ email: 'boss@shop.test', password }).toString(),
        redirect: 'manual',
      });
    for (let i = 0; i < 5; i++) expect((await post(`wrong-${i}-password`)).status).toBe(401);
    const over = await post(STAFF_PASSWORD);
    expect(over.status).toBe(429);
    expect(await over.text()).toContain('Слишком много попыток');
  });
});

describe('a stranger guessing the 1C exchange’s password', () => {
  const from = (client: string) => ({
    fetch: (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set('x-forwarded-for', client);
      return app.fetch(path, { ...init, headers });
    },
  });

  it('does not stop the real 1C from its own address', async () => {
    const credentials = { login: '1c-exchange', password: 'Обмен-с-сайтом-2026' };
    for (const client of ['198.51.100.30', '198.51.100.31']) {
      const stranger = onecClient(from(client), 'catalog', credentials);
      for (let i = 0; i < 10; i++) expect((await stranger.checkauth('неверный-пароль')).lines[0]).toBe('failure');
      expect((await stranger.checkauth()).lines.join('\n')).toContain('Слишком много попыток');
    }
    const real = onecClient(from('203.0.113.60'), 'catalog', credentials);
    expect((await real.checkauth()).lines[0]).toBe('success');
    expect(ONEC_PATH).toMatch(/1c_exchange/);
  });
});
