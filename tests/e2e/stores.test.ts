import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  screenshot,
  seriousA11yViolations,
  settle,
  type ViewportName,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe.each(['desktop', 'mobile'] as ViewportName[])('the shops (%s)', (viewport) => {
  it('lists the shops with a map, filters them, and opens a shop with its facts, map and photos', async () => {
    const { page, errors } = await openPage(browser, viewport);
    await page.goto('/stores/');
    await settle(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Магазины');
    // The visitor's city (Moscow for a new visitor) comes first, and its shops are on the map.
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).first().textContent()).toBe('Москва');
    const markers = page.locator('figure svg a');
    const moscowShops = await page.getByRole('region', { name: 'Москва' }).getByRole('listitem').count();
    expect(await markers.count()).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `stores-${viewport}`);

    await page.getByRole('combobox', { name: 'Город', exact: true }).selectOption({ label: 'Казань' });
    await page.waitForURL(/city=kazan/);
    await settle(page);
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Казань']);
    await page.getByRole('combobox', { name: 'Город', exact: true }).selectOption({ label: 'Москва' });
    await page.waitForURL(/city=moskva/);
    await page.getByRole('checkbox', { name: 'С примерочными' }).check();
    await page.waitForURL(/fitting=1/);
    await settle(page);
    expect(await page.getByRole('region', { name: 'Москва' }).getByRole('listitem').count()).toBeLessThanOrEqual(
      moscowShops,
    );

    const first = page.getByRole('region', { name: 'Москва' }).getByRole('heading', { level: 3 }).first();
    const name = (await first.textContent()) as string;
    await first.getByRole('link').click();
    await page.waitForURL(/\/stores\/shop-[a-z-]+-\d+\/$/);
    await settle(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
    expect(await page.getByRole('main').locator('a[href^="tel:"]').first().isVisible()).toBe(true);
    expect(await page.locator('tr[aria-current="date"]').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Как добраться' }).getAttribute('href')).toMatch(
      /^https:\/\/yandex\.ru\/maps\/\?rtext=~\d+\.\d+,\d+\.\d+&rtt=auto$/,
    );
    const photo = page.getByRole('img', { name: /Вход в магазин ВЬЮГА/ });
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.map((j) => JSON.parse(j)['@type'])).toContain('Store');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `store-${viewport}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
