import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../support/outbox';
import { baseURL, launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { placeShopOrder } from './support/shop-order';
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
    const phone = '79005550157';
    const order = await placeShopOrder(phone, { key: 'edit', mailbox: 'desk' });
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
