import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, screenshot, seriousA11yViolations, settle } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SECTION = '/catalog/women/';
/** Client navigations and the filter's recount take a moment on a busy machine. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
const cards = (page: Page) => page.locator('[data-pager-items] article');
const count = async (page: Page) => Number((await page.getByTestId('listing-count').textContent())?.replace(/\D/g, ''));

/** The value of a facet that keeps the most products: the test needs more than one page after filtering. */
async function richestValue(facet: Locator): Promise<Locator> {
  const options = facet.locator('[data-count]:not([aria-disabled="true"]):not([disabled])');
  const counts = await options.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-count'))));
  const best = counts.indexOf(Math.max(...counts));
  return options.nth(best);
}

/** Card prices in kopeck-free roubles, in page order. */
async function prices(page: Page, n: number): Promise<number[]> {
  const texts = await cards(page).locator('p .price:first-child').allTextContents();
  return texts.slice(0, n).map((t) => Number(t.replace(/\D/g, '')));
}

async function loadMoreAndOpenProduct(page: Page, errors: string[]) {
  const total = await count(page);
  expect(total).toBeGreaterThan(24);
  expect(await cards(page).count()).toBe(24);
  const before = page.url();
  await poll(() => page.locator('[data-pager-nav][data-enhanced]').count()).toBe(1);
  // The photos of a new sort are resized on first request; let that settle so the next page is not queued behind it.
  await settle(page);
  await page.getByRole('link', { name: 'Показать ещё' }).click();
  // A failed load logs its reason to the console: show it rather than only the count.
  await expect
    .poll(() => cards(page).count(), { timeout: 30_000, message: `console: ${errors.join(' | ')}` })
    .toBe(Math.min(48, total));
  await poll(() => page.locator('[data-pager-nav]').textContent()).toContain(
    `Показано ${Math.min(48, total)} из ${total}`,
  );
  expect(page.url()).toBe(before);
  // A product from the appended page opens its own page.
  const link = cards(page).nth(30).locator('h3 a');
  const href = (await link.getAttribute('href')) as string;
  expect(href).toMatch(/^\/product\/[a-z0-9-]+\/$/);
  await link.click();
  await page.waitForURL((url) => url.pathname === href);
  // A client navigation loads the product page's own stylesheets: its heading is styled, not the browser's 32 px.
  const narrow = (page.viewportSize()?.width ?? 0) <= 675;
  await poll(() => page.locator('h1').evaluate((h1) => getComputedStyle(h1).fontSize)).toBe(narrow ? '20px' : '28px');
}

describe('catalogue listing', () => {
  it('desktop: two filters and a price range, a new sort, load more, then a product', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
    await page.goto(SECTION);
    const filters = page.locator('#catalog-filters');
    const all = await count(page);
    expect(await cards(page).count()).toBe(24);

    // Each click is a link to the filter URL; wait for the page to show the value as chosen before the next one.
    await (await richestValue(filters.locator('[data-facet="season"]'))).click();
    await page.waitForURL(/\/catalog\/women\/filter\/season-is-[a-z]+\/apply\/$/);
    await poll(() => filters.locator('[data-facet="season"] [aria-current="true"]').count()).toBe(1);
    await (await richestValue(filters.locator('[data-facet="material"]'))).click();
    await page.waitForURL(/\/filter\/material-is-[a-z]+\/season-is-[a-z]+\/apply\/$/);
    await poll(() => filters.locator('[data-facet="material"] [aria-current="true"]').count()).toBe(1);
    const filtered = await count(page);
    expect(filtered).toBeLessThan(all);

    const price = filters.locator('[data-facet="price"]');
    await price.getByLabel('от', { exact: true }).fill('5000');
    await price.getByRole('button', { name: 'Применить' }).click();
    await page.waitForURL(/\/price-from-5000\/apply\/$/);
    await poll(() => page.getByRole('link', { name: /^Убрать фильтр: Цена/ }).count()).toBe(1);
    expect(await count(page)).toBeLessThanOrEqual(filtered);
    await poll(() => page.getByRole('list', { name: 'Выбранные фильтры' }).getByRole('link').count()).toBe(4);
    await screenshot(page, 'catalog-filtered-desktop');

    // Only one tooltip at a time.
    await filters.getByRole('button', { name: 'Подсказка: Размер' }).click();
    await filters.getByRole('button', { name: 'Подсказка: Цена' }).click();
    await poll(() => page.getByTestId('filter-tooltip').filter({ visible: true }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await poll(() => page.getByTestId('filter-tooltip').filter({ visible: true }).count()).toBe(0);

    await page.locator('summary', { hasText: 'Сортировка' }).click();
    await page.getByRole('link', { name: 'Сначала дешевле' }).click();
    await page.waitForURL(/\?sort=price_asc$/);
    await poll(() => page.locator('summary', { hasText: 'Сначала дешевле' }).count()).toBe(1);
    const first = await prices(page, 12);
    expect(first).toEqual([...first].sort((a, b) => a - b));
    expect(Math.min(...first)).toBeGreaterThanOrEqual(5000);

    expect(await seriousA11yViolations(page)).toEqual([]);
    await loadMoreAndOpenProduct(page, errors);
    expect(errors).toEqual([]);
  });

  it('mobile: the filter panel stages choices and says how many it will show, then sort, load more and a product', async () => {
    const { page, errors } = await openPage(browser, 'mobile');
    await page.goto(SECTION);
    await screenshot(page, 'catalog-section-mobile');
    const button = page.getByRole('link', { name: /^Фильтры/ });
    await poll(() => button.getAttribute('data-mode')).toBe('mobile');
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Фильтры' });
    await poll(() => dialog.isVisible()).toBe(true);
    const show = dialog.getByRole('button', { name: /^Показать / });
    const initial = await show.textContent();

    await (await richestValue(dialog.locator('[data-facet="season"]'))).click();
    await poll(() => show.textContent()).not.toBe(initial);
    const afterOne = await show.textContent();
    await (await richestValue(dialog.locator('[data-facet="material"]'))).click();
    await poll(() => show.textContent()).not.toBe(afterOne);
    const afterTwo = await show.textContent();
    await dialog.getByLabel('от', { exact: true }).fill('5000');
    await dialog.getByLabel('до', { exact: true }).fill('200000');
    await dialog.getByLabel('до', { exact: true }).blur();
    await poll(() => show.textContent()).not.toBe(afterTwo);

    await dialog.getByRole('button', { name: 'Подсказка: Размер' }).click();
    await dialog.getByRole('button', { name: 'Подсказка: Утеплитель' }).click();
    await poll(() => dialog.getByTestId('filter-tooltip').filter({ visible: true }).count()).toBe(1);
    await screenshot(page, 'catalog-filter-panel-mobile');

    const promised = Number((await show.textContent())?.replace(/\D/g, ''));
    await show.click();
    await page.waitForURL(/\/filter\/material-is-[a-z]+\/season-is-[a-z]+\/price-from-5000-to-200000\/apply\/$/);
    await poll(() => page.getByRole('link', { name: /^Убрать фильтр: Цена/ }).count()).toBe(1);
    expect(await count(page)).toBe(promised);

    await page.locator('summary', { hasText: 'По популярности' }).click();
    await page.getByRole('link', { name: 'Сначала дороже' }).click();
    await page.waitForURL(/\?sort=price_desc$/);
    await poll(() => page.locator('summary', { hasText: 'Сначала дороже' }).count()).toBe(1);
    const first = await prices(page, 8);
    expect(first).toEqual([...first].sort((a, b) => b - a));
    // Each new listing replaces the toolbar's controls rather than adding to them.
    expect(await page.getByRole('link', { name: /^Фильтры/ }).count()).toBe(1);
    await screenshot(page, 'catalog-filtered-mobile');

    expect(await seriousA11yViolations(page)).toEqual([]);
    await loadMoreAndOpenProduct(page, errors);
    expect(errors).toEqual([]);
  });

  // Issue 29.5: the cards and the desktop filter's values are plain links, so the page's first hydration leaves them
  // as the server sent them (ServerHtml); their containers' click handlers still navigate in the page, without a reload.
  it('desktop: the cards and filter values are not hydrated, and still navigate in the page', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
    await page.goto(SECTION);
    await settle(page);
    const unhydrated = (els: Element[]) =>
      els.filter((el) => !Object.keys(el).some((key) => key.startsWith('__reactFiber$'))).length;
    const values = page.locator('#catalog-filters [data-facet] a[data-count]');
    expect(await cards(page).locator('h3 a').evaluateAll(unhydrated)).toBe(24);
    expect(await values.evaluateAll(unhydrated)).toBe(await values.count());
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await (await richestValue(page.locator('#catalog-filters [data-facet="season"]'))).click();
    await page.waitForURL(/\/catalog\/women\/filter\/season-is-[a-z]+\/apply\/$/);
    await poll(() => page.locator('[data-facet="season"] [aria-current="true"]').count()).toBe(1);
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    // A fresh load of the filtered page: its cards are the server's HTML again.
    await page.reload();
    await settle(page);
    expect(await cards(page).locator('h3 a').evaluateAll(unhydrated)).toBeGreaterThan(0);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const link = cards(page).nth(1).locator('h3 a');
    const href = (await link.getAttribute('href')) as string;
    await link.click();
    await page.waitForURL((url) => url.pathname === href);
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    expect(errors).toEqual([]);
  });

  // Issue 29.5: a card's second photo is fetched when a pointer rests on the card, not with the listing's load.
  it('desktop: a card shows its second photo on hover, and the load does not fetch it', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname);
    });
    await page.goto(SECTION);
    await settle(page);
    const second = cards(page).first().locator('a img').nth(1);
    const path = new URL((await second.getAttribute('src')) as string, baseURL()).pathname;
    expect(images.length).toBeGreaterThan(4);
    expect(images).not.toContain(path);
    await cards(page).first().locator('a').first().hover();
    await poll(() =>
      second.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && getComputedStyle(img).opacity),
    ).toBe('1');
    expect(images).toContain(path);
    expect(errors).toEqual([]);
  });

  it('without JavaScript the pager is plain links to server-rendered pages', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1440, height: 900 },
      baseURL: baseURL(),
    });
    const page = await context.newPage();
    await page.goto(SECTION);
    const first = await cards(page).locator('h3 a').first().getAttribute('href');
    await page.getByRole('link', { name: 'Показать ещё' }).click();
    await page.waitForURL(/\?PAGEN_1=2$/);
    expect(await cards(page).count()).toBe(24);
    expect(await cards(page).locator('h3 a').first().getAttribute('href')).not.toBe(first);
    await context.close();
  });
});
