import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { staffLogin } from './support/staff';

/** Where the pages' pictures go, to be looked at (SHOTS_DIR overrides). */
const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/admin-promo');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

describe('promo codes in the back office', () => {
  it('the owner creates a code at 1440 and stops it at 768', async () => {
    const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const { page, errors } = await openPage(browser, 'desktop');
    page.setDefaultTimeout(15_000);
    await staffLogin(page, '/admin/promocodes/');
    await page.getByLabel('Промокод', { exact: true }).fill(code.toLowerCase());
    await page.getByLabel('Вид скидки').selectOption('amount');
    await page.getByLabel('Размер скидки (% или ₽)').fill('500');
    await page.getByLabel('Заказ от, ₽').fill('5000');
    await page.getByLabel('Действует до (время московское)').fill('2036-12-31T23:59');
    await page.getByLabel('Лимит использований всего').fill('100');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'list-1440');
    await page.getByRole('button', { name: 'Создать промокод' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/promocodes/${code}/`);
    await page.getByRole('status').filter({ hasText: 'Промокод создан' }).waitFor();
    expect(await page.getByText('−500 ₽ от 5 000 ₽').count()).toBeGreaterThan(0);
    await settle(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'card-1440');

    await page.setViewportSize({ width: 768, height: 1024 });
    await settle(page);
    await page.getByLabel(`Да, остановить промокод ${code}`).check();
    await page.getByRole('button', { name: 'Остановить промокод' }).click();
    await page.getByRole('status').filter({ hasText: 'остановлен' }).waitFor();
    await page.getByText('Остановлен', { exact: true }).first().waitFor();
    expect(await page.getByText('Промокод создан.').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'card-stopped-768');

    await page.goto('/admin/promocodes/?state=stopped');
    await settle(page);
    const row = page.getByRole('row').filter({ hasText: code });
    expect(await row.textContent()).toContain('Остановлен');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'list-stopped-768');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
