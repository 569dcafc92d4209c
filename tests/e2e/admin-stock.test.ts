import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { staffLogin } from './support/staff';

/** Where the pages' pictures go, to be looked at (SHOTS_DIR overrides). */
const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/admin-stock');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

describe('stock by store', () => {
  it('the owner finds a product, makes a receipt at 1440 and reads the size’s history at 768', async () => {
    const { item } = (
      (await (await fetch(`${baseURL()}/api/v2/catalog/product/get/?id=1`)).json()) as {
        data: { item: { name: string; article: string } };
      }
    ).data;
    const reason = `Поставка e2e ${Date.now()}`;

    const desk = await openPage(browser, 'desktop');
    desk.page.setDefaultTimeout(15_000);
    await staffLogin(desk.page, '/admin/stock/');
    await desk.page.getByLabel('Товар: название или артикул').fill(item.article);
    await desk.page.getByRole('button', { name: 'Найти' }).click();
    await desk.page.getByRole('link', { name: item.name }).first().click();
    await desk.page.getByRole('table', { name: 'Остатки по размерам и складам' }).waitFor();
    const first = desk.page.locator('input[name^="qty-"]').first();
    await first.fill('3');
    await desk.page.locator('select[name="kind"]').selectOption('receipt');
    await desk.page.getByLabel('Причина').fill(reason);
    await desk.page.getByRole('button', { name: 'Провести документ' }).click();
    await desk.page.getByRole('status').filter({ hasText: 'проведено' }).waitFor();
    await settle(desk.page);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'stock-1440');
    expect(desk.errors).toEqual([]);

    // The history of the size received, at the tablet width.
    await desk.page.setViewportSize({ width: 768, height: 1024 });
    const offerId = (await first.getAttribute('name'))?.slice(4);
    const storeId = await desk.page.locator('select[name="storeId"]').inputValue();
    await desk.page.goto(`/admin/stock/movements/?offerId=${offerId}&storeId=${storeId}`);
    await settle(desk.page);
    const row = desk.page.getByRole('row').filter({ hasText: reason });
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain('Поступление');
    expect(await row.textContent()).toContain('+3');
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'movements-768');
    expect(desk.errors).toEqual([]);
    await desk.page.context().close();
  });
});
