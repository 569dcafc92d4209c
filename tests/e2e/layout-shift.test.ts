import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, VIEWPORTS, type ViewportName } from './support/browser';

/**
 * Issue 46.1: nothing on a page moves under the shopper's eyes while it loads. Each page kind is loaded in a fresh
 * context at 375 and 1440 px, and the `layout-shift` entries the browser reports from the navigation until the page
 * has settled (fonts, hydration, the visitor's state) are added up as Lighthouse's CLS adds them: at most 0.02.
 *
 * The font is what moved the pages (a section's count wrapped under its title in the stand-in font and jumped back
 * when Manrope came), so each load is a worst case for it:
 * - on a device with Arial's metrics (this machine's Liberation Sans), Manrope arrives late: the stand-in's metric
 *   overrides and the pages' fixed lines hold every page still; and Manrope's two first-screen subsets are asked
 *   for by the document's head (the preload), not found by the first layout: on a device without Arial or Roboto
 *   that is what brings Manrope before the first paint (not asserted by the shift there: a race with the paint on
 *   this shared machine);
 * - on a device without Arial or Roboto (Chromium given only DejaVu, the widest common sans-serif, which fontconfig
 *   itself depends on), Manrope late: the text reflows, but a listing's count and product cards keep their places
 *   (the header and card rules).
 */
const MAX_SHIFT = 0.02;
const LATE_FONT_MS = 800;

let pages: { name: string; path: string }[];
let withArial: Browser;
let withoutArial: Browser;
let fontDir: string;

beforeAll(async () => {
  const get = async <T>(url: string) => ((await (await fetch(`${baseURL()}${url}`)).json()) as { data: T }).data;
  const list = await get<{ items: { url: string }[] }>('/api/v2/catalog/product/list/?section=/catalog/women/');
  const product = list.items[0]?.url;
  const html = async (url: string) => (await fetch(`${baseURL()}${url}`)).text();
  const brand = (await html('/brands/')).match(/href="(\/brands\/(?!man\/)[a-z0-9-]+\/)"/)?.[1];
  const shop = (await html('/stores/')).match(/href="(\/stores\/[a-z0-9-]+\/)"/)?.[1];
  const leaf = (await html('/catalog/')).match(/href="(\/catalog\/women\/[a-z0-9-]+\/[a-z0-9-]+\/)"/)?.[1];
  if (!product || !brand || !shop || !leaf) throw new Error('the demo catalogue lacks a product, brand, shop or leaf');
  pages = [
    { name: 'home', path: '/' },
    { name: 'catalogue', path: '/catalog/' },
    { name: 'section', path: '/catalog/women/' },
    { name: 'leaf section', path: leaf },
    { name: 'brands', path: '/brands/' },
    { name: 'brand', path: brand },
    { name: 'search', path: `/search/?q=${encodeURIComponent('пуховик')}` },
    { name: 'product', path: product },
    { name: 'basket', path: '/basket/' },
    { name: 'wishlist', path: '/lk/like/' },
    { name: 'shops', path: '/stores/' },
    { name: 'shop', path: shop },
    { name: 'information', path: '/info/dostavka-i-oplata/' },
    { name: 'size guide', path: '/info/vybor-razmera/' },
    { name: 'landing', path: '/promo/puhoviki-do-minus-40/' },
    { name: 'login', path: '/auth/' },
    { name: 'not found', path: '/no-such-page/' },
  ];
  fontDir = mkdtempSync(path.join(os.tmpdir(), 'shop-fonts-'));
  writeFileSync(
    path.join(fontDir, 'fonts.conf'),
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>${fontDir}/cache</cachedir></fontconfig>`,
  );
  [withArial, withoutArial] = await Promise.all([
    launchBrowser(),
    launchBrowser({ env: { FONTCONFIG_FILE: path.join(fontDir, 'fonts.conf') } }),
  ]);
});

afterAll(async () => {
  await Promise.all([withArial?.close(), withoutArial?.close()]);
  if (fontDir) rmSync(fontDir, { recursive: true, force: true });
});

interface Shift {
  value: number;
  /** What moved: the listing's count, a product card, or something else (its tag and class). */
  sources: string[];
}

interface Load {
  shifts: Shift[];
  /** Manrope's Cyrillic and Latin files found by the first layout instead of asked for by the head (the preload). */
  lateFonts: string[];
}

/** Loads `url` in a fresh context: the layout shifts without recent input until it has settled, and its font timing. */
async function load(browser: Browser, viewport: ViewportName, url: string): Promise<Load> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    locale: 'ru-RU',
    isMobile: viewport === 'mobile',
    hasTouch: viewport === 'mobile',
    baseURL: baseURL(),
  });
  try {
    const page = await context.newPage();
    await page.route(/\.woff2$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, LATE_FONT_MS));
      await route.continue();
    });
    await page.goto(url, { waitUntil: 'load' });
    await settled(page);
    return await page.evaluate(
      () =>
        new Promise<Load>((resolve) => {
          // A font the head's preload asked for is the link's; one the first layout found is the stylesheet's.
          const lateFonts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .filter((r) => /manrope-(cyrillic|latin)-wght/.test(r.name) && r.initiatorType !== 'link')
            .map((r) => r.name.slice(r.name.lastIndexOf('/') + 1));
          const describe = (node: Node | null): string => {
            if (!(node instanceof Element)) return node ? '#text' : '(removed)';
            if (node.matches('[data-testid="listing-count"]')) return 'count';
            if (node.closest('article') && node.querySelector('img')) return 'card';
            return `${node.tagName.toLowerCase()}.${String(node.className).split(' ')[0]}`;
          };
          const answer = (shifts: Shift[]) => resolve({ shifts, lateFonts });
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
              sources: { node: Node | null }[];
            })[];
            answer(
              entries
                .filter((e) => !e.hadRecentInput)
                .map((e) => ({ value: e.value, sources: e.sources.map((s) => describe(s.node)) })),
            );
          }).observe({ type: 'layout-shift', buffered: true });
          // No entry at all: the observer is never called.
          setTimeout(() => answer([]), 100);
        }),
    );
  } finally {
    await context.close();
  }
}

/** Manrope, hydration and the visitor's state are in, and the page has had a moment to draw them. */
async function settled(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber$')));
  await page.waitForTimeout(400);
}

const total = (shifts: Shift[]) => shifts.reduce((sum, s) => sum + s.value, 0);

describe.each(['mobile', 'desktop'] as ViewportName[])('pages at %s width', (viewport) => {
  it('hold still while Manrope arrives late on a device with Arial’s metrics, and ask for it at once', async () => {
    for (const { name, path: url } of pages) {
      const { shifts, lateFonts } = await load(withArial, viewport, url);
      expect({ name, shift: total(shifts) <= MAX_SHIFT ? 'small' : shifts, lateFonts }).toEqual({
        name,
        shift: 'small',
        lateFonts: [],
      });
    }
  }, 300_000);

  it('keep the listing’s count and cards in place when a wider stand-in font gives way to Manrope', async () => {
    for (const { name, path: url } of pages.filter((p) => ['leaf section', 'search'].includes(p.name))) {
      const { shifts } = await load(withoutArial, viewport, url);
      const moved = shifts.filter((s) => s.sources.some((source) => source === 'count' || source === 'card'));
      expect({ name, moved }).toEqual({ name, moved: [] });
    }
  });
});
