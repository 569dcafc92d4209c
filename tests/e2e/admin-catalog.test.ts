import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '../../domain/pricing/price';
import { baseURL, launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { staffLogin } from './support/staff';

/** Where the pages' pictures go, to be looked at (SHOTS_DIR overrides). */
const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/admin-catalog');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

/** A product of the demo catalogue no other browser test changes: far down the list, found by its article. */
async function product(): Promise<{ id: number; name: string; article: string; url: string }> {
  for (let id = 311; id < 400; id++) {
    const res = await fetch(`${baseURL()}/api/v2/catalog/product/get/?id=${id}`);
    if (!res.ok) continue;
    const { item } = (
      (await res.json()) as { data: { item: { id: number; name: string; article: string; url: string } } }
    ).data;
    return item;
  }
  throw new Error('no product in the demo catalogue');
}

describe('the catalogue desk', () => {
  it('the owner filters, opens a card and changes a price at 1440, publishes at 768; the shop follows at once', async () => {
    const p = await product();
    const desk = await openPage(browser, 'desktop');
    desk.page.setDefaultTimeout(15_000);
    const { page } = desk;
    await staffLogin(page, '/admin/products/');
    await page.getByLabel('Поиск').fill(p.article);
    await page.getByLabel('Опубликован').selectOption('1');
    await page.getByRole('button', { name: 'Показать' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === p.article);
    await settle(page);
    expect(await page.getByRole('status').first().textContent()).toMatch(/Найдено товаров: [1-9]/);
    // The filtered list's bulk change: a preview that changes nothing yet.
    await page.getByLabel('Насколько').fill('-10');
    await page.getByRole('button', { name: 'Предпросмотр' }).click();
    await page.getByRole('button', { name: /Применить к \d+ размерам/ }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'list-1440');

    await page.getByRole('link', { name: p.name }).first().click();
    await page.waitForURL(`/admin/products/${p.id}/`);
    await settle(page);
    const sizes = page.getByRole('region', { name: 'Размеры и цены' });
    const size = ((await sizes.locator('tbody th').first().textContent()) ?? '').trim();
    // A price a little lower, the old one crossed out: the shop's other browser tests see a usual product.
    const price = sizes.getByLabel(`Цена размера ${size}, ₽`, { exact: true });
    const was = Number(await price.inputValue());
    await price.fill(String(was - 1000));
    await sizes.getByLabel(`Старая цена размера ${size}, ₽`, { exact: true }).fill(String(was + 2340));
    await sizes.getByRole('button', { name: `Сохранить цену размера ${size}` }).click();
    await sizes.getByText(`Цена размера ${size} сохранена.`).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'card-1440');
    const shopPage = await (await fetch(`${baseURL()}${p.url}`)).text();
    expect(shopPage).toContain(formatPrice((was + 2340) * 100));

    await page.setViewportSize({ width: 768, height: 1024 });
    await settle(page);
    const publish = page.getByRole('region', { name: 'На сайте' });
    await publish.getByRole('button', { name: 'Снять с сайта' }).click();
    await publish.getByText('Товар снят с сайта.').waitFor();
    expect((await fetch(`${baseURL()}${p.url}`)).status).toBe(404);
    await publish.getByRole('button', { name: 'Опубликовать' }).click();
    await publish.getByText('Товар опубликован: он снова на сайте.').waitFor();
    expect((await fetch(`${baseURL()}${p.url}`)).status).toBe(200);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'card-768');

    for (const [address, name] of [
      ['/admin/sections/', 'sections-768'],
      ['/admin/brands/', 'brands-768'],
      [`/admin/products/?q=${encodeURIComponent(p.article)}`, 'list-768'],
    ] as const) {
      await page.goto(address);
      await settle(page);
      expect(await seriousA11yViolations(page), address).toEqual([]);
      await shot(page, name);
    }
    expect(desk.errors).toEqual([]);
  });
});
