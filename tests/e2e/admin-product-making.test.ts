import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { staffLogin } from './support/staff';

/** Where the pages' pictures go, to be looked at (SHOTS_DIR overrides). */
const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/admin-product-making');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
/** Nothing wider than the screen: the page scrolls down, never sideways. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('products made and changed in bulk', () => {
  it('the owner makes a product of two colours at 1440, then raises both prices by 10 % from the list at 375', async () => {
    const name = `Куртка Порыв ${Date.now()}`;

    const desk = await openPage(browser, 'desktop');
    desk.page.setDefaultTimeout(15_000);
    await staffLogin(desk.page, '/admin/products/');
    await desk.page.getByRole('link', { name: 'Новый товар' }).click();
    await desk.page.getByRole('heading', { name: 'Новый товар' }).waitFor();
    await settle(desk.page);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await desk.page.getByLabel('Название').fill(name);
    await desk.page.getByLabel('Артикул').fill(`E2E-${Date.now()}`);
    await desk.page.locator('select[name="sectionId"]').selectOption({ index: 2 });
    await desk.page.locator('select[name="brandId"]').selectOption({ index: 1 });
    await desk.page.locator('select[name="color-0"]').selectOption({ index: 1 });
    await desk.page.locator('input[name="size-0-0"]').fill('46');
    await desk.page.locator('input[name="price-0-0"]').fill('9990');
    await desk.page.locator('select[name="color-1"]').selectOption({ index: 2 });
    await desk.page.locator('input[name="size-1-0"]').fill('48');
    await desk.page.locator('input[name="price-1-0"]').fill('10990');
    await desk.page.getByRole('button', { name: 'Создать товар' }).click();
    // The first colour's card opens.
    await desk.page.getByRole('heading', { name, level: 1 }).waitFor();
    await settle(desk.page);
    expect(await desk.page.getByText('опубликован', { exact: true }).count()).toBe(1);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'created-1440');
    expect(desk.errors).toEqual([]);
    await desk.page.context().close();

    const phone = await openPage(browser, 'mobile');
    phone.page.setDefaultTimeout(15_000);
    await staffLogin(phone.page, '/admin/products/');
    await phone.page.goto(`/admin/products/?q=${encodeURIComponent(name)}`);
    await settle(phone.page);
    const boxes = phone.page.getByRole('checkbox', { name: new RegExp(`^Выбрать «${name}»`) });
    expect(await boxes.count()).toBe(2);
    for (const box of await boxes.all()) await box.check();
    await phone.page.getByLabel('Цены, % (−90…300)').fill('10');
    await phone.page.getByRole('button', { name: 'Применить к выбранным' }).click();
    await phone.page.getByRole('status').filter({ hasText: 'Изменено товаров: 2 из 2, цен размеров: 2.' }).waitFor();
    await settle(phone.page);
    // 9 990 ₽ and 10 990 ₽ + 10 %, in whole roubles.
    const prices = await phone.page.locator('td.price').allTextContents();
    expect(prices.map((p) => p.replace(/\s/g, '')).sort()).toEqual(['10989₽', '12089₽']);
    expect(await overflow(phone.page)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await shot(phone.page, 'bulk-375');
    expect(phone.errors).toEqual([]);
    await phone.page.context().close();
  });

  it('the owner makes 25 one-use codes of a promo code and downloads them; the page fits 375', async () => {
    const desk = await openPage(browser, 'desktop');
    desk.page.setDefaultTimeout(15_000);
    await staffLogin(desk.page, '/admin/promocodes/VYUGA10/');
    await desk.page.getByRole('link', { name: 'Одноразовые коды из этого промокода' }).click();
    await desk.page.getByRole('heading', { name: 'Одноразовые коды', level: 1 }).waitFor();
    await desk.page.getByLabel('Сколько кодов (до 10 000)').fill('25');
    await desk.page.getByLabel('Префикс (необязательно)').fill('e2e-');
    await desk.page.getByRole('button', { name: 'Сделать коды' }).click();
    await desk.page.getByRole('status').filter({ hasText: 'Готово: 25 одноразовых кодов.' }).waitFor();
    await settle(desk.page);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    const link = desk.page.getByRole('link', { name: /^Скачать CSV/ }).first();
    const csv = await desk.page.request.get((await link.getAttribute('href')) as string);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Промокод;Использован;Заказ');
    expect(lines.slice(1).filter((l) => /^E2E-[A-Z2-9]{8};нет;$/.test(l))).toHaveLength(25);
    await shot(desk.page, 'promo-batches-1440');
    expect(desk.errors).toEqual([]);
    await desk.page.setViewportSize({ width: 375, height: 812 });
    await settle(desk.page);
    expect(await overflow(desk.page)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'promo-batches-375');
    await desk.page.context().close();
  });
});
