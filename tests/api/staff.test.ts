import type { RouteConfigEntry } from '@react-router/dev/routes';
import { Secret, TOTP } from 'otpauth';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '../../app/routes';
import { STAFF_API } from '../../contract/staff-api';
import { queryRows } from '../../db/client';
import { unitOfWork } from '../../db/uow';
import { auditEntry } from '../../domain/staff/audit';
import { STAFF_COOKIE } from '../../server/http/staff-session';
import { bootstrapStaff } from '../../server/staff-bootstrap';
import { readOutbox } from '../support/outbox';
import { addStaff, STAFF_PASSWORD, staffBrowser, staffCookieOf } from '../support/staff';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

let app: TestApp;
let now = new Date('2026-03-02T09:00:00Z');
const clock = () => now;

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  await addStaff(app, { email: 'owner@shop.test', role: 'owner' }, clock);
  await addStaff(app, { email: 'content@shop.test', role: 'content' }, clock);
});
afterAll(() => app.close());

const errorsOf = async (res: Response) => ((await res.json()) as { errors: { code: string }[] }).errors;

describe('staff login', () => {
  it('logs in with email and password and answers the member', async () => {
    const b = await staffBrowser(app);
    const res = await b.login({ email: 'Owner@shop.test', password: STAFF_PASSWORD });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { staff: Record<string, unknown> } };
    expect(body.data.staff).toEqual({
      id: expect.any(Number),
      email: 'owner@shop.test',
      name: 'owner',
      role: 'owner',
      shopId: null,
    });
  });

  it('gives its own cookie: HttpOnly, SameSite=Strict, not the shopper’s, Secure on an https site', async () => {
    const b = await staffBrowser(app);
    const res = await b.login({ email: 'owner@shop.test', password: STAFF_PASSWORD });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${STAFF_COOKIE}=`)) ?? '';
    expect(STAFF_COOKIE).not.toBe('SHOPSID');
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toMatch(/Secure/i);
    const https = await createTestApp({ SITE_URL: 'https://shop.test' });
    try {
      await addStaff(https, { email: 'owner@shop.test', role: 'owner' });
      const hb = await staffBrowser(https);
      const secure = await hb.login({ email: 'owner@shop.test', password: STAFF_PASSWORD });
      expect(secure.headers.getSetCookie().find((c) => c.startsWith(`${STAFF_COOKIE}=`))).toMatch(/; Secure/i);
    } finally {
      await https.close();
    }
  });

  it('refuses a wrong password with 401 INVALID_CREDENTIALS, and a login without the sessid with 403', async () => {
    const b = await staffBrowser(app);
    const wrong = await b.login({ email: 'owner@shop.test', password: 'не-тот-пароль' });
    expect(wrong.status).toBe(401);
    expect((await errorsOf(wrong))[0]?.code).toBe('INVALID_CREDENTIALS');
    expect(staffCookieOf(wrong)).toBeNull();
    const noSessid = await app.fetch(STAFF_API.login, {
      method: 'POST',
      headers: { cookie: b.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@shop.test', password: STAFF_PASSWORD }),
    });
    expect(noSessid.status).toBe(403);
  });

  it('answers 429 after 5 failed tries of one address, even with the right password', async () => {
    const fresh = await createTestApp();
    try {
      await addStaff(fresh, { email: 'm@shop.test', role: 'manager' });
      const b = await staffBrowser(fresh);
      for (let i = 0; i < 5; i++)
        expect((await b.login({ email: 'm@shop.test', password: `wrong-${i}-password` })).status).toBe(401);
      const sixth = await b.login({ email: 'm@shop.test', password: STAFF_PASSWORD });
      expect(sixth.status).toBe(429);
      expect(sixth.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await fresh.close();
    }
  });

  it('a member’s own logins between guesses at others’ passwords buy no more guesses: 429 after 20', async () => {
    const fresh = await createTestApp();
    try {
      await addStaff(fresh, { email: 'insider@shop.test', role: 'content' });
      const targets = ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => `${n}@shop.test`);
      for (const email of targets) await addStaff(fresh, { email, role: 'manager' });
      const b = await staffBrowser(fresh);
      // Four guesses an address stay under its own five; the member logs in between, and it is no guess.
      for (const [n, email] of targets.slice(0, 5).entries()) {
        if (n > 0) expect((await b.login({ email: 'insider@shop.test', password: STAFF_PASSWORD })).status).toBe(200);
        for (let i = 0; i < 4; i++)
          expect((await b.login({ email, password: `guess-${i}-password` })).status).toBe(401);
      }
      const over = await b.login({ email: targets[5] as string, password: 'guess-0-password' });
      expect(over.status).toBe(429);
    } finally {
      await fresh.close();
    }
  });

  it('a member with a second factor logs in again and again: the form’s step without the code is no guess', async () => {
    const fresh = await createTestApp({}, { clock });
    const start = now;
    try {
      await addStaff(fresh, { email: 'two-step@shop.test', role: 'manager' }, clock);
      const secret = new Secret({ size: 20 });
      await fresh.database.db.execute(
        sql`update staff set totp_secret = ${secret.base32} where email = 'two-step@shop.test'`,
      );
      const b = await staffBrowser(fresh);
      // More than the client's twenty tries in a quarter of an hour, each with its step without the code.
      for (let i = 0; i < 22; i++) {
        const first = await b.login({ email: 'two-step@shop.test', password: STAFF_PASSWORD });
        expect((await errorsOf(first))[0]?.code).toBe('TOTP_REQUIRED');
        // A code's step of 30 seconds is spent once: the next login waits for the next step, within the window.
        now = new Date(now.getTime() + 30_000);
        const totp = new TOTP({ secret }).generate({ timestamp: now.getTime() });
        expect((await b.login({ email: 'two-step@shop.test', password: STAFF_PASSWORD, totp })).status).toBe(200);
      }
    } finally {
      now = start;
      await fresh.close();
    }
  });

  it('ends the session after 12 idle hours, and not while it is used', async () => {
    const b = await staffBrowser(app);
    await b.login({ email: 'owner@shop.test', password: STAFF_PASSWORD });
    const start = now;
    try {
      now = new Date(start.getTime() + 11 * 3600_000);
      expect((await b.get('/admin/')).status).toBe(200);
      now = new Date(now.getTime() + 11 * 3600_000);
      expect((await b.get('/admin/')).status).toBe(200);
      now = new Date(now.getTime() + 12 * 3600_000 + 1000);
      const idle = await b.get('/admin/');
      expect(idle.status).toBe(302);
      expect(idle.headers.get('location')).toMatch(/^\/admin\/login\//);
    } finally {
      now = start;
    }
  });

  it('logs out: the session no longer opens the back office', async () => {
    const b = await staffBrowser(app);
    await b.login({ email: 'owner@shop.test', password: STAFF_PASSWORD });
    const session = b.cookie;
    expect((await b.call(STAFF_API.logout)).status).toBe(200);
    const after = await app.fetch(STAFF_API.staff, { headers: { cookie: session } });
    expect(after.status).toBe(401);
  });

  it('logs in through the page without JavaScript and goes to the back office', async () => {
    const b = await staffBrowser(app);
    const res = await b.form('/admin/login/', { email: 'owner@shop.test', password: STAFF_PASSWORD });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/admin/');
    const home = await b.get('/admin/');
    expect(home.status).toBe(200);
    expect(home.headers.get('cache-control')).toBe('private, no-store');
    const html = await home.text();
    expect(html).toContain('Панель управления');
  });

  it('answers a wrong password on the page with 401 and the message, and 429 over the limit', async () => {
    // An app of its own: the tries count per client, and every test here comes from one address.
    const own = await createTestApp();
    try {
      const b = await staffBrowser(own);
      const wrong = await b.form('/admin/login/', { email: 'page@shop.test', password: 'не-тот-пароль' });
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).toContain('role="alert"');
      for (let i = 0; i < 4; i++)
        await b.form('/admin/login/', { email: 'page@shop.test', password: `wrong-${i}-password` });
      const over = await b.form('/admin/login/', { email: 'page@shop.test', password: 'ещё-одна-попытка' });
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await own.close();
    }
  });
});

describe('the back office in another letter case', () => {
  it('is gated all the same: the page router takes `/ADMIN/LOGIN/` for `/admin/login/`', async () => {
    const b = await staffBrowser(app);
    const res = await b.form('/ADMIN/LOGIN/', { email: 'owner@shop.test', password: STAFF_PASSWORD });
    expect(res.status).toBe(302);
    expect((await b.get('/admin/')).status).toBe(200);
  });
});

describe('the login form with JavaScript on', () => {
  it('posts to the page’s data address, which the gate lets through, and the session starts', async () => {
    const b = await staffBrowser(app);
    const res = await b.form('/admin/login/_.data', { email: 'owner@shop.test', password: STAFF_PASSWORD });
    expect(res.status).not.toBe(401);
    expect(res.status).toBeLessThan(500);
    expect((await b.get('/admin/')).status).toBe(200);
  });
});

describe('the second factor', () => {
  it('once switched on with the QR code, login needs a valid code', async () => {
    await addStaff(app, { email: 'totp@shop.test', role: 'manager' }, clock);
    const b = await staffBrowser(app);
    await b.login({ email: 'totp@shop.test', password: STAFF_PASSWORD });
    const setup = await (await b.form('/admin/account/', { intent: 'totp-setup' })).text();
    expect(setup).toContain('alt="QR-код для приложения-аутентификатора"');
    const secret = setup.match(/<code>([A-Z2-7]+)<\/code>/)?.[1] ?? '';
    const code = (at: Date) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
    const enabled = await (await b.form('/admin/account/', { intent: 'totp-enable', code: code(now) })).text();
    expect(enabled).toContain('Вход по коду из приложения включён.');

    const other = await staffBrowser(app);
    const noCode = await other.login({ email: 'totp@shop.test', password: STAFF_PASSWORD });
    expect(noCode.status).toBe(401);
    expect((await errorsOf(noCode))[0]?.code).toBe('TOTP_REQUIRED');
    const wrong = await other.login({ email: 'totp@shop.test', password: STAFF_PASSWORD, totp: '000000' });
    expect(wrong.status).toBe(401);
    const later = new Date(now.getTime() + 60_000);
    const start = now;
    now = later;
    try {
      const ok = await other.login({ email: 'totp@shop.test', password: STAFF_PASSWORD, totp: code(later) });
      expect(ok.status).toBe(200);
      // A code works once.
      const third = await staffBrowser(app);
      const replay = await third.login({ email: 'totp@shop.test', password: STAFF_PASSWORD, totp: code(later) });
      expect(replay.status).toBe(401);
      // A code sent by several logins at once still opens one session only.
      const next = new Date(later.getTime() + 60_000);
      now = next;
      const browsers = await Promise.all(Array.from({ length: 5 }, () => staffBrowser(app)));
      const statuses = await Promise.all(
        browsers.map(
          async (br) =>
            (await br.login({ email: 'totp@shop.test', password: STAFF_PASSWORD, totp: code(next) })).status,
        ),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    } finally {
      now = start;
    }
  });
});

describe('the guard', () => {
  it('sends a role where it may not go away with 403, page and call alike', async () => {
    const b = await staffBrowser(app);
    await b.login({ email: 'content@shop.test', password: STAFF_PASSWORD });
    expect((await b.get('/admin/staff/')).status).toBe(403);
    expect((await b.get('/admin/audit/')).status).toBe(403);
    const list = await b.get(STAFF_API.staff);
    expect(list.status).toBe(403);
    expect((await errorsOf(list))[0]?.code).toBe('FORBIDDEN');
    const invite = await b.call(STAFF_API.staff, { email: 'x@shop.test', role: 'owner' });
    expect(invite.status).toBe(403);
    // The navigation shows only what the role may do.
    const home = await (await b.get('/admin/')).text();
    expect(home).not.toContain('href="/admin/staff/"');
    expect(home).toContain('href="/admin/account/"');
  });

  it('takes a shopper’s session for nobody: the login page or 401', async () => {
    const shopper = await newVisitor(app);
    const page = await shopper.get('/admin/staff/', { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/admin/login/?next=%2Fadmin%2Fstaff%2F');
    expect((await shopper.get(STAFF_API.staff)).status).toBe(401);
  });

  it('stands in front of every back-office page and call: without a staff session, nothing opens', async () => {
    const open = new Set(['admin/login', 'admin/invite']);
    const pages = (await routes)
      .flatMap((e: RouteConfigEntry) =>
        e.path === 'admin' ? [e, ...(e.children ?? []).map((c) => ({ ...c, path: `admin/${c.path ?? ''}` }))] : [e],
      )
      .filter((e) => e.path?.startsWith('admin') && !open.has(e.path))
      .map((e) => `/${e.path}/`.replace(/\/+$/, '/'));
    expect(pages).toEqual(expect.arrayContaining(['/admin/', '/admin/staff/', '/admin/audit/', '/admin/account/']));
    for (const page of pages) {
      const get = await app.fetch(page, { redirect: 'manual' });
      expect([page, get.status, get.headers.get('location')?.startsWith('/admin/login/')]).toEqual([page, 302, true]);
      const data = await app.fetch(`${page.replace(/\/$/, '')}.data`, { redirect: 'manual' });
      expect([page, data.status]).not.toEqual([page, 200]);
      const post = await app.fetch(page, {
        method: 'POST',
        headers: { origin: 'http://shop.test' },
        redirect: 'manual',
      });
      expect([page, post.status]).toEqual([page, 401]);
    }
    const calls = Object.values(STAFF_API).filter((p) => p !== STAFF_API.login);
    const visitor = await newVisitor(app);
    for (const call of calls) {
      expect([call, (await visitor.get(call)).status]).toEqual([call, 401]);
      expect([call, (await visitor.post(call, {}, { json: true })).status]).toEqual([call, 401]);
    }
  });
});

describe('invitations', () => {
  it('the owner invites by a letter through the outbox, and its link creates the account once', async () => {
    const owner = await staffBrowser(app);
    await owner.login({ email: 'owner@shop.test', password: STAFF_PASSWORD });
    const res = await owner.call(STAFF_API.staff, { email: 'New.Manager@shop.test', name: 'Ирина', role: 'manager' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { invitation: { email: string } } }).data.invitation.email).toBe(
      'new.manager@shop.test',
    );
    await app.outbox.deliver();
    const letter = await readOutbox(app, { to: 'new.manager@shop.test', channel: 'email' });
    expect(letter?.kind).toBe('staff-invite');
    const link = letter?.text.match(/http:\/\/shop\.test\/admin\/invite\/\?token=\S+/)?.[0] ?? '';
    const path = link.replace('http://shop.test', '');
    const newcomer = await staffBrowser(app);
    expect(await (await newcomer.get(path)).text()).toContain('Роль: Менеджер');
    const created = await newcomer.form(path, { name: 'Ирина', password: 'снег-идёт-давно' });
    expect(created.status).toBe(302);
    expect((await newcomer.get('/admin/')).status).toBe(200);
    const again = await (await staffBrowser(app)).form(path, { name: 'Ещё', password: 'снег-идёт-давно' });
    expect(await again.text()).toContain('Приглашение недействительно');
    const list = (await (await owner.get(STAFF_API.staff)).json()) as { data: { items: { email: string }[] } };
    expect(list.data.items.filter((m) => m.email === 'new.manager@shop.test')).toHaveLength(1);
    // The invitation and the new account are in the audit log, with who did them.
    const audit = (await (
      await owner.get(`${STAFF_API.audit}?entity=staff-invite&entityId=new.manager@shop.test`)
    ).json()) as {
      data: { items: { action: string; staff: { email: string }; changes: Record<string, unknown> }[] };
    };
    expect(audit.data.items[0]).toMatchObject({
      action: 'staff.invite',
      staff: { email: 'owner@shop.test' },
      changes: { role: { before: null, after: 'manager' } },
    });
  });

  it('a shop member needs a shop, and a bad role or address is a 400 in Russian', async () => {
    const owner = await staffBrowser(app);
    await owner.login({ email: 'owner@shop.test', password: STAFF_PASSWORD });
    const noShop = await owner.call(STAFF_API.staff, { email: 'shop@shop.test', role: 'shop' });
    expect(noShop.status).toBe(400);
    expect((await errorsOf(noShop))[0]?.code).toBe('SHOP_REQUIRED');
    const badRole = await owner.call(STAFF_API.staff, { email: 'x@shop.test', role: 'admin' });
    expect(badRole.status).toBe(400);
  });
});

describe('the audit log', () => {
  it('commits with the change and is rolled back with it', async () => {
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          app.database.db,
          sql`select count(*)::int as n from audit_log where action = 'test.write'`,
        )
      )[0]?.n;
    const entry = auditEntry({ client: '203.0.113.5', now: clock }, null, {
      action: 'test.write',
      entity: 'test',
      entityId: 1,
    });
    await expect(
      unitOfWork(app.database.db).run(async (repos) => {
        await repos.audit.record(entry);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await count()).toBe(0);
    await unitOfWork(app.database.db).run((repos) => repos.audit.record(entry));
    expect(await count()).toBe(1);
  });

  it('lists staff writes on its page as sentences, filtered by what was written', async () => {
    const owner = await staffBrowser(app);
    await owner.login({ email: 'owner@shop.test', password: STAFF_PASSWORD });
    const html = await (await owner.get('/admin/audit/?entity=staff')).text();
    expect(html).toContain('Вход в панель управления: <a');
    expect(html).not.toContain('staff.login');
    expect(html).toContain('<label');
  });
});

describe('the first start', () => {
  it('prints a one-use owner link when no staff exists and no ADMIN_* is set; with them, makes the owner', async () => {
    const fresh = await createTestApp();
    try {
      const lines: string[] = [];
      const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
      await bootstrapStaff({ services: fresh.services, settings: {}, log });
      const link = lines.join('\n').match(/http:\/\/shop\.test\/admin\/invite\/\?token=\S+/)?.[0] ?? '';
      expect(link).not.toBe('');
      const b = await staffBrowser(fresh);
      const path = link.replace('http://shop.test', '');
      const made = await b.form(path, { email: 'first@shop.test', name: 'Анна', password: 'первый-снег-зимой' });
      expect(made.status).toBe(302);
      expect((await b.get(STAFF_API.staff)).status).toBe(200);
      lines.length = 0;
      await bootstrapStaff({ services: fresh.services, settings: {}, log });
      expect(lines).toEqual([]);
      await bootstrapStaff({
        services: fresh.services,
        settings: { ADMIN_EMAIL: 'boss@shop.test', ADMIN_PASSWORD: 'главный-по-метелям' },
        log,
      });
      const boss = await staffBrowser(fresh);
      const res = await boss.login({ email: 'boss@shop.test', password: 'главный-по-метелям' });
      expect(((await res.json()) as { data: { staff: { role: string } } }).data.staff.role).toBe('owner');
    } finally {
      await fresh.close();
    }
  });
});
