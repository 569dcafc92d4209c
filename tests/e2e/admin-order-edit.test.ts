import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../support/outbox';
import { baseURL, launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { staffLogin } from './support/staff';

/** Where the pages' pictures go, to be looked at (SHOTS_DIR overrides). */
const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/admin-order-edit');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

/** The latest SMS to `phone` whose text matches `pattern`, as the outbox's worker writes it (it runs on its own). */
async function smsMatch(phone: string, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const sms = await readOutbox({ dataDir: inject('dataDir') }, { to: phone, channel: 'sms' });
    const found = sms?.text.match(pattern)?.[1];
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS to ${phone} matching ${pattern}`);
}

/** A visitor of the shop's calls: its session cookie, and a post with its sessid that fails on a refusal. */
async function visitor() {
  const state = await fetch(`${baseURL()}/api/v2/user/state/`);
  const cookie = (state.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const { sessid } = ((await state.json()) as { data: { sessid: string } }).data;
  return async <T = Record<string, unknown>>(address: string, fields: Record<string, string | number>): Promise<T> => {
    const res = await fetch(`${baseURL()}${address}`, {
      method: 'POST',
      headers: { cookie },
      body: new URLSearchParams(Object.entries({ sessid, ...fields }).map(([k, v]) => [k, String(v)])),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`${address} answered ${res.status}: ${JSON.stringify(body)}`);
    return body as T;
  };
}

/**
 * A shopper's order for pickup in a shop, placed through the calls the order page makes: the first size for sale
 * that a shop of the visitor's city can get ready, the phone confirmed by the SMS code.
 */
async function placeShopOrder(phone: string): Promise<{ id: number; number: string; productId: number }> {
  for (let productId = 1; productId < 400; productId++) {
    const res = await fetch(`${baseURL()}/api/v2/catalog/product/get/?id=${productId}`);
    if (!res.ok) continue;
    const { offers } = ((await res.json()) as { data: { offers: { id: number; canBuy: boolean }[] } }).data;
    const offer = offers.find((o) => o.canBuy);
    if (!offer) continue;
    const post = await visitor();
    await post('/api/v2/sale/basket/add/', { offerId: offer.id });
    const state = await post<{ items: { allowedShopIds: number[] }[] }>('/api/', {
      method: 'sale.order.data',
      deliveryType: 'SHOP',
    });
    const shopId = state.items[0]?.allowedShopIds[0];
    if (shopId === undefined) continue;
    await post('/api/v2/user/phone/code/send/', { phone });
    await post('/api/v2/user/phone/code/check/', { phone, code: await smsMatch(phone, /(\d{6})/) });
    const { id } = await post<{ id: number }>('/api/', {
      method: 'sale.order.save',
      idempotencyKey: `e2e-edit-${phone}-${Date.now()}`,
      deliveryType: 'SHOP',
      deliveryShopId: shopId,
      name: 'Зимина Анна',
      email: `desk.${phone}@example.ru`,
      phone,
    });
    return { id, number: String(100_000 + id), productId };
  }
  throw new Error('no size of the demo catalogue can be collected in a Moscow shop');
}

/** A product other than `but` with a size a shop order can take: its article and name. */
async function anotherProduct(but: number): Promise<{ article: string; name: string }> {
  const first = (await (await fetch(`${baseURL()}/api/v2/catalog/product/get/?id=${but}`)).json()) as {
    data: { item: { name: string } };
  };
  for (let productId = but + 1; productId < but + 400; productId++) {
    const res = await fetch(`${baseURL()}/api/v2/catalog/product/get/?id=${productId}`);
    if (!res.ok) continue;
    const { item, offers } = (
      (await res.json()) as { data: { item: { name: string; article: string }; offers: { canBuy: boolean }[] } }
    ).data;
    // Another model: a colour of the same one bears the same name.
    if (item.name !== first.data.item.name && offers.some((o) => o.canBuy)) return item;
  }
  throw new Error('no second product for sale');
}

describe('changing an order from its card (issue 47.6)', () => {
  it('adds a product found by its article at 1440 and removes it by keyboard at 375; the shopper gets a letter', async () => {
    const phone = '79005550147';
    const order = await placeShopOrder(phone);
    const other = await anotherProduct(order.productId);

    const desk = await openPage(browser, 'desktop');
    desk.page.setDefaultTimeout(15_000);
    await staffLogin(desk.page, `/admin/orders/${order.id}/`);
    await settle(desk.page);
    expect(await desk.page.getByRole('heading', { name: 'Изменить заказ' }).count()).toBe(1);
    await desk.page.getByLabel('Добавить товар: артикул, штрихкод или название').fill(other.article);
    await desk.page.getByRole('button', { name: 'Найти' }).click();
    await desk.page.waitForURL((url) => url.searchParams.get('add') === other.article);
    const choice = desk.page.getByLabel('Товар и размер');
    const option = choice.locator('option:not([disabled])', { hasText: `(арт. ${other.article})` }).first();
    await choice.selectOption((await option.getAttribute('value')) ?? '');
    await desk.page.getByRole('button', { name: 'Добавить в заказ' }).click();
    await desk.page.getByRole('status').filter({ hasText: 'Заказ изменён' }).waitFor();
    await settle(desk.page);
    const lines = desk.page.getByRole('region', { name: 'Товары' });
    expect(await lines.getByRole('link', { name: other.name }).count()).toBeGreaterThan(0);
    expect(
      await desk.page
        .locator('ol')
        .getByText(/^Заказ изменён\. Было: /)
        .count(),
    ).toBe(1);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'card-1440');
    expect(desk.errors).toEqual([]);
    await desk.page.context().close();

    // At 375, by keyboard: the added line's «Убрать из заказа» reached with Tab and pressed with Enter.
    const phoneSize = await openPage(browser, 'mobile');
    phoneSize.page.setDefaultTimeout(15_000);
    await staffLogin(phoneSize.page, `/admin/orders/${order.id}/`);
    await settle(phoneSize.page);
    const remove = phoneSize.page.getByRole('button', { name: new RegExp(`^Убрать из заказа: ${other.name}`) });
    await remove.focus();
    await phoneSize.page.keyboard.press('Enter');
    await phoneSize.page.getByRole('status').filter({ hasText: 'Заказ изменён' }).waitFor();
    await settle(phoneSize.page);
    expect(
      await phoneSize.page.getByRole('region', { name: 'Товары' }).getByRole('link', { name: other.name }).count(),
    ).toBe(0);
    // No page wider than the phone.
    expect(await phoneSize.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(phoneSize.page)).toEqual([]);
    await shot(phoneSize.page, 'card-375');
    expect(phoneSize.errors).toEqual([]);
    await phoneSize.page.context().close();

    let letter: Awaited<ReturnType<typeof readOutbox>>;
    for (let i = 0; i < 60 && !letter?.subject?.includes('изменён'); i++) {
      letter = await readOutbox({ dataDir: inject('dataDir') }, { to: `desk.${phone}@example.ru`, channel: 'email' });
      if (!letter?.subject?.includes('изменён')) await new Promise((r) => setTimeout(r, 250));
    }
    expect(letter?.subject).toContain(`Заказ № ${order.number} изменён`);
  });
});
