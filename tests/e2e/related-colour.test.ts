import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, screenshot, seriousA11yViolations, settle } from './support/browser';

/**
 * Issue 44 (a weak point): choosing another colour on the product page stays on the page (the address follows it),
 * and «Похожие» follows it too: the row is asked again for the chosen colour and shows what the call answers for it.
 */

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
type Json = any;

interface Found {
  url: string;
  /** The colour the page opens with, and another whose «Похожие» differ from the first one's. */
  first: { id: number; names: string[] };
  other: { id: number; url: string; colorName: string; names: string[] };
}

async function api(path: string): Promise<Json> {
  const res = await fetch(`${baseURL()}${path}`);
  return res.ok ? ((await res.json()) as Json).data : null;
}

const similarNames = async (id: number): Promise<string[]> =>
  ((await api(`/api/v2/catalog/product/related/?productId=${id}`))?.similar ?? []).map((c: Json) => c.name as string);

/** Through the calls, as an outside visitor: a model with two colours whose «Похожие» are not the same. */
async function findModel(): Promise<Found> {
  for (let id = 1; id < 600; id++) {
    const product = await api(`/api/v2/catalog/product/get/?id=${id}`);
    if (!product || product.variants.length < 2 || !product.variants[0]?.current) continue;
    const first = await similarNames(id);
    if (first.length === 0) continue;
    for (const v of product.variants.slice(1)) {
      const names = await similarNames(v.id);
      if (names.length > 0 && names.join('|') !== first.join('|'))
        return {
          url: product.item.url,
          first: { id, names: first },
          other: { id: v.id, url: v.url, colorName: v.colorName, names },
        };
    }
  }
  throw new Error('the demo catalogue has no model whose colours have different similar products');
}

const similarRow = (page: Page) => page.getByRole('region', { name: 'Похожие', exact: true });
const shownNames = (page: Page) =>
  similarRow(page)
    .getByRole('article')
    .getByRole('heading')
    .allInnerTexts()
    .then((names) => names.map((n) => n.trim()));

let browser: Browser;
let found: Found;
beforeAll(async () => {
  browser = await launchBrowser();
  found = await findModel();
});
afterAll(() => browser?.close());

describe.each([
  ['desktop', 1440],
  ['mobile', 375],
] as const)('«Похожие» after a colour switch at %s (%i px)', (viewport, width) => {
  it('loads the row again for the chosen colour and shows its products; clean for axe', async () => {
    const { page, errors } = await openPage(browser, viewport);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v2/catalog/product/related/'))
        asked.push(new URL(r.url()).searchParams.get('productId') ?? '');
    });
    await page.goto(found.url);
    await settle(page);
    await expect.poll(() => shownNames(page), { timeout: 20_000 }).toEqual(found.first.names);
    expect(asked).toEqual([String(found.first.id)]);

    // The colour's swatch, by keyboard: focus and Enter, as a shopper without a mouse chooses it.
    const swatch = page.getByRole('link', { name: found.other.colorName, exact: true }).first();
    await swatch.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe(found.other.url);
    await expect.poll(() => asked.at(-1), { timeout: 10_000 }).toBe(String(found.other.id));
    await expect.poll(() => shownNames(page), { timeout: 20_000 }).toEqual(found.other.names);
    // Still the same page: no second document was loaded.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);

    await similarRow(page).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBe(width);
    await screenshot(page, `related-colour-${viewport}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
