import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, launchBrowser, openPage, settle, type ViewportName } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe.each(['desktop', 'mobile'] as ViewportName[])('the reload command (%s)', (viewport) => {
  it('reaches an open page, which reloads itself within 15 seconds', async () => {
    const { page, errors } = await openPage(browser, viewport);
    const listening = page.waitForResponse((r) => r.url().endsWith('/api/v2/push/'));
    await page.goto('/catalog/women/');
    await settle(page);
    expect((await listening).headers()['content-type']).toContain('text/event-stream');
    // A marker on window lives until the page reloads.
    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    const sent = Date.now();
    const res = await fetch(`${baseURL()}/api/v2/admin/reload-pages/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${inject('adminToken')}` },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data.pages).toBeGreaterThan(0);
    await reloaded;
    expect(Date.now() - sent).toBeLessThan(16_000);
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
