import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapStaff } from '../../server/staff-bootstrap';
import { staffBrowser, staffCookieOf } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/** Issue 43.7 a: the first owner's one-use link, printed at each start while the shop has no owner. */
let fresh: TestApp;
beforeAll(async () => {
  fresh = await createTestApp();
});
afterAll(() => fresh.close());

describe('the first owner’s link', () => {
  it('refuses an owner link left in an old log once an owner exists, and prints none after that', async () => {
    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
    const linkOf = async () => {
      lines.length = 0;
      await bootstrapStaff({ services: fresh.services, settings: {}, log });
      return lines.join('\n').match(/\/admin\/invite\/\?token=\S+/)?.[0] ?? '';
    };
    const old = await linkOf();
    const latest = await linkOf();
    expect([old, latest].every(Boolean)).toBe(true);
    const owner = await staffBrowser(fresh);
    const made = await owner.form(latest, { email: 'first@shop.test', name: 'Анна', password: 'первый-снег-зимой' });
    expect(made.status).toBe(302);
    const attacker = await staffBrowser(fresh);
    const second = await attacker.form(old, { email: 'evil@shop.test', name: 'Ева', password: 'чужой-снег-зимой' });
    expect(second.status).toBe(409);
    expect(await second.text()).toContain(
      'Владелец магазина уже есть: ссылка для первого владельца больше не действует',
    );
    expect(staffCookieOf(second)).toBeNull();
    expect(await (await attacker.get(old)).text()).toContain('Приглашение недействительно');
    expect((await attacker.login({ email: 'evil@shop.test', password: 'чужой-снег-зимой' })).status).toBe(401);
    expect(await linkOf()).toBe('');
  });
});
