import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../support/outbox';
import { baseURL, launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { E2E_OWNER } from './support/staff';

/** Where the pages' pictures go, to be looked at (SHOTS_DIR overrides). */
const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/admin-customers');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

/** A message the outbox's worker wrote (it runs on its own), once it is there. */
async function outboxText(to: string, channel: 'sms' | 'email', pattern: RegExp): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const found = (await readOutbox({ dataDir: inject('dataDir') }, { to, channel }))?.text.match(pattern)?.[1];
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${channel} to ${to} matching ${pattern}`);
}

/** A client of the shop's calls: its session cookie, and a post with its sessid that fails on a refusal. */
async function client() {
  const state = await fetch(`${baseURL()}/api/v2/user/state/`);
  let cookie = (state.headers.get('set-cookie') ?? '').split(';')[0] as string;
  let { sessid } = ((await state.json()) as { data: { sessid: string } }).data;
  const post = async <T = Record<string, unknown>>(address: string, fields: Record<string, string | number>) => {
    const res = await fetch(`${baseURL()}${address}`, {
      method: 'POST',
      headers: { cookie },
      body: new URLSearchParams(Object.entries({ sessid, ...fields }).map(([k, v]) => [k, String(v)])),
      redirect: 'manual',
    });
    const name = cookie.split('=')[0] as string;
    const set = res.headers.getSetCookie();
    // A login renews the shopper's session: the new cookie replaces the old one.
    const renewed = set.find((c) => c.startsWith(`${name}=`));
    if (renewed) cookie = [renewed.split(';')[0], ...cookie.split('; ').slice(1)].join('; ');
    const staff = set.find((c) => !c.startsWith(`${name}=`));
    if (staff) cookie = `${cookie}; ${staff.split(';')[0]}`;
    if (res.status >= 400) throw new Error(`${address} answered ${res.status}: ${await res.text()}`);
    const body = (res.headers.get('content-type')?.includes('json') ? await res.json() : {}) as { data?: T };
    const next = (body.data as { sessid?: string } | undefined)?.sessid;
    if (next) sessid = next;
    return body.data as T;
  };
  const user = async () =>
    (
      (await (await fetch(`${baseURL()}/api/v2/user/state/`, { headers: { cookie } })).json()) as {
        data: { user: { auth: boolean } };
      }
    ).data.user;
  return { post, user };
}

/** A manager invited by the owner, their account made on the invitation's page. */
async function invitedManager(page: Page): Promise<void> {
  const { post } = await client();
  await post('/api/v2/admin/auth/login/', E2E_OWNER);
  const email = `cm.${Date.now() % 1e7}@e2e.example.ru`;
  await post('/api/v2/admin/staff/', { email, role: 'manager', name: 'Менеджер Покупателей' });
  const link = await outboxText(email, 'email', /(https?:\/\/\S+\/admin\/invite\/\S+)/);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('Имя').fill('Менеджер Покупателей');
  await page.getByLabel('Пароль').fill('покупатели-2026-зима');
  await page.getByRole('button', { name: 'Создать учётную запись' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/invite'));
}

describe('the customers desk', () => {
  it('a manager finds a customer at 1440 and blocks them at 768; the shopper is logged out', async () => {
    const email = `snegireva.${Date.now()}@e2e.example.ru`;
    const shopper = await client();
    await shopper.post('/api/v2/user/auth/register/', {
      name: 'Алёна',
      email,
      password: 'Тёплый-пуховик-2026',
      agree: 'Y',
    });
    expect((await shopper.user()).auth).toBe(true);

    const desk = await openPage(browser, 'desktop');
    desk.page.setDefaultTimeout(15_000);
    await invitedManager(desk.page);
    await desk.page.goto('/admin/customers/');
    await desk.page.getByLabel('Имя, телефон, email или номер карты').fill(email);
    await desk.page.getByRole('button', { name: 'Найти' }).click();
    await desk.page.getByRole('status').filter({ hasText: 'Найдено покупателей: 1' }).waitFor();
    await settle(desk.page);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'list-1440');
    await desk.page.getByRole('link', { name: 'Алёна' }).click();
    await desk.page.getByRole('heading', { level: 1, name: 'Алёна' }).waitFor();
    await settle(desk.page);
    expect(await desk.page.getByRole('region', { name: 'Дисконтная карта' }).textContent()).toContain('Номер');
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'card-1440');

    await desk.page.setViewportSize({ width: 768, height: 1024 });
    await settle(desk.page);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await desk.page.getByLabel('Причина блокировки').fill('Покупатель просит закрыть доступ');
    await desk.page.getByRole('button', { name: 'Заблокировать' }).click();
    await desk.page.getByRole('status').filter({ hasText: 'Покупатель заблокирован' }).waitFor();
    expect(await desk.page.getByRole('note').textContent()).toContain('Покупатель просит закрыть доступ');
    await desk.page.getByRole('button', { name: 'Разблокировать' }).waitFor();
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'card-blocked-768');
    expect((await shopper.user()).auth).toBe(false);
    expect(desk.errors).toEqual([]);
    await desk.page.context().close();
  });
});
