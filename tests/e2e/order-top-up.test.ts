import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../support/outbox';
import { baseURL, launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { type Post, placeShopOrder } from './support/shop-order';
import { E2E_OWNER, staffLogin } from './support/staff';

/** Where the pages' pictures go, to be looked at (SHOTS_DIR overrides). */
const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/order-top-up');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

/** A client of the shop's calls with its session: a post with its sessid that fails on a refusal, and a get. */
async function client() {
  const state = await fetch(`${baseURL()}/api/v2/user/state/`);
  let cookie = (state.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const { sessid } = ((await state.json()) as { data: { sessid: string } }).data;
  const post: Post = async <T = Record<string, unknown>>(address: string, fields: Record<string, string | number>) => {
    const res = await fetch(`${baseURL()}${address}`, {
      method: 'POST',
      headers: { cookie },
      body: new URLSearchParams(Object.entries({ sessid, ...fields }).map(([k, v]) => [k, String(v)])),
      redirect: 'manual',
    });
    const staff = res.headers.getSetCookie().find((c) => !c.startsWith(cookie.split('=')[0] as string));
    if (staff) cookie = `${cookie}; ${staff.split(';')[0]}`;
    if (res.status >= 400) throw new Error(`${address} answered ${res.status}: ${await res.text()}`);
    return (res.headers.get('content-type')?.includes('json') ? await res.json() : {}) as T;
  };
  const get = async <T>(address: string) =>
    (await (await fetch(`${baseURL()}${address}`, { headers: { cookie } })).json()) as T;
  return { post, get };
}

/** The order's signed link from the latest letter to `email`, once the outbox's worker wrote it. */
async function letterLink(email: string, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const letter = await readOutbox({ dataDir: inject('dataDir') }, { to: email, channel: 'email' });
    if (letter && pattern.test(letter.text)) {
      const link = letter.text.match(/(https?:\/\/\S+ORDER_ID=\S+?)(?=[\s\]>)]|$)/)?.[1];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no letter to ${email} matching ${pattern}`);
}

describe('a top-up of an online order (issue 47.6)', () => {
  it('the card and the shopper’s page show «Ожидается доплата» at 1440 and 375; «Доплатить» pays it', async () => {
    const phone = '79005550177';
    // Each product tried gets a fresh session (its basket); the order's own is the last one.
    let shopper = await client();
    const order = await placeShopOrder<{ id: number; payment: { confirmationUrl: string } }>(phone, {
      key: 'topup',
      mailbox: 'topup',
      client: async () => {
        shopper = await client();
        return shopper.post;
      },
      fields: { paymentMethod: 'ONLINE' },
    });
    await shopper.post(`${new URL(order.saved.payment.confirmationUrl).pathname}pay/`, {});

    // A manager raises the order: one more unit of its line.
    const owner = await client();
    await owner.post('/api/v2/admin/auth/login/', E2E_OWNER);
    const card = await owner.get<{ data: { order: { lines: { id: number; quantity: number }[] } } }>(
      `/api/v2/admin/orders/${order.id}/`,
    );
    const line = card.data.order.lines[0] as { id: number; quantity: number };
    await owner.post(`/api/v2/admin/orders/${order.id}/changes/`, {
      action: 'quantity',
      lineId: line.id,
      quantity: line.quantity + 1,
    });

    const desk = await openPage(browser, 'desktop');
    desk.page.setDefaultTimeout(15_000);
    await staffLogin(desk.page, `/admin/orders/${order.id}/`);
    await settle(desk.page);
    const payment = desk.page.getByRole('region', { name: 'Оплата' });
    await payment.getByText(/^Ожидается доплата/).waitFor();
    expect(await payment.getByRole('link', { name: 'ссылка на оплату' }).count()).toBe(1);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'card-1440');
    await desk.page.setViewportSize({ width: 375, height: 812 });
    await settle(desk.page);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'card-375');
    expect(desk.errors).toEqual([]);

    // The shopper's letter links to the order's page, which asks for the difference.
    const link = await letterLink(`topup.${phone}@example.ru`, /доплатите/);
    const url = new URL(link);
    for (const viewport of ['desktop', 'mobile'] as const) {
      const { page, errors } = await openPage(browser, viewport);
      page.setDefaultTimeout(15_000);
      await page.goto(url.pathname + url.search);
      await settle(page);
      expect(await page.getByTestId('top-up-status').textContent()).toMatch(/^Ожидается доплата/);
      expect(await page.getByText('Итого, с доплатой').count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, `order-${viewport}`);
      if (viewport === 'mobile') {
        // By keyboard: «Доплатить» takes the shopper to the gateway, «Оплатить» there brings them back paid.
        await page.getByRole('button', { name: /^Доплатить/ }).focus();
        await page.keyboard.press('Enter');
        await page.waitForURL((u) => u.pathname.startsWith('/pay/test/'));
        await page.getByRole('button', { name: 'Оплатить' }).click();
        await page.waitForURL((u) => u.pathname === '/order/');
        await settle(page);
        expect(await page.getByTestId('top-up-status').count()).toBe(0);
        expect(await page.getByText('Оплачено онлайн').count()).toBe(1);
        await shot(page, 'order-paid-375');
      }
      expect(errors).toEqual([]);
      await page.context().close();
    }

    await desk.page.reload();
    await settle(desk.page);
    expect(await payment.getByText(/^Ожидается доплата/).count()).toBe(0);
    expect(await desk.page.getByText('Доплата получена').count()).toBeGreaterThan(0);
    await desk.page.context().close();
  });
});
