import type { Browser, Page } from 'playwright-core';
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

/** The shop's own links inside `selector`, each once, without the fragment. */
const linksIn = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => [
    ...new Set(
      els
        .flatMap((el) => [...el.querySelectorAll('a[href]')])
        .map((a) => new URL((a as HTMLAnchorElement).href))
        .filter((u) => u.origin === location.origin)
        .map((u) => u.pathname + u.search),
    ),
  ]);

describe.each(['desktop', 'mobile'] as ViewportName[])('links and information pages (%s)', (viewport) => {
  it('every link of the header, the menus and the footer answers 200', async () => {
    const { page, errors } = await openPage(browser, viewport);
    await page.goto('/');
    await settle(page);
    if (viewport === 'mobile') {
      await page.getByRole('button', { name: 'Открыть меню' }).click();
      await expect.poll(() => page.getByRole('dialog', { name: 'Меню' }).isVisible()).toBe(true);
    }
    const links = await linksIn(page, viewport === 'mobile' ? '[role="dialog"], footer, nav' : 'header, footer, nav');
    expect(links.length).toBeGreaterThan(20);
    for (const path of ['/info/dostavka-i-oplata/', '/info/bonusnaya-programma/', '/contacts/', '/stores/'])
      expect(links).toContain(path);
    const broken: string[] = [];
    for (const link of links) {
      const res = await page.request.get(link);
      if (res.status() !== 200) broken.push(`${link} → ${res.status()}`);
    }
    expect(broken).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the information pages, the FAQ with its question dialog and a landing page, accessible', async () => {
    const { page, errors } = await openPage(browser, viewport);
    await page.goto('/info/dostavka-i-oplata/');
    await settle(page);
    const main = page.getByRole('main');
    await expect.poll(() => main.getByRole('heading', { level: 1 }).textContent()).toBe('Доставка и оплата');
    await expect.poll(() => main.getByText('Курьерская доставка').first().isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `info-delivery-${viewport}`);

    // The side menu leads on to the FAQ: a question opens its answer, and «Задать вопрос» opens the form.
    await main
      .getByRole('navigation', { name: 'Разделы информации' })
      .getByRole('link', { name: 'Вопросы и ответы' })
      .click();
    await page.waitForURL((url) => url.pathname === '/info/faq/');
    await settle(page);
    await main.getByText('Сколько стоит доставка?').click();
    await expect.poll(() => main.getByText(/^Курьером — /).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `info-faq-${viewport}`);
    await main.getByRole('button', { name: 'Задать вопрос' }).click();
    const dialog = page.getByRole('dialog', { name: 'Задать вопрос' });
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Вопрос' }).count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    await page.goto('/promo/puhoviki-do-minus-40/');
    await settle(page);
    await expect.poll(() => main.getByRole('heading', { level: 1 }).textContent()).toBe('Пуховики до −40 °C');
    await expect.poll(() => main.locator('a[href^="/product/"]').count()).toBeGreaterThan(0);
    const hero = await main
      .locator('img')
      .first()
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    expect(hero).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `landing-${viewport}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
