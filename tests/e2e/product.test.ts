import type { Browser, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  launchBrowser,
  openPage,
  screenshot,
  seriousA11yViolations,
  settle,
  type ViewportName,
} from './support/browser';

interface Offer {
  id: number;
  sizeName: string;
  disabled: boolean;
  canBuy: boolean;
  inShops: boolean;
}
interface Product {
  item: { id: number; url: string; seo: { title: string; description: string } };
  offers: Offer[];
  variants: { id: number; url: string; colorName: string }[];
}

/** A product whose other colour has the same size in stock and in shops: the size must survive the colour switch. */
interface Sample {
  product: Product;
  sibling: Product;
  siblingColor: string;
  size: string;
}

async function productById(id: number): Promise<Product | null> {
  const res = await fetch(`${baseURL()}/api/v2/catalog/product/get/?id=${id}`);
  return res.ok ? ((await res.json()) as { data: Product }).data : null;
}

async function findSample(): Promise<Sample> {
  for (let id = 1; id < 400; id++) {
    const product = await productById(id);
    if (!product || product.variants.length < 3) continue;
    for (const variant of product.variants.filter((v) => v.id !== id)) {
      const sibling = (await productById(variant.id)) as Product;
      const size = product.offers.find(
        (o) => !o.disabled && sibling.offers.some((s) => s.sizeName === o.sizeName && !s.disabled && s.inShops),
      )?.sizeName;
      if (size) return { product, sibling, siblingColor: variant.colorName, size };
    }
  }
  throw new Error('the demo catalogue has no product with a size shared by two colours');
}

let browser: Browser;
let sample: Sample;
beforeAll(async () => {
  browser = await launchBrowser();
  sample = await findSample();
});
afterAll(() => browser?.close());

const metaContent = (page: Page, selector: string) => page.locator(`head ${selector}`).getAttribute('content');
const isViewCall = (r: Request) =>
  r.url().endsWith('/bitrix/components/bitrix/catalog.element/ajax.php') && r.method() === 'POST';

/** Opens a product page and waits until it is interactive: the view call is sent from an effect, after hydration. */
async function openProduct(page: Page, url: string): Promise<Request> {
  const view = page.waitForRequest(isViewCall);
  await page.goto(url);
  const request = await view;
  // Fonts and photos still arriving shift the layout; a click aimed at a size must not land on its neighbour.
  await settle(page);
  return request;
}

describe.each(['desktop', 'mobile'] as ViewportName[])('product page on %s', (viewport) => {
  it('opens a product, switches colour keeping the size, and shows stock by shop', async () => {
    const { page, errors } = await openPage(browser, viewport);
    const view = await openProduct(page, sample.product.item.url);
    // Each view is posted to the catalogue-element call with the spec's fields; no size is chosen yet, so
    // PRODUCT_ID is the product.
    const fields = new URLSearchParams(view.postData() ?? '');
    expect(Object.fromEntries(fields)).toMatchObject({
      AJAX: 'Y',
      SITE_ID: 's1',
      PRODUCT_ID: String(sample.product.item.id),
      PARENT_ID: String(sample.product.item.id),
    });
    expect(fields.get('sessid')).toMatch(/^[\w-]{20,}$/);

    expect(await page.title()).toBe(sample.product.item.seo.title);
    const main = page.getByRole('button', { name: /^Увеличить фото 1 из/ }).locator('img');
    await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'В корзину' }).isDisabled()).toBe(true);
    expect(await page.getByText('Выберите размер').first().isVisible()).toBe(true);
    await screenshot(page, `product-${viewport}`);

    // A marker on window survives only if the page is not reloaded.
    await page.evaluate(() => Object.assign(window, { productMarker: 1 }));
    await page
      .locator('label')
      .filter({ hasText: new RegExp(`^${sample.size}$`) })
      .click();
    await expect.poll(() => page.getByRole('radio', { name: sample.size, exact: true }).isChecked()).toBe(true);

    const nextView = page.waitForRequest(
      (r) => isViewCall(r) && (r.postData() ?? '').includes(`PARENT_ID=${sample.sibling.item.id}&`),
    );
    await page.getByRole('link', { name: sample.siblingColor, exact: true }).click();
    await page.waitForURL((url) => url.pathname === sample.sibling.item.url);
    // The size is kept, so the view names the new colour's offer of that size, under the new colour.
    const siblingOffer = sample.sibling.offers.find((o) => o.sizeName === sample.size) as Offer;
    expect(Object.fromEntries(new URLSearchParams((await nextView).postData() ?? ''))).toMatchObject({
      PRODUCT_ID: String(siblingOffer.id),
      PARENT_ID: String(sample.sibling.item.id),
    });
    expect(await page.evaluate(() => (window as unknown as { productMarker?: number }).productMarker)).toBe(1);
    expect(await page.title()).toBe(sample.sibling.item.seo.title);
    expect(await metaContent(page, 'meta[name="description"]')).toBe(sample.sibling.item.seo.description);
    expect(await metaContent(page, 'meta[property="og:url"]')).toBe(`${baseURL()}${sample.sibling.item.url}`);
    expect(await metaContent(page, 'meta[property="og:description"]')).toBe(sample.sibling.item.seo.description);
    expect(await page.locator('head title').count()).toBe(1);
    await expect.poll(() => page.getByRole('radio', { name: sample.size, exact: true }).isChecked()).toBe(true);
    expect(await page.getByText(`Цвет: ${sample.siblingColor}`).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Наличие в магазинах' }).click();
    const dialog = page.getByRole('dialog', { name: 'Наличие в магазинах' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // The chosen size is pre-selected, and at least one shop has it, with a quantity.
    expect(await dialog.getByRole('button', { name: sample.size, exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await expect.poll(() => dialog.getByRole('listitem').count()).toBeGreaterThan(0);
    await expect
      .poll(() =>
        dialog
          .getByText(/^\d+\u00a0шт\.$/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await dialog.getByText(new RegExp(`^Размер ${sample.size} есть в \\d+ магазин`)).isVisible()).toBe(true);
    expect(await dialog.getByRole('heading', { level: 3 }).count()).toBeGreaterThan(0);
    await screenshot(page, `product-stock-${viewport}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('opens the photo zoom from the keyboard and closes it with Escape', async () => {
    const { page, errors } = await openPage(browser, viewport);
    await openProduct(page, sample.product.item.url);
    const opener = page.getByRole('button', { name: /^Увеличить фото 1 из/ });
    await opener.focus();
    await page.keyboard.press('Enter');
    const zoom = page.getByRole('dialog', { name: /увеличенное фото$/ });
    await expect.poll(() => zoom.isVisible()).toBe(true);
    const big = zoom.locator('img');
    expect(await big.getAttribute('src')).toMatch(/^\/images\/source\/[\w-]+\.jpg\?v=1$/);
    await expect.poll(() => big.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(852);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => zoom.getByText(/^2 \/ \d+$/).isVisible()).toBe(true);
    await screenshot(page, `product-zoom-${viewport}`);
    await page.keyboard.press('Escape');
    await expect.poll(() => zoom.isVisible()).toBe(false);
    // Focus goes back where it was.
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('stock by shop errors', () => {
  const cases = [
    ['a network failure', (route: Route) => route.abort('failed'), 'Не удалось загрузить данные'],
    [
      'an error answer',
      (route: Route) =>
        route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({ status: 'error', errors: [{ message: 'Наличие временно недоступно', code: 'X' }] }),
        }),
      'Наличие временно недоступно',
    ],
    [
      'an answer without status',
      (route: Route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }),
      'Unknown response',
    ],
  ] as const;

  for (const [what, handler, message] of cases) {
    it(`shows «${message}» on ${what}, and a retry that loads the shops`, async () => {
      const { page } = await openPage(browser, 'desktop');
      let failing = true;
      await page.route('**/api/v2/catalog/product/available/get/', (route) =>
        failing ? handler(route) : route.continue(),
      );
      await openProduct(page, sample.product.item.url);
      await page.getByRole('button', { name: 'Наличие в магазинах' }).click();
      const dialog = page.getByRole('dialog', { name: 'Наличие в магазинах' });
      await expect.poll(() => dialog.getByRole('alert').textContent()).toContain(message);
      failing = false;
      await dialog.getByRole('button', { name: 'Повторить' }).click();
      await expect.poll(() => dialog.getByRole('button', { name: 'Все размеры' }).isVisible()).toBe(true);
    });
  }
});
