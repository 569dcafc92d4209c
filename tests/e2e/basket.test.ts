import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, screenshot, seriousA11yViolations, settle } from './support/browser';
import { onlineStock } from './support/cart';

interface Offer {
  id: number;
  sizeName: string;
  canBuy: boolean;
}
interface Product {
  item: { id: number; url: string };
  offers: Offer[];
}

/** A product with two sizes that can be bought online, found through the product call. */
async function buyableOffers(productId: number): Promise<{ url: string; offers: Offer[] } | null> {
  const res = await fetch(`${baseURL()}/api/v2/catalog/product/get/?id=${productId}`);
  if (!res.ok) return null;
  const product = ((await res.json()) as { data: Product }).data;
  return { url: product.item.url, offers: product.offers.filter((o) => o.canBuy) };
}

async function findProduct(): Promise<{ url: string; sizes: [Offer, Offer] }> {
  for (let id = 1; id < 400; id++) {
    const found = await buyableOffers(id);
    if (found && found.offers.length >= 2)
      return { url: found.url, sizes: [found.offers[0] as Offer, found.offers[1] as Offer] };
  }
  throw new Error('the demo catalogue has no product with two sizes for sale online');
}

/** An offer with at least two units for sale online. */
async function findStockedOffer(): Promise<Offer> {
  for (let id = 1; id < 400; id++) {
    for (const offer of (await buyableOffers(id))?.offers ?? []) if ((await onlineStock(offer.id)) >= 2) return offer;
  }
  throw new Error('the demo catalogue has no offer with two units for sale online');
}

/** Opens a page and waits until its scripts have run: the basket is live only once the page is hydrated. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await settle(page);
}

const count = (page: Page, which: 'cart' | 'wishlist') => page.getByTestId(`${which}-count`);
/** The header badge's number; the badge is not shown at zero. */
async function badge(page: Page, which: 'cart' | 'wishlist'): Promise<number> {
  return (await count(page, which).count()) ? Number(await count(page, which).textContent()) : 0;
}
const line = (page: Page, offerId: number) => page.locator(`[data-testid="basket-line"][data-offer-id="${offerId}"]`);

let browser: Browser;
let product: Awaited<ReturnType<typeof findProduct>>;
beforeAll(async () => {
  browser = await launchBrowser();
  product = await findProduct();
});
afterAll(() => browser?.close());

describe('basket and wishlist in the browser', () => {
  it('adds two sizes, keeps a second tab in step, removes a line and moves one to the wishlist', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
    const [first, second] = product.sizes;
    await open(page, product.url);
    const buy = page.getByRole('button', { name: 'В корзину' });
    await expect.poll(() => buy.isDisabled()).toBe(true);
    expect(await badge(page, 'cart')).toBe(0);

    for (const [i, offer] of [first, second].entries()) {
      await page
        .locator('label')
        .filter({ hasText: new RegExp(`^${offer.sizeName}$`) })
        .click();
      await expect.poll(() => buy.isEnabled()).toBe(true);
      await buy.click();
      await page.getByRole('status').getByText('Добавлено в корзину').waitFor();
      await expect.poll(() => badge(page, 'cart')).toBe(i + 1);
    }
    expect(await page.getByRole('link', { name: 'Перейти в корзину' }).getAttribute('href')).toBe('/basket/');
    await screenshot(page, 'basket-product-added');

    // A second tab of the same browser: the basket page, rendered on the server with both lines.
    const tab = await page.context().newPage();
    tab.on('pageerror', (e) => errors.push(String(e)));
    await open(tab, '/basket/');
    expect(await tab.getByTestId('basket-line').count()).toBe(2);
    expect(await badge(tab, 'cart')).toBe(2);

    // The wishlist heart in the first tab shows up in the second one without a reload.
    await tab.evaluate(() => Object.assign(window, { notReloaded: true }));
    const heart = page.getByRole('button', { name: 'Отложить' });
    await heart.click();
    await page.getByRole('button', { name: 'Убрать из отложенных' }).waitFor();
    expect(await page.getByRole('button', { name: 'Убрать из отложенных' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => badge(tab, 'wishlist')).toBe(1);
    await tab.locator(`[data-testid="delayed-item"][data-offer-id="${second.id}"]`).waitFor();
    expect(await tab.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await screenshot(tab, 'basket-desktop');
    expect(await seriousA11yViolations(tab)).toEqual([]);

    // Remove one line in the second tab: the first tab's header follows.
    await line(tab, second.id)
      .getByRole('button', { name: /^Удалить/ })
      .click();
    await line(tab, second.id).waitFor({ state: 'detached' });
    expect(await tab.getByTestId('basket-line').count()).toBe(1);
    await expect.poll(() => badge(page, 'cart')).toBe(1);

    // Move the other one to the wishlist: the cart is empty, the wishlist holds both sizes.
    await line(tab, first.id)
      .getByRole('button', { name: /^В отложенные/ })
      .click();
    await tab.getByText('В корзине пока пусто').waitFor();
    expect(await tab.getByTestId('delayed-item').count()).toBe(2);
    await expect.poll(() => badge(page, 'cart')).toBe(0);
    await expect.poll(() => badge(page, 'wishlist')).toBe(2);
    await screenshot(tab, 'basket-empty-with-wishlist');

    // A reload shows the same state from the server.
    await tab.reload();
    await settle(tab);
    expect(await tab.getByTestId('basket-line').count()).toBe(0);
    expect(await badge(tab, 'wishlist')).toBe(2);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('changes quantities on the basket page and fits a phone screen', async () => {
    const { page, errors } = await openPage(browser, 'mobile');
    await open(page, '/basket/');
    await page.getByText('В корзине пока пусто').waitFor();
    await screenshot(page, 'basket-empty-mobile');
    // Put a line with room for a second unit in through the call the product page uses, then open the basket.
    const offer = await findStockedOffer();
    const status = await page.evaluate(async (offerId) => {
      const sessid = (await (await fetch('/api/v2/user/state/')).json()).data.sessid;
      const body = new URLSearchParams({ sessid, offerId: String(offerId) });
      return (await fetch('/api/v2/sale/basket/add/', { method: 'POST', body })).status;
    }, offer.id);
    expect(status).toBe(200);
    await page.reload();
    await settle(page);
    const quantity = page.getByTestId('line-quantity');
    expect(await quantity.textContent()).toBe('1');
    const total = await page.getByTestId('basket-total').textContent();
    await page.getByRole('button', { name: 'Увеличить количество' }).click();
    await expect.poll(() => quantity.textContent()).toBe('2');
    expect(await page.getByTestId('basket-total').textContent()).not.toBe(total);
    await page.getByRole('button', { name: 'Уменьшить количество' }).click();
    await expect.poll(() => quantity.textContent()).toBe('1');
    expect(await page.getByTestId('basket-total').textContent()).toBe(total);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'basket-mobile');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
