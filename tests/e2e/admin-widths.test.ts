import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '../../app/routes';
import { launchBrowser, openPage, type ViewportName } from './support/browser';
import { staffLogin } from './support/staff';

interface RouteEntry {
  path?: string;
  children?: RouteEntry[];
}

/** Every page of the back office's layout, from the route table: its own path under `/admin/`. */
function adminPaths(): string[] {
  const layout = (routes as RouteEntry[]).find((r) => r.path === 'admin' && r.children);
  return (layout?.children ?? [])
    .map((r) => (r.path === undefined ? '/admin/' : `/admin/${r.path}/`))
    .filter((p) => p !== '/admin/logout/');
}

/** A page's address with its parameters taken from a link some page showed (the first product, shop, order…). */
function instanceOf(pattern: string, links: Set<string>): string | undefined {
  if (!pattern.includes(':')) return pattern;
  const shape = new RegExp(`^${pattern.replace(/:[a-z]+/gi, '[^/?#]+')}$`);
  return [...links].find((href) => shape.test(href));
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the back office on a phone and a tablet', () => {
  it.each(['mobile', 'tablet'] as ViewportName[])(
    'fits every page into the screen at %s width: wide tables scroll in their frames',
    async (viewport) => {
      const { page } = await openPage(browser, viewport);
      await staffLogin(page, '/admin/');
      const patterns = adminPaths();
      const links = new Set<string>();
      const visited: { path: string; width: number; screen: number }[] = [];
      // Pages without parameters first: their links name the pages with them.
      for (const pattern of [...patterns].sort((a, b) => Number(a.includes(':')) - Number(b.includes(':')))) {
        const path = instanceOf(pattern, links);
        if (!path) continue;
        const res = await page.goto(path);
        expect({ path, status: res?.status() }).toEqual({ path, status: 200 });
        const seen = await page.evaluate(() => ({
          width: document.documentElement.scrollWidth,
          screen: window.innerWidth,
          links: [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/admin/"]')].map((a) => a.pathname),
        }));
        for (const href of seen.links) links.add(href);
        visited.push({ path, width: seen.width, screen: seen.screen });
      }
      expect(visited.filter((v) => v.width > v.screen)).toEqual([]);
      // Each page with parameters the demo has an instance of is among them (a product, a shop, their photos…).
      expect(visited.length).toBeGreaterThanOrEqual(patterns.filter((p) => !p.includes(':')).length + 4);
      await page.context().close();
    },
    180_000,
  );
});
