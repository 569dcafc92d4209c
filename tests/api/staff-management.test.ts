import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { queryRows } from '../../db/client';
import type { StaffRole } from '../../domain/staff/staff-member';
import { bootstrapStaff } from '../../server/staff-bootstrap';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
const now = new Date('2026-03-02T09:00:00Z');
const clock = () => now;
let owner: Awaited<ReturnType<typeof staffBrowser>>;
let shopId: number;

interface Member {
  id: number;
  email: string;
  role: StaffRole;
  shopId: number | null;
}
interface AuditItem {
  action: string;
  staff: { id: number | null; email: string };
  entityId: string;
  changes: Record<string, { before: unknown; after: unknown }>;
}

const at = (path: string, id: number | string) => path.replace(':id', String(id));
const errorsOf = async (res: Response) =>
  ((await res.json()) as { errors: { code: string; message: string }[] }).errors;

async function loggedIn(testApp: TestApp, email: string) {
  const b = await staffBrowser(testApp);
  expect((await b.login({ email, password: STAFF_PASSWORD })).status).toBe(200);
  return b;
}

async function members(b = owner): Promise<Member[]> {
  return ((await (await b.get(STAFF_API.staff)).json()) as { data: { items: Member[] } }).data.items;
}

async function idOf(email: string, b = owner): Promise<number> {
  const found = (await members(b)).find((m) => m.email === email);
  if (!found) throw new Error(`${email} is not on the staff list`);
  return found.id;
}

async function auditOf(id: number, b = owner): Promise<AuditItem[]> {
  const res = await b.get(`${STAFF_API.audit}?entity=staff&entityId=${id}`);
  return ((await res.json()) as { data: { items: AuditItem[] } }).data.items;
}

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  await addStaff(app, { email: 'owner@shop.test', role: 'owner' }, clock);
  owner = await loggedIn(app, 'owner@shop.test');
  const [shop] = await queryRows<{ id: number }>(
    app.database.db,
    sql`select id from stores where type = 'shop' order by id limit 1`,
  );
  shopId = Number(shop?.id);
  expect(shopId).toBeGreaterThan(0);
});
afterAll(() => app.close());

describe('a role change', () => {
  it('holds from the member’s next request: their permissions and navigation change in the same session', async () => {
    await addStaff(app, { email: 'riser@shop.test', role: 'manager' }, clock);
    const riser = await loggedIn(app, 'riser@shop.test');
    const id = await idOf('riser@shop.test');
    expect((await riser.get(STAFF_API.audit)).status).toBe(403);
    expect(await (await riser.get('/admin/')).text()).not.toContain('href="/admin/staff/"');

    const up = await owner.call(at(STAFF_API.staffMember, id), { role: 'owner' });
    expect(up.status).toBe(200);
    expect(((await up.json()) as { data: { staff: Member } }).data.staff).toMatchObject({
      id,
      email: 'riser@shop.test',
      role: 'owner',
      shopId: null,
    });
    expect((await riser.get(STAFF_API.audit)).status).toBe(200);
    expect(await (await riser.get('/admin/')).text()).toContain('href="/admin/staff/"');

    const down = await owner.call(at(STAFF_API.staffMember, id), { role: 'content' });
    expect(down.status).toBe(200);
    const refused = await riser.get(STAFF_API.audit);
    expect(refused.status).toBe(403);
    expect((await errorsOf(refused))[0]?.code).toBe('FORBIDDEN');
    expect((await riser.get(STAFF_API.staff)).status).toBe(403);
    expect(await (await riser.get('/admin/')).text()).not.toContain('href="/admin/staff/"');

    // Each change is in the audit log with who made it and the role before and after.
    const entries = (await auditOf(id)).filter((e) => e.action === 'staff.role');
    expect(entries.map((e) => e.changes.role)).toEqual([
      { before: 'owner', after: 'content' },
      { before: 'manager', after: 'owner' },
    ]);
    expect(entries[0]?.staff.email).toBe('owner@shop.test');
  });

  it('binds a shop member to a shop: required for that role, refused for another, and audited', async () => {
    await addStaff(app, { email: 'till@shop.test', role: 'manager' }, clock);
    const id = await idOf('till@shop.test');
    const noShop = await owner.call(at(STAFF_API.staffMember, id), { role: 'shop' });
    expect(noShop.status).toBe(400);
    expect((await errorsOf(noShop))[0]?.code).toBe('SHOP_REQUIRED');
    const unknownShop = await owner.call(at(STAFF_API.staffMember, id), { role: 'shop', shopId: 999_999 });
    expect((await errorsOf(unknownShop))[0]?.code).toBe('SHOP_UNKNOWN');
    const shopForManager = await owner.call(at(STAFF_API.staffMember, id), { role: 'manager', shopId });
    expect(shopForManager.status).toBe(400);
    const [notAllowed] = await errorsOf(shopForManager);
    expect(notAllowed?.code).toBe('SHOP_NOT_ALLOWED');
    expect(notAllowed?.message).toMatch(/Магазин/);
    const badRole = await owner.call(at(STAFF_API.staffMember, id), { role: 'admin' });
    expect(badRole.status).toBe(400);

    const ok = await owner.call(at(STAFF_API.staffMember, id), { role: 'shop', shopId });
    expect(ok.status).toBe(200);
    expect((await members()).find((m) => m.id === id)).toMatchObject({ role: 'shop', shopId });
    const back = await owner.call(at(STAFF_API.staffMember, id), { role: 'manager' });
    expect(((await back.json()) as { data: { staff: Member } }).data.staff).toMatchObject({ shopId: null });
    const [latest, first] = (await auditOf(id)).filter((e) => e.action === 'staff.role');
    expect(first?.changes).toEqual({
      role: { before: 'manager', after: 'shop' },
      shopId: { before: null, after: shopId },
    });
    expect(latest?.changes).toEqual({
      role: { before: 'shop', after: 'manager' },
      shopId: { before: shopId, after: null },
    });
  });

  it('answers 404 for an id that names nobody', async () => {
    for (const id of ['999999', 'abc', '1e3']) {
      const res = await owner.call(at(STAFF_API.staffMember, id), { role: 'manager' });
      expect([id, res.status]).toEqual([id, 404]);
      expect((await errorsOf(res))[0]?.code).toBe('STAFF_NOT_FOUND');
    }
    expect((await owner.call(at(STAFF_API.staffRemove, 999_999))).status).toBe(404);
  });

  it('works from the owner’s page without JavaScript', async () => {
    await addStaff(app, { email: 'page@shop.test', role: 'manager' }, clock);
    const id = await idOf('page@shop.test');
    const page = await (await owner.get('/admin/staff/')).text();
    expect(page).toContain('Роль сотрудника page@shop.test');
    expect(page).toContain(`href="/admin/staff/${id}/remove/"`);
    const res = await owner.form('/admin/staff/', {
      intent: 'role',
      id: String(id),
      role: 'shop',
      shopId: String(shopId),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('page@shop.test: роль — «Магазин».');
    expect((await members()).find((m) => m.id === id)).toMatchObject({ role: 'shop', shopId });
    // The row's shop choice is for the «Магазин» role only: another role leaves it aside.
    await owner.form('/admin/staff/', { intent: 'role', id: String(id), role: 'content', shopId: String(shopId) });
    expect((await members()).find((m) => m.id === id)).toMatchObject({ role: 'content', shopId: null });
    const noShop = await owner.form('/admin/staff/', { intent: 'role', id: String(id), role: 'shop', shopId: '' });
    expect(noShop.status).toBe(400);
    expect(await noShop.text()).toContain('role="alert"');
  });
});

describe('a removal', () => {
  it('ends the member’s sessions at once, refuses their login, and keeps them in the audit log', async () => {
    await addStaff(app, { email: 'leaver@shop.test', role: 'manager' }, clock);
    const leaver = await loggedIn(app, 'leaver@shop.test');
    const id = await idOf('leaver@shop.test');
    expect((await leaver.get('/admin/')).status).toBe(200);

    const res = await owner.call(at(STAFF_API.staffRemove, id));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown }).data).toEqual({});
    const call = await leaver.call(STAFF_API.logout);
    expect(call.status).toBe(401);
    const page = await leaver.get('/admin/');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toMatch(/^\/admin\/login\//);
    const again = await (await staffBrowser(app)).login({ email: 'leaver@shop.test', password: STAFF_PASSWORD });
    expect(again.status).toBe(401);
    expect((await errorsOf(again))[0]?.code).toBe('INVALID_CREDENTIALS');

    expect((await members()).map((m) => m.email)).not.toContain('leaver@shop.test');
    expect((await owner.call(at(STAFF_API.staffRemove, id))).status).toBe(404);
    expect((await owner.call(at(STAFF_API.staffMember, id), { role: 'content' })).status).toBe(404);
    // The entry of the removal, and the member's own entries still filed under their id.
    const entries = await auditOf(id);
    expect(entries[0]).toMatchObject({
      action: 'staff.remove',
      staff: { email: 'owner@shop.test' },
      changes: { removed: { before: false, after: true } },
    });
    const theirs = await owner.get(`${STAFF_API.audit}?staffId=${id}`);
    const own = ((await theirs.json()) as { data: { items: AuditItem[] } }).data.items;
    expect(own.map((e) => e.action)).toContain('staff.login');
    expect(own.every((e) => e.staff.id === id && e.staff.email === 'leaver@shop.test')).toBe(true);
  });

  it('leaves the address free: the owner may invite it again', async () => {
    await addStaff(app, { email: 'returning@shop.test', role: 'content' }, clock);
    const id = await idOf('returning@shop.test');
    expect((await owner.call(at(STAFF_API.staffRemove, id))).status).toBe(200);
    await addStaff(app, { email: 'returning@shop.test', role: 'merchandiser' }, clock);
    const back = await loggedIn(app, 'returning@shop.test');
    const newId = await idOf('returning@shop.test');
    expect(newId).not.toBe(id);
    expect((await members()).filter((m) => m.email === 'returning@shop.test')).toEqual([
      expect.objectContaining({ id: newId, role: 'merchandiser' }),
    ]);
    expect((await back.get('/admin/')).status).toBe(200);
  });

  it('asks to confirm on a second page, and is done by its form without JavaScript', async () => {
    await addStaff(app, { email: 'confirm@shop.test', role: 'content' }, clock);
    const id = await idOf('confirm@shop.test');
    const confirm = await owner.get(`/admin/staff/${id}/remove/`);
    expect(confirm.status).toBe(200);
    expect(confirm.headers.get('cache-control')).toBe('private, no-store');
    const html = await confirm.text();
    expect(html).toContain('Удалить confirm@shop.test');
    expect(html).toContain('method="post"');
    // Opening the page removes nobody.
    expect((await members()).map((m) => m.email)).toContain('confirm@shop.test');
    // The box is ticked, or nobody is removed.
    const unticked = await owner.form(`/admin/staff/${id}/remove/`, {});
    expect(unticked.status).toBe(400);
    expect((await members()).map((m) => m.email)).toContain('confirm@shop.test');
    const done = await owner.form(`/admin/staff/${id}/remove/`, { confirm: 'yes' });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/admin/staff/?removed=1');
    expect(await (await owner.get('/admin/staff/?removed=1')).text()).toContain('Сотрудник удалён');
    expect((await members()).map((m) => m.email)).not.toContain('confirm@shop.test');
    expect((await owner.get(`/admin/staff/${id}/remove/`)).status).toBe(404);
    expect((await owner.get('/admin/staff/abc/remove/')).status).toBe(404);
  });
});

describe('the refusals', () => {
  it('keeps the last owner and refuses removing oneself, with 409 and a Russian message, page and call alike', async () => {
    const own = await createTestApp({}, { clock });
    try {
      await addStaff(own, { email: 'first@shop.test', role: 'owner' }, clock);
      const first = await loggedIn(own, 'first@shop.test');
      const firstId = await idOf('first@shop.test', first);

      const demote = await first.call(at(STAFF_API.staffMember, firstId), { role: 'manager' });
      expect(demote.status).toBe(409);
      const [last] = await errorsOf(demote);
      expect(last?.code).toBe('LAST_OWNER');
      expect(last?.message).toMatch(/последнего владельца/);
      const self = await first.call(at(STAFF_API.staffRemove, firstId));
      expect(self.status).toBe(409);
      const [selfError] = await errorsOf(self);
      expect(selfError?.code).toBe('SELF_REMOVE');
      expect(selfError?.message).toMatch(/Себя удалить нельзя/);
      const pageDemote = await first.form('/admin/staff/', { intent: 'role', id: String(firstId), role: 'content' });
      expect(pageDemote.status).toBe(409);
      expect(await pageDemote.text()).toContain('first@shop.test: Нельзя снять роль с последнего владельца');
      expect(await (await first.get(`/admin/staff/${firstId}/remove/`)).text()).toContain('Себя удалить нельзя');
      expect((await first.form(`/admin/staff/${firstId}/remove/`, { confirm: 'yes' })).status).toBe(409);
      expect(await members(first)).toEqual([expect.objectContaining({ id: firstId, role: 'owner' })]);

      // With a second owner, the first may step down; the second is then the last.
      await addStaff(own, { email: 'second@shop.test', role: 'owner' }, clock);
      const second = await loggedIn(own, 'second@shop.test');
      const secondId = await idOf('second@shop.test', first);
      expect((await first.call(at(STAFF_API.staffMember, firstId), { role: 'manager' })).status).toBe(200);
      expect((await second.call(at(STAFF_API.staffMember, secondId), { role: 'manager' })).status).toBe(409);
      expect((await second.call(at(STAFF_API.staffMember, firstId), { role: 'owner' })).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('leaves one owner when two owners demote or remove each other at once', async () => {
    const own = await createTestApp({}, { clock });
    try {
      for (const email of ['a@shop.test', 'b@shop.test', 'c@shop.test', 'd@shop.test'])
        await addStaff(own, { email, role: 'owner' }, clock);
      const [a, b] = await Promise.all([loggedIn(own, 'a@shop.test'), loggedIn(own, 'b@shop.test')]);
      const ids = await Promise.all(['a', 'b', 'c', 'd'].map((x) => idOf(`${x}@shop.test`, a)));
      const owners = async () =>
        (
          await queryRows<{ n: number }>(
            own.database.db,
            sql`select count(*)::int as n from staff where role = 'owner' and removed_at is null`,
          )
        )[0]?.n;
      // c and d step aside first, so that a and b are the last two.
      expect((await a.call(at(STAFF_API.staffRemove, ids[2] as number))).status).toBe(200);
      expect((await a.call(at(STAFF_API.staffMember, ids[3] as number), { role: 'manager' })).status).toBe(200);
      expect(await owners()).toBe(2);
      const statuses = await Promise.all([
        a.call(at(STAFF_API.staffMember, ids[1] as number), { role: 'manager' }),
        b.call(at(STAFF_API.staffMember, ids[0] as number), { role: 'manager' }),
      ]).then((rs) => rs.map((r) => r.status).sort());
      // One wins; the other is refused as the last owner's change, or finds its own role already gone.
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      expect(await owners()).toBe(1);
    } finally {
      await own.close();
    }
  });

  it('gives a manager 403 FORBIDDEN on both calls, and the pages too', async () => {
    await addStaff(app, { email: 'mgr@shop.test', role: 'manager' }, clock);
    const manager = await loggedIn(app, 'mgr@shop.test');
    const target = await idOf('owner@shop.test');
    for (const res of [
      await manager.call(at(STAFF_API.staffMember, target), { role: 'content' }),
      await manager.call(at(STAFF_API.staffRemove, target)),
      // The permission comes before any check of the id or the form.
      await manager.call(at(STAFF_API.staffMember, 999_999), { role: 'nobody' }),
    ]) {
      expect(res.status).toBe(403);
      expect((await errorsOf(res))[0]?.code).toBe('FORBIDDEN');
    }
    expect((await manager.get(`/admin/staff/${target}/remove/`)).status).toBe(403);
    expect((await manager.form(`/admin/staff/${target}/remove/`, {})).status).toBe(403);
    expect((await manager.form('/admin/staff/', { intent: 'role', id: String(target), role: 'content' })).status).toBe(
      403,
    );
    expect((await members()).find((m) => m.id === target)?.role).toBe('owner');
  });
});

describe('the audit of every staff write', () => {
  it('records the start of a TOTP setup, without the secret', async () => {
    await addStaff(app, { email: 'totp@shop.test', role: 'content' }, clock);
    const member = await loggedIn(app, 'totp@shop.test');
    const id = await idOf('totp@shop.test');
    const page = await (await member.form('/admin/account/', { intent: 'totp-setup' })).text();
    const secret = page.match(/<code>([A-Z2-7]+)<\/code>/)?.[1] ?? '';
    expect(secret).not.toBe('');
    await member.form('/admin/account/', { intent: 'totp-setup' });
    const entries = (await auditOf(id)).filter((e) => e.action === 'staff.totp-setup-start');
    expect(entries).toEqual([
      expect.objectContaining({
        staff: expect.objectContaining({ email: 'totp@shop.test' }),
        changes: { pendingSecret: { before: 'прежний', after: 'новый' } },
      }),
      expect.objectContaining({ changes: { pendingSecret: { before: null, after: 'новый' } } }),
    ]);
    const stored = await queryRows<{ changes: unknown }>(
      app.database.db,
      sql`select changes from audit_log where entity_id = ${String(id)}`,
    );
    expect(JSON.stringify(stored)).not.toContain(secret);
  });

  it('records the first owner’s link printed at start', async () => {
    const fresh = await createTestApp({}, { clock });
    try {
      await bootstrapStaff({ services: fresh.services, settings: {}, log: { info() {}, warn() {} }, now: clock });
      const rows = await queryRows<{ action: string; staff_email: string; changes: Record<string, unknown> }>(
        fresh.database.db,
        sql`select action, staff_email, changes from audit_log where entity = 'staff-invite'`,
      );
      expect(rows).toEqual([
        {
          action: 'staff.owner-link',
          staff_email: 'система',
          changes: {
            role: { before: null, after: 'owner' },
            expiresAt: { before: null, after: '2026-03-03T09:00:00.000Z' },
          },
        },
      ]);
    } finally {
      await fresh.close();
    }
  });
});
