import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPhone } from '../../domain/auth/phone';
import { formatAmount } from '../../domain/pricing/price';
import { baseURL, launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { type Post, placeShopOrder } from './support/shop-order';
import { E2E_OWNER, staffLogin } from './support/staff';

/** Where the pages' pictures go, to be looked at (SHOTS_DIR overrides). */
const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/admin-customers-guests');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

/** A client of the shop's calls: its cookies (a login's new ones replace them) and a post that fails on a refusal. */
async function client(): Promise<Post> {
  const state = await fetch(`${baseURL()}/api/v2/user/state/`);
  let cookie = (state.headers.get('set-cookie') ?? '').split(';')[0] as string;
  let { sessid } = ((await state.json()) as { data: { sessid: string } }).data;
  return async <T = Record<string, unknown>>(address: string, fields: Record<string, string | number>): Promise<T> => {
    const res = await fetch(`${baseURL()}${address}`, {
      method: 'POST',
      headers: { cookie },
      body: new URLSearchParams(Object.entries({ sessid, ...fields }).map(([k, v]) => [k, String(v)])),
    });
    const name = cookie.split('=')[0] as string;
    const set = res.headers.getSetCookie();
    const renewed = set.find((c) => c.startsWith(`${name}=`));
    if (renewed) cookie = [renewed.split(';')[0], ...cookie.split('; ').slice(1)].join('; ');
    const staff = set.find((c) => !c.startsWith(`${name}=`));
    if (staff) cookie = `${cookie}; ${staff.split(';')[0]}`;
    // The REST calls answer `data`; the order page's RPC (`/api/`) answers its fields at the top.
    const body = (await res.json()) as { data?: T } & T;
    if (!res.ok) throw new Error(`${address} answered ${res.status}: ${JSON.stringify(body)}`);
    const next = (body.data as { sessid?: string } | undefined)?.sessid;
    if (next) sessid = next;
    return (address === '/api/' ? body : body.data) as T;
  };
}

describe('guests on the customers desk (issue 47.2)', () => {
  it('a guest is in the list and has a card; once registered, the account card shows the lifetime figures', async () => {
    const phone = `7900${String(Date.now() % 1e7).padStart(7, '0')}`;
    const name = `Вьюгина Ольга ${Date.now() % 1e5}`;
    const order = await placeShopOrder(phone, { key: 'guest', mailbox: 'guest', name, client });

    // The list at 1440: guests only, found by the phone as typed.
    const desk = await openPage(browser, 'desktop');
    desk.page.setDefaultTimeout(15_000);
    await staffLogin(desk.page, '/admin/customers/');
    await desk.page.getByLabel('Имя, телефон, email или номер карты').fill(formatPhone(phone));
    await desk.page.getByLabel('Кто').selectOption('guests');
    await desk.page.getByRole('button', { name: 'Найти' }).click();
    await desk.page.getByRole('status').filter({ hasText: 'Найдено покупателей: 1' }).waitFor();
    await settle(desk.page);
    const row = desk.page.getByRole('row').filter({ hasText: name });
    expect(await row.textContent()).toContain('гость, без учётной записи');
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'guests-1440');

    // The guest's card: the order, the figures.
    await desk.page.getByRole('link', { name }).click();
    await desk.page.getByRole('heading', { level: 1, name: `Гость ${formatPhone(phone)}` }).waitFor();
    expect(new URL(desk.page.url()).pathname).toBe(`/admin/customers/guest-${order.id}/`);
    await settle(desk.page);
    expect(await desk.page.getByRole('region', { name: 'Заказы', exact: true }).textContent()).toContain(
      `№ ${order.number}`,
    );
    const figures = desk.page.getByRole('region', { name: 'За всё время' });
    expect(await figures.textContent()).toContain('Заказов всего1');
    expect(await figures.textContent()).toContain('дисконтной карты нет');
    expect(await desk.page.getByRole('region', { name: 'Подписки на поступление' }).textContent()).toContain(
      'Подписок на поступление нет.',
    );
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'guest-card-1440');

    const phoneView = await openPage(browser, 'mobile');
    phoneView.page.setDefaultTimeout(15_000);
    await staffLogin(phoneView.page, '/admin/customers/');
    await phoneView.page.goto(`/admin/customers/?who=guests&q=${phone}`);
    await phoneView.page.getByRole('status').filter({ hasText: 'Найдено покупателей: 1' }).waitFor();
    await settle(phoneView.page);
    expect(await phoneView.page.getByRole('row').filter({ hasText: name }).count()).toBe(1);
    expect(await phoneView.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(phoneView.page)).toEqual([]);
    await shot(phoneView.page, 'guests-375');
    await phoneView.page.getByRole('link', { name }).click();
    await phoneView.page.getByRole('heading', { level: 1, name: `Гость ${formatPhone(phone)}` }).waitFor();
    await settle(phoneView.page);
    expect(await phoneView.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(phoneView.page)).toEqual([]);
    await shot(phoneView.page, 'guest-card-375');

    // The guest registers with the phone the session confirmed: the order is the account's; the staff hand it over.
    const email = `olga.${Date.now()}@e2e.example.ru`;
    const { user } = await order.post<{ user: { id: number } }>('/api/v2/user/auth/register/', {
      name: 'Ольга',
      email,
      phone,
      password: 'Тёплый-пуховик-2026',
      agree: 'Y',
    });
    const owner = await client();
    await owner('/api/v2/admin/auth/login/', E2E_OWNER);
    for (const to of ['confirmed', 'assembling', 'ready'])
      await owner(`/api/v2/admin/orders/${order.id}/transition/`, { to });
    await owner(`/api/v2/admin/orders/${order.id}/handover-without-code/`, { reason: 'Покупательница без телефона' });
    const res = await fetch(`${baseURL()}/api/v2/admin/customers/${user.id}/`, {
      headers: { cookie: await cookieOf(desk.page) },
    });
    const { customer } = ((await res.json()) as { data: { customer: { lifetime: Lifetime } } }).data;
    expect(customer.lifetime).toMatchObject({ allOrders: 1, completed: 1 });
    expect(customer.lifetime.completedSum).toBeGreaterThan(0);

    // The guest's address leads to the account now, whose card has the figures: at 1440 and at 375.
    await desk.page.goto(`/admin/customers/guest-${order.id}/`);
    await desk.page.waitForURL((url) => url.pathname === `/admin/customers/${user.id}/`);
    await desk.page.getByRole('heading', { level: 1, name: 'Ольга' }).waitFor();
    await settle(desk.page);
    const lifetime = desk.page.getByRole('region', { name: 'За всё время' });
    const text = await lifetime.textContent();
    expect(text).toContain('получено 1 заказ');
    expect(text).toContain(formatAmount(Math.round(customer.lifetime.completedSum * 100)));
    expect(await desk.page.getByRole('region', { name: 'Заказы', exact: true }).textContent()).toContain(
      `№ ${order.number}`,
    );
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'account-card-1440');

    await phoneView.page.goto(`/admin/customers/${user.id}/`);
    await phoneView.page.getByRole('region', { name: 'За всё время' }).waitFor();
    await settle(phoneView.page);
    expect(await phoneView.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(phoneView.page)).toEqual([]);
    await shot(phoneView.page, 'account-card-375');
    expect(desk.errors).toEqual([]);
    expect(phoneView.errors).toEqual([]);
    await desk.page.context().close();
    await phoneView.page.context().close();
  });
});

type Lifetime = { allOrders: number; completed: number; completedSum: number };

/** The browser's cookies for the shop, as a request header (the staff's session of the page). */
async function cookieOf(page: Page): Promise<string> {
  return (await page.context().cookies(baseURL())).map((c) => `${c.name}=${c.value}`).join('; ');
}
