import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, seriousA11yViolations } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('home page and menus', () => {
  it('desktop: the home page shows photos, and hovering a menu block opens its dropdown to a section', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
    await page.goto('/');
    await expect.poll(() => page.locator('main img').count()).toBeGreaterThan(10);
    // Real photos: the first product image has loaded with its natural size.
    const loaded = await page
      .locator('main img')
      .first()
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    expect(loaded).toBe(true);
    await screenshot(page, 'home-desktop');

    const block = page.getByTestId('menu-block').filter({ hasText: 'Верхняя одежда' });
    await block.hover();
    const dropdown = page.getByTestId('menu-dropdown').filter({ visible: true });
    await expect.poll(() => dropdown.count()).toBe(1);
    const item = dropdown.getByRole('link', { name: /^Пуховики/ }).first();
    await expect.poll(() => item.textContent()).toMatch(/от [\d\u00a0]+\u00a0руб\./);
    // The dropdown stays inside the window.
    const box = await dropdown.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1440);
    await screenshot(page, 'menu-desktop');
    const href = await item.getAttribute('href');
    const data = page.waitForRequest((r) => r.url().includes('.data'));
    await item.click();
    await page.waitForURL((url) => url.pathname === href);
    // A client navigation loads only the new page's data: the shell (menu, cities) is not loaded again.
    const routes = new URL((await data).url()).searchParams.get('_routes') ?? '';
    expect(routes).not.toBe('');
    expect(routes.split(',')).not.toContain('root');
    // The header follows the address: the women's category stays active on a women's section.
    await expect.poll(() => page.locator('header [aria-current="true"]').first().textContent()).toBe('Женщинам');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('desktop: the home page has no serious accessibility issue and Escape closes the dropdown', async () => {
    const { page } = await openPage(browser, 'desktop');
    await page.goto('/');
    expect(await seriousA11yViolations(page)).toEqual([]);
    const block = page.getByTestId('menu-block').first();
    await block.focus();
    await expect.poll(() => page.getByTestId('menu-dropdown').filter({ visible: true }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('menu-dropdown').filter({ visible: true }).count()).toBe(0);
  });

  it('mobile: the burger opens the menu, a block expands and collapses, an item leads to its section', async () => {
    const { page, errors } = await openPage(browser, 'mobile');
    await page.goto('/');
    await screenshot(page, 'home-mobile');
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const dialog = page.getByRole('dialog', { name: 'Меню' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('tab', { name: 'Мужчинам' }).click();
    const toggle = dialog.getByRole('button', { name: 'Верхняя одежда' }).filter({ visible: true });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const item = dialog
      .getByRole('link', { name: /^Парки/ })
      .filter({ visible: true })
      .first();
    await expect.poll(() => item.textContent()).toMatch(/от [\d\u00a0]+\u00a0руб\./);
    await screenshot(page, 'menu-mobile');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const href = await item.getAttribute('href');
    expect(href).toMatch(/^\/catalog\/man\//);
    await item.click();
    await page.waitForURL((url) => url.pathname === href);
    // The menu closed and the page scrolls again.
    expect(await page.evaluate(() => document.body.classList.contains('scroll-locked'))).toBe(false);
    expect(errors).toEqual([]);
  });

  it('mobile: the header hides on scroll down and comes back on scroll up; the scroll-up button appears past 500 px', async () => {
    const { page } = await openPage(browser, 'mobile');
    await page.goto('/');
    const header = page.locator('header').first();
    // Where the page's content sits in the document: the header staying at the top must not move it.
    const mainTop = () =>
      page.evaluate(() => (document.querySelector('main')?.getBoundingClientRect().top ?? 0) + window.scrollY);
    const before = await mainTop();
    for (const y of [100, 300, 600, 900]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(250);
    }
    await expect.poll(async () => (await header.boundingBox())?.y ?? 0).toBeLessThan(-10);
    expect(await mainTop()).toBe(before);
    await expect.poll(() => page.getByRole('button', { name: 'Наверх' }).isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 700));
    await page.waitForTimeout(700);
    await expect.poll(async () => (await header.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect(await mainTop()).toBe(before);
  });

  it('search toggle opens the field, focuses it and searches', async () => {
    const { page } = await openPage(browser, 'desktop');
    await page.goto('/');
    await page.getByRole('button', { name: 'Поиск' }).click();
    const input = page.getByRole('searchbox', { name: 'Поиск по каталогу' });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await input.getAttribute('maxlength')).toBe('100');
  });
});
