import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  launchBrowser,
  openPage,
  screenshot,
  seriousA11yViolations,
  settle,
  VIEWPORTS,
  type ViewportName,
} from './support/browser';

/** Every kind of page a shopper meets, on a desktop and on a phone: accessible, within the screen, photos loaded. */
let browser: Browser;
let pages: { name: string; path: string; status: number }[];

beforeAll(async () => {
  browser = await launchBrowser();
  const list = (await (await fetch(`${baseURL()}/api/v2/catalog/product/list/?section=/catalog/man/`)).json()) as {
    data: { items: { url: string; brandName: string }[] };
  };
  const product = list.data.items[0];
  if (!product) throw new Error('the demo catalogue has no men’s products');
  const brandsHtml = await (await fetch(`${baseURL()}/brands/`)).text();
  const brand = brandsHtml.match(/href="(\/brands\/(?!man\/)[a-z0-9-]+\/)"/)?.[1];
  if (!brand) throw new Error('the brands page links no brand');
  pages = [
    { name: 'section', path: '/catalog/man/', status: 200 },
    { name: 'brands', path: '/brands/', status: 200 },
    { name: 'brand', path: brand, status: 200 },
    { name: 'search', path: `/search/?q=${encodeURIComponent('пуховик')}`, status: 200 },
    { name: 'search-empty', path: `/search/?q=${encodeURIComponent('зонтик')}`, status: 200 },
    { name: 'product', path: product.url, status: 200 },
    { name: 'basket-empty', path: '/basket/', status: 200 },
    { name: 'wishlist-empty', path: '/lk/like/', status: 200 },
    { name: 'not-found', path: '/no-such-page/', status: 404 },
  ];
});
afterAll(() => browser?.close());

describe.each(['desktop', 'mobile'] as ViewportName[])('every page type on %s', (viewport) => {
  it('answers with its status, fits the screen, shows its photos and has no serious accessibility issue', async () => {
    const { page, errors } = await openPage(browser, viewport);
    // Every load that fails: a missing photo, script, style or font must fail the test, not only show in the console.
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.request().resourceType()} ${r.url()}`);
    });
    page.on('requestfailed', (r) => {
      // A request cut short by the next navigation is not a missing file.
      if (r.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${r.failure()?.errorText} ${r.url()}`);
    });
    for (const { name, path, status } of pages) {
      const response = await page.goto(path);
      expect({ path, status: response?.status() }).toEqual({ path, status });
      await settle(page);
      expect(await page.locator('h1').count(), path).toBeGreaterThan(0);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect({ path, width }).toEqual({ path, width: VIEWPORTS[viewport].width });
      // Photos in view have loaded (lazy ones below the fold are not asked for yet).
      const broken = await page.locator('main img').evaluateAll((imgs: HTMLImageElement[]) =>
        imgs
          .filter((img) => img.getBoundingClientRect().top < window.innerHeight && img.loading !== 'lazy')
          .filter((img) => !img.complete || img.naturalWidth === 0)
          .map((img) => img.src),
      );
      expect({ path, broken }).toEqual({ path, broken: [] });
      expect({ path, violations: await seriousA11yViolations(page) }).toEqual({ path, violations: [] });
      await screenshot(page, `page-${name}-${viewport}`);
    }
    // Only the not-found page's own document may fail, with its 404; Chromium logs it to the console as well.
    const notFound = pages.filter((p) => p.status === 404).map((p) => new URL(p.path, baseURL()).href);
    expect(failed).toEqual(notFound.map((url) => `404 document ${url}`));
    const logged404 = (url: string) =>
      `Failed to load resource: the server responded with a status of 404 (Not Found) [${url}]`;
    expect(errors.filter((e) => !notFound.some((url) => e === logged404(url)))).toEqual([]);
  });
});
