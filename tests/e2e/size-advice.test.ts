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

describe.each(['desktop', 'mobile'] as ViewportName[])('size advice (%s)', (viewport) => {
  it('advises a size on the size guide and on a product, and marks it on every product after', async () => {
    const { page, errors } = await openPage(browser, viewport);
    await page.goto('/info/vybor-razmera/');
    await settle(page);
    await page.getByLabel('Рост, см').fill('168');
    await page.getByLabel('Обхват груди, см').fill('86');
    await page.getByLabel('Обхват талии, см').fill('64');
    await page.getByLabel('Обхват бёдер, см').fill('94');
    await page.getByRole('button', { name: 'Подобрать' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Ваш размер — 44\./);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `size-guide-${viewport}`);

    // Women's products made in 42 to 48: the advice for these measures lies there whatever the product's fit.
    await page.goto('/catalog/women/verkhnyaya-odezhda/');
    await settle(page);
    const links = await page
      .locator('main a[href^="/product/"]')
      .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href') as string))]);
    const chosen: string[] = [];
    for (const href of links.slice(0, 24)) {
      if (chosen.length === 2) break;
      await page.goto(href);
      await settle(page);
      const sizes = await Promise.all(
        ['42', '44', '46', '48'].map((s) => page.getByRole('radio', { name: s }).count()),
      );
      if (sizes.every((n) => n === 1)) chosen.push(href);
    }
    expect(chosen).toHaveLength(2);
    // The product's advice, as its status says, is the one size the picker marks «ваш».
    const expectMarked = async () => {
      const status = page.getByRole('status').filter({ hasText: 'Ваш размер' });
      await expect.poll(() => status.textContent()).toMatch(/^Ваш размер — \d+\./);
      const size = /^Ваш размер — (\d+)\./.exec((await status.textContent()) as string)?.[1];
      await expect.poll(() => page.getByRole('radio', { name: /— ваш$/ }).count()).toBe(1);
      expect(await page.getByRole('radio', { name: `${size} — ваш`, exact: true }).count()).toBe(1);
    };
    await page.goto(chosen[0] as string);
    await settle(page);
    await page.getByText('Подобрать размер по меркам').click();
    await page.getByLabel('Рост, см').fill('168');
    await page.getByLabel('Грудь, см').fill('86');
    await page.getByLabel('Талия, см').fill('64');
    await page.getByLabel('Бёдра, см').fill('94');
    await page.getByRole('button', { name: 'Подобрать', exact: true }).click();
    await expectMarked();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `size-advice-${viewport}`);

    // Remembered: another product marks its advised size without asking again.
    await page.goto(chosen[1] as string);
    await settle(page);
    await page.getByText('Подобрать размер по меркам').click();
    await expectMarked();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
