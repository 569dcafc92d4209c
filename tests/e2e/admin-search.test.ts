import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { staffLogin } from './support/staff';

/** Where the pages' pictures go, to be looked at (SHOTS_DIR overrides). */
const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/admin-search');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

async function productOne() {
  const res = await fetch(`${baseURL()}/api/v2/catalog/product/get/?id=1`);
  return ((await res.json()) as { data: { item: { id: number; name: string; article: string } } }).data.item;
}

const box = (page: Page) => page.getByRole('combobox', { name: /^Поиск/ });

describe('the search box at the top of every desk page', () => {
  it('at 1440: types an article, arrows to the product and opens it with Enter; Escape closes the popup', async () => {
    const item = await productOne();
    const { page, errors } = await openPage(browser, 'desktop');
    page.setDefaultTimeout(15_000);
    await staffLogin(page, '/admin/orders/');
    const input = box(page);
    await input.click();
    await input.pressSequentially(item.article.toLowerCase(), { delay: 20 });
    const listbox = page.getByRole('listbox', { name: 'Найдено' });
    await listbox
      .getByRole('option', { name: new RegExp(item.name) })
      .first()
      .waitFor();
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    expect(await listbox.getByRole('group', { name: /^Товары: найдено/ }).count()).toBe(1);
    await settle(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'popup-1440');

    // Escape closes the popup and keeps the text; an arrow opens it again on the first result.
    await input.press('Escape');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    expect(await input.inputValue()).toBe(item.article.toLowerCase());
    await input.press('ArrowDown');
    const active = await input.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    const chosen = page.locator(`[id="${active}"]`);
    expect(await chosen.getAttribute('aria-selected')).toBe('true');
    const href = (await chosen.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/admin\/(orders|products|customers)\//);
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname === href.split('?')[0]);
    expect(href).toBe(`/admin/products/${item.id}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('at 375: the box fits the phone, «all results» and Enter without a choice open the results page', async () => {
    const item = await productOne();
    const { page, errors } = await openPage(browser, 'mobile');
    page.setDefaultTimeout(15_000);
    await staffLogin(page, '/admin/');
    const input = box(page);
    const word = item.name.split(' ')[0] as string;
    await input.fill(word);
    await page.getByRole('listbox', { name: 'Найдено' }).getByRole('option').first().waitFor();
    // The popup is no wider than the screen.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await settle(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'popup-375');

    // Arrow up from the top goes to the last option: the whole results page.
    await input.press('ArrowUp');
    const last = page.locator(`[id="${await input.getAttribute('aria-activedescendant')}"]`);
    expect(await last.textContent()).toContain(`Все результаты по «${word}»`);
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin/search/' && url.searchParams.get('q') === word);
    await page.getByRole('heading', { level: 1, name: `Поиск «${word}»` }).waitFor();
    await page.getByRole('heading', { level: 2, name: /^Товары: найдено \d+/ }).waitFor();
    expect(await page.getByRole('link', { name: item.name }).count()).toBeGreaterThan(0);
    expect(await input.inputValue()).toBe(word);
    await settle(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'results-375');

    // Enter with no result chosen searches the whole page for what the box says.
    await input.fill(item.article);
    await input.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === item.article);
    await page.getByRole('heading', { level: 1, name: `Поиск «${item.article}»` }).waitFor();
    expect(await page.getByRole('link', { name: item.name }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
