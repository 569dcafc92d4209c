import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, screenshot, seriousA11yViolations, settle } from './support/browser';

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
type Json = any;

interface Found {
  /** A product with both rows, and another product seen before it. */
  product: { id: number; url: string; name: string };
  before: { id: number; url: string; name: string };
  /** An offer of `product` that can be bought online: what the basket holds before the additions. */
  offerId: number;
}

async function api(path: string): Promise<Json> {
  const res = await fetch(`${baseURL()}${path}`);
  return res.ok ? ((await res.json()) as Json).data : null;
}

/** Through the calls, as an outside visitor: a product whose «Похожие» and «С этим покупают» are not empty. */
async function findProducts(): Promise<Found> {
  let before: Found['before'] | null = null;
  for (let id = 1; id < 400; id++) {
    const product = await api(`/api/v2/catalog/product/get/?id=${id}`);
    const offer = product?.offers.find((o: Json) => o.canBuy);
    if (!offer) continue;
    const item = { id, url: product.item.url as string, name: product.item.name as string };
    const related = await api(`/api/v2/catalog/product/related/?productId=${id}`);
    if (before && before.name !== item.name && related?.similar.length > 0 && related.boughtTogether.length > 0)
      return { product: item, before, offerId: offer.id };
    before ??= item;
  }
  throw new Error('the demo catalogue has no product with similar ones');
}

/** The `recommendation` events the page posts, as the analytics module sends them. */
function recordEvents(page: Page): { event2: string; params: Json }[] {
  const events: { event2: string; params: Json }[] = [];
  page.on('request', (r: Request) => {
    if (!r.url().includes('/api/v2/event/set/')) return;
    const form = new URLSearchParams(r.postData() ?? '');
    if (form.get('event1') === 'recommendation')
      events.push({ event2: form.get('event2') ?? '', params: JSON.parse(form.get('params') ?? '{}') });
  });
  return events;
}

const row = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

async function open(page: Page, url: string) {
  await page.goto(url);
  await settle(page);
}

let browser: Browser;
let found: Found;
beforeAll(async () => {
  browser = await launchBrowser();
  found = await findProducts();
});
afterAll(() => browser?.close());

describe.each([
  ['desktop', 1440],
  ['mobile', 375],
] as const)('the rows that lead to more products at %s (%i px)', (viewport, width) => {
  it('shows «Похожие», «С этим покупают» and «Вы смотрели» on the product page, records them, and is clean for axe', async () => {
    const { page, errors } = await openPage(browser, viewport);
    const events = recordEvents(page);
    await open(page, found.before.url);
    // Counted per page view: the first page's rows are its own.
    events.length = 0;
    await open(page, found.product.url);

    const similar = row(page, 'Похожие');
    const together = row(page, 'С этим покупают');
    const viewed = row(page, 'Вы смотрели');
    await expect.poll(() => similar.getByRole('article').count()).toBeGreaterThan(0);
    await expect.poll(() => together.getByRole('article').count()).toBeGreaterThan(0);
    // The product seen before, across pages; never the product itself.
    await expect.poll(() => viewed.getByRole('link', { name: found.before.name }).count()).toBeGreaterThan(0);
    expect(await viewed.locator(`a[href="${found.product.url}"]`).count()).toBe(0);

    // Keyboard: the row's list takes focus and scrolls; its links are reachable by Tab.
    const list = similar.getByRole('list');
    await list.focus();
    expect(await list.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('A');

    await similar.scrollIntoViewIfNeeded();
    // The rows scroll inside themselves: the page never grows wider than the screen.
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBe(width);
    await screenshot(page, `related-product-${viewport}`);
    await viewed.scrollIntoViewIfNeeded();
    await screenshot(page, `related-viewed-${viewport}`);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await expect
      .poll(() =>
        events
          .filter((e) => e.event2 === 'show')
          .map((e) => e.params.row)
          .sort(),
      )
      .toEqual(['bought_together', 'similar', 'viewed']);
    // A card's click records its row and product, then opens the product.
    const link = similar.getByRole('article').first().getByRole('heading').getByRole('link');
    const href = (await link.getAttribute('href')) as string;
    await link.click();
    await expect.poll(() => events.find((e) => e.event2 === 'click')?.params.row).toBe('similar');
    const click = events.find((e) => e.event2 === 'click');
    expect(typeof click?.params.productId).toBe('number');
    await expect.poll(() => new URL(page.url()).pathname).toBe(href);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('offers additions on the basket and the order page that add a line, shows the viewed row there and on a 404', async () => {
    const { page, errors } = await openPage(browser, viewport);
    const events = recordEvents(page);
    await open(page, found.product.url);
    // The basket's own call, as the product page's button makes it.
    const added = await page.evaluate(async (offerId) => {
      const state = await (await fetch('/api/v2/user/state/')).json();
      const body = new URLSearchParams({ offerId: String(offerId), sessid: state.data.sessid });
      return (await fetch('/api/v2/sale/basket/add/', { method: 'POST', body })).status;
    }, found.offerId);
    expect(added).toBe(200);

    await open(page, '/basket/');
    const lines = page.getByTestId('basket-line');
    const before = await lines.count();
    expect(before).toBe(1);
    const additions = row(page, 'Добавить к заказу');
    await expect.poll(() => additions.getByRole('article').count()).toBeGreaterThan(0);
    await expect.poll(() => row(page, 'Вы смотрели').getByRole('article').count()).toBeGreaterThan(0);
    await additions.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBe(width);
    await screenshot(page, `related-basket-${viewport}`);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const name = (await additions.getByRole('article').first().getByRole('heading').textContent()) as string;
    const add = additions.getByRole('button', { name: `В корзину: ${name}` });
    await add.click();
    await expect.poll(() => lines.count()).toBe(before + 1);
    await expect.poll(() => events.some((e) => e.event2 === 'show' && e.params.row === 'additions')).toBe(true);

    // On the order page an addition joins the order, and what the shopper has typed stays.
    await open(page, '/order/');
    const orderLines = page.getByRole('region', { name: /^Товары/ }).getByRole('listitem');
    const inOrder = await orderLines.count();
    await page.getByLabel('Фамилия, имя и отчество').fill('Анна Добавкина');
    const more = row(page, 'Добавить к заказу');
    await expect.poll(() => more.getByRole('article').count()).toBeGreaterThan(0);
    await more
      .getByRole('button', { name: /^В корзину: / })
      .first()
      .click();
    await expect.poll(() => orderLines.count()).toBe(inOrder + 1);
    expect(await page.getByLabel('Фамилия, имя и отчество').inputValue()).toBe('Анна Добавкина');

    await page.goto('/net-takoy-stranitsy/');
    await settle(page);
    await expect.poll(() => row(page, 'Вы смотрели').getByRole('article').count()).toBeGreaterThan(0);
    await screenshot(page, `related-404-${viewport}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await page.context().close();
  });
});
