import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, screenshot, settle } from './support/browser';

// Issue 46.3: a section page's server HTML holds what its first screen uses; the rest is drawn when it opens.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SECTION = '/catalog/women/';
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

/** Each list filter's value links in the server's HTML of the page, by filter code. */
async function serverValues(path: string): Promise<Record<string, number>> {
  const html = await (await fetch(`${baseURL()}${path}`)).text();
  const aside = html.slice(html.indexOf('id="catalog-filters"'), html.indexOf('</aside>'));
  const counts: Record<string, number> = {};
  for (const part of aside.split('data-facet="').slice(1)) {
    counts[part.slice(0, part.indexOf('"'))] = (part.match(/data-count="/g) ?? []).length;
  }
  return counts;
}

/** The root route's data as the browser's router holds it after hydration. */
const rootData = (page: Page) =>
  page.evaluate(() => {
    const router = (
      window as unknown as { __reactRouterDataRouter?: { state: { loaderData: Record<string, unknown> } } }
    ).__reactRouterDataRouter;
    return JSON.stringify(router?.state.loaderData.root ?? null);
  });

describe('a lighter section page', () => {
  it('desktop: «Ещё N» draws the values the server left out, and they filter', async () => {
    const inHtml = await serverValues(SECTION);
    const { page, errors } = await openPage(browser, 'desktop');
    await page.goto(SECTION);
    await settle(page);
    const brand = page.locator('#catalog-filters [data-facet="brand"]');
    const more = brand.locator('summary');
    const folded = Number((await more.textContent())?.replace(/\D/g, ''));
    expect(folded).toBeGreaterThan(0);
    // The server sent the first ones only; the panel holds them all once «Ещё N» is open.
    expect(await brand.locator('[data-count]').count()).toBe(inHtml.brand);
    await screenshot(page, 'section-filters-closed-desktop');
    await more.click();
    await poll(() => brand.locator('[data-count]').count()).toBe(inHtml.brand + folded);
    await brand.locator('details').scrollIntoViewIfNeeded();
    await screenshot(page, 'section-filters-open-desktop');
    // A drawn value is a link to its filter URL, followed in the page.
    const last = brand.locator('details a[data-count]').last();
    const href = (await last.getAttribute('href')) as string;
    expect(href).toMatch(/^\/catalog\/women\/filter\/brand-is-[a-z0-9-]+\/apply\/$/);
    await last.click();
    await page.waitForURL((url) => url.pathname === href);
    // Chosen, it is in the server's HTML and «Ещё N» stays open around it.
    await poll(() => page.locator('#catalog-filters [data-facet="brand"] [aria-current="true"]').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('mobile: the filter panel lists every value once «Ещё N» is opened', async () => {
    const { page, errors } = await openPage(browser, 'mobile');
    await page.goto(SECTION);
    await settle(page);
    await screenshot(page, 'section-filters-closed-mobile');
    await page.getByRole('link', { name: /^Фильтры/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Фильтры' });
    await poll(() => dialog.isVisible()).toBe(true);
    const brand = dialog.locator('[data-facet="brand"]');
    const folded = Number((await brand.locator('summary').textContent())?.replace(/\D/g, ''));
    const open = await brand.locator('input[type="checkbox"]').count();
    await brand.locator('summary').click();
    await poll(() => brand.locator('input[type="checkbox"]').count()).toBe(open + folded);
    await brand.locator('details').scrollIntoViewIfNeeded();
    await screenshot(page, 'section-filters-open-mobile');
    expect(errors).toEqual([]);
  });

  it('desktop: the menu is not in the page’s data, yet the header’s menu works once hydrated', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
    const menuCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/menu.json') menuCalls.push(r.url());
    });
    await page.goto(SECTION);
    await settle(page);
    const root = await rootData(page);
    expect(root).toContain('menuVersion');
    for (const key of ['"menu"', '"categories"', '"blocks"', '"columns"', '"banners"']) expect(root).not.toContain(key);
    // The menu came once, from the address the page's head preloaded.
    expect(menuCalls).toHaveLength(1);
    const block = page.getByTestId('menu-block').filter({ hasText: 'Верхняя одежда' });
    await block.hover();
    const dropdown = page.getByTestId('menu-dropdown').filter({ visible: true });
    await poll(() => dropdown.count()).toBe(1);
    await screenshot(page, 'section-menu-open-desktop');
    const item = dropdown.getByRole('link', { name: /^Парки/ }).first();
    const href = (await item.getAttribute('href')) as string;
    await item.click();
    await page.waitForURL((url) => url.pathname === href);
    await poll(() => page.locator('header [aria-current="true"]').first().textContent()).toBe('Женщинам');
    expect(errors).toEqual([]);
  });

  it('mobile: the burger’s menu is drawn from /menu.json and leads to its sections', async () => {
    const { page, errors } = await openPage(browser, 'mobile');
    await page.goto(SECTION);
    await settle(page);
    expect(await rootData(page)).not.toContain('"categories"');
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const dialog = page.getByRole('dialog', { name: 'Меню' });
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('tab', { name: 'Мужчинам' }).click();
    const toggle = dialog.getByRole('button', { name: 'Верхняя одежда' }).filter({ visible: true });
    await toggle.click();
    const item = dialog
      .getByRole('link', { name: /^Парки/ })
      .filter({ visible: true })
      .first();
    await poll(() => item.textContent()).toMatch(/от [\d\u00a0]+\u00a0руб\./);
    await screenshot(page, 'section-menu-open-mobile');
    const href = (await item.getAttribute('href')) as string;
    expect(href).toMatch(/^\/catalog\/man\//);
    await item.click();
    await page.waitForURL((url) => url.pathname === href);
    expect(errors).toEqual([]);
  });
});
