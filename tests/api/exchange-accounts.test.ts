import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { queryRows } from '../../db/client';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { onecClient } from '../support/onec-client';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 43.7 d: the 1C exchange hands over every order with names, phones and addresses, behind HTTP Basic and no
 * second factor. Only 1C's own account, made by the owner, gets in there, and it gets into nothing else.
 */
let app: TestApp;
let owner: Awaited<ReturnType<typeof staffBrowser>>;
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

beforeAll(async () => {
  app = await createTestApp();
  await addStaff(app, { email: 'owner@shop.test', role: 'owner' });
  // The owner protects the back office with a second factor: the exchange must not be a way round it.
  await app.database.db.execute(sql`update staff set totp_secret = ${TOTP_SECRET} where email = 'owner@shop.test'`);
  owner = await staffBrowser(app);
  const totp = new TOTP({ secret: Secret.fromBase32(TOTP_SECRET) }).generate();
  expect((await owner.login({ email: 'owner@shop.test', password: STAFF_PASSWORD, totp })).status).toBe(200);
});
afterAll(() => app.close());

describe('the 1C exchange’s logins', () => {
  it('answers an owner’s right email and password exactly as a wrong password, and hands no orders over', async () => {
    const owner = await onecClient(app, 'sale', { login: 'owner@shop.test', password: STAFF_PASSWORD }).checkauth();
    const wrong = await onecClient(app, 'sale', { login: 'owner@shop.test', password: 'не-тот-пароль' }).checkauth();
    expect(owner.lines[0]).toBe('failure');
    expect([owner.status, owner.lines]).toEqual([wrong.status, wrong.lines]);
    // An emulator's way: Basic on the query itself, without checkauth.
    const query = onecClient(app, 'sale', { login: 'x', password: 'y' });
    const orders = await query.send(
      'query',
      {},
      { headers: { authorization: basic('owner@shop.test', STAFF_PASSWORD) } },
    );
    expect(orders.lines[0]).toBe('failure');
    expect(orders.lines[0]).not.toMatch(/^<\?xml/);
  });

  it('takes the account the owner makes for 1C on the staff page, which the back office refuses', async () => {
    const made = await owner.form('/admin/staff/', {
      intent: 'exchange',
      login: 'onec@shop.test',
      password: 'Обмен-с-сайтом-2026',
    });
    expect(made.status).toBe(200);
    expect(await made.text()).toContain('Учётная запись для 1С создана: логин onec@shop.test');
    const onec = onecClient(app, 'sale', { login: 'onec@shop.test', password: 'Обмен-с-сайтом-2026' });
    expect((await onec.checkauth()).lines[0]).toBe('success');
    // The orders file (windows-1251): what the owner's password no longer opens.
    expect((await onec.send('query')).lines[0]).toMatch(/^<\?xml/);

    const office = await staffBrowser(app);
    const refused = await office.login({ email: 'onec@shop.test', password: 'Обмен-с-сайтом-2026' });
    const wrong = await office.login({ email: 'onec@shop.test', password: 'не-тот-пароль' });
    expect(refused.status).toBe(401);
    expect([refused.status, await refused.text()]).toEqual([wrong.status, await wrong.text()]);
  });

  it('gives no person the exchange role, by invitation or by a change of role', async () => {
    await addStaff(app, { email: 'manager@shop.test', role: 'manager' });
    const [manager] = await queryRows<{ id: number }>(
      app.database.db,
      sql`select id from staff where email = 'manager@shop.test'`,
    );
    const invited = await owner.call(STAFF_API.staff, { email: 'person@shop.test', role: 'exchange' });
    const changed = await owner.call(STAFF_API.staffMember.replace(':id', String(manager?.id)), { role: 'exchange' });
    for (const res of [invited, changed]) {
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('EXCHANGE_ROLE_APART');
    }
  });
});
