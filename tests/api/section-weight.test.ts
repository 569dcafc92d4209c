import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 46.3: the menu travels once. The page draws it and names its version; the browser reads it from /menu.json.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

interface MenuJson {
  categories: { name: string; url: string; blocks: { name: string; columns: { items: { url: string }[] }[] }[] }[];
}

/** The page's data as React Router streams it into the page: the text of its `streamController.enqueue` scripts. */
const streamedData = (html: string) =>
  [...html.matchAll(/<script[^>]*>([^<]*streamController\.enqueue[^<]*)<\/script>/g)].map((m) => m[1]).join('');

async function page(path: string) {
  const res = await app.fetch(path);
  expect(res.status).toBe(200);
  const html = await res.text();
  const version = html.match(/<link rel="preload" as="fetch" href="\/menu\.json\?v=([0-9a-f]+)"[^>]*>/)?.[1];
  return { html, version };
}

describe('the menu, once', () => {
  it('is not in the streamed data of a page, which names its version and preloads it', async () => {
    for (const path of ['/', '/catalog/women/', '/catalog/women/verkhnyaya-odezhda/puhoviki/', '/menu/']) {
      const { html, version } = await page(path);
      expect({ path, version }).toEqual({ path, version: expect.stringMatching(/^[0-9a-f]{13}$/) });
      const data = streamedData(html);
      expect(data).toContain('menuVersion');
      // The menu's own keys: with the menu in the root's data each of them is in every page.
      for (const key of ['menu', 'categories', 'blocks', 'columns', 'banners'])
        expect({ path, key, found: data.includes(`\\"${key}\\"`) }).toEqual({ path, key, found: false });
      expect(html).toMatch(/<link rel="preload" as="fetch" href="\/menu\.json\?v=[0-9a-f]+" crossorigin="anonymous"/);
      // Drawn in its place, not moved to the page's end behind a script (React does that to a large boundary).
      expect(html).not.toContain('<!--$?-->');
      expect(html).toMatch(/<nav[^>]*aria-label="Главное меню"/);
    }
  });

  it('is drawn by the server from the same menu /menu.json answers, kept a year under its version', async () => {
    const { html, version } = await page('/catalog/women/');
    const res = await app.fetch(`/menu.json?v=${version}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-menu-version')).toBe(version);
    const menu = (await res.json()) as MenuJson;
    const women = menu.categories.find((c) => c.url === '/catalog/women/');
    expect(women?.blocks.length).toBeGreaterThan(0);
    // The header's menu in the page: the women's blocks and every item of their dropdowns.
    const nav = html.slice(
      html.indexOf('aria-label="Главное меню"'),
      html.indexOf('</nav>', html.indexOf('aria-label="Главное меню"')),
    );
    for (const block of women?.blocks ?? []) {
      expect(nav).toContain(`>${block.name}</a>`);
      for (const item of block.columns.flatMap((c) => c.items)) expect(nav).toContain(`href="${item.url}"`);
    }
    // The same answer again: the version names one menu.
    expect(await (await app.fetch(`/menu.json?v=${version}`)).text()).toBe(JSON.stringify(menu));
  });

  it('answers an unknown version with the menu of now, kept by no cache', async () => {
    const { version } = await page('/');
    for (const asked of ['0000000000000', '', 'x<script>']) {
      const res = await app.fetch(`/menu.json?v=${encodeURIComponent(asked)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-menu-version')).toBe(version);
      expect(((await res.json()) as MenuJson).categories.length).toBeGreaterThan(0);
    }
  });
});
