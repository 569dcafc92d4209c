import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { readOutbox } from '../support/outbox';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 43.7: an invitation link outliving its purpose — a later invitation, a removal, an acceptance — is a way in.
let app: TestApp;
let owner: Awaited<ReturnType<typeof staffBrowser>>;

beforeAll(async () => {
  app = await createTestApp();
  await addStaff(app, { email: 'owner@shop.test', role: 'owner' });
  owner = await staffBrowser(app);
  expect((await owner.login({ email: 'owner@shop.test', password: STAFF_PASSWORD })).status).toBe(200);
});
afterAll(() => app.close());

/** The owner invites through the API; the path of the link the letter carries. */
async function invite(email: string, role: string): Promise<string> {
  expect((await owner.call(STAFF_API.staff, { email, role })).status).toBe(200);
  await app.outbox.deliver();
  const letter = await readOutbox(app, { to: email, channel: 'email' });
  const link = letter?.text.match(/http:\/\/shop\.test\/admin\/invite\/\?token=\S+/)?.[0] ?? '';
  expect(link).not.toBe('');
  return link.replace('http://shop.test', '');
}

const accept = async (path: string) =>
  (await staffBrowser(app)).form(path, { name: 'Гость', password: 'снег-идёт-давно-42' });

const idOf = async (email: string) => {
  const list = (await (await owner.get(STAFF_API.staff)).json()) as {
    data: { items: { id: number; email: string }[] };
  };
  return list.data.items.find((m) => m.email === email)?.id;
};

describe('invitations', () => {
  it('a new invitation of an address ends the earlier link, with its earlier role', async () => {
    const first = await invite('twice@shop.test', 'owner');
    const second = await invite('twice@shop.test', 'content');
    const old = await accept(first);
    expect(old.status).toBe(400);
    expect(await old.text()).toContain('Приглашение недействительно');
    expect(await idOf('twice@shop.test')).toBeUndefined();
    expect((await accept(second)).status).toBe(302);
  });

  it('a removed member’s leftover link does not bring the account back', async () => {
    const first = await invite('leaver@shop.test', 'manager');
    const second = await invite('leaver@shop.test', 'manager');
    expect((await accept(second)).status).toBe(302);
    const id = await idOf('leaver@shop.test');
    expect(id).toBeGreaterThan(0);
    expect((await owner.call(STAFF_API.staffRemove.replace(':id', String(id)))).status).toBe(200);
    const back = await accept(first);
    expect(await back.text()).toContain('Приглашение недействительно');
    expect(await idOf('leaver@shop.test')).toBeUndefined();
  });

  it('the staff page lists the open invitations and takes one back', async () => {
    const path = await invite('later@shop.test', 'merchandiser');
    const page = await owner.get('/admin/staff/');
    const html = await page.text();
    expect(html).toContain('Открытые приглашения');
    expect(html).toMatch(/later@shop\.test<\/td><td>[^<]*Мерчандайзер/);
    expect(html).toContain('owner@shop.test');
    const revoked = await owner.form('/admin/staff/', { intent: 'revoke', email: 'later@shop.test' });
    expect(revoked.status).toBe(200);
    expect(await revoked.text()).toContain('отозвано');
    expect(await (await accept(path)).text()).toContain('Приглашение недействительно');
    expect(await (await owner.get('/admin/staff/')).text()).not.toContain('later@shop.test');
    const again = await owner.form('/admin/staff/', { intent: 'revoke', email: 'later@shop.test' });
    expect(again.status).toBe(404);
  });
});
