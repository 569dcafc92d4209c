import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { staffLogin } from './support/staff';

/** Where the pages' pictures go, to be looked at (SHOTS_DIR overrides). */
const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/admin-stock-documents');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

/** A demo size's EAN-13 (db/seed/catalog.ts): 460, the offer's id in 9 digits, the check digit. */
function barcodeOf(offerId: number): string {
  const first12 = `460${String(offerId).padStart(9, '0')}`;
  const sum = [...first12].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

async function productOne() {
  const { item, offers } = (
    (await (await fetch(`${baseURL()}/api/v2/catalog/product/get/?id=1`)).json()) as {
      data: { item: { name: string; article: string }; offers: { id: number; size?: string }[] };
    }
  ).data;
  return { item, offers };
}

/** A new draft of `kind` from the list page's form: the draft's page is open after. */
async function newDraft(page: Page, kind: string, reason: string) {
  await page.goto('/admin/stock/documents/');
  const form = page.getByRole('form', { name: 'Новый документ' });
  await form.getByLabel('Вид').selectOption(kind);
  await form.getByLabel('Причина').fill(reason);
  await form.getByRole('button', { name: 'Создать черновик' }).click();
  await page.waitForURL((url) => /^\/admin\/stock\/documents\/\d+\/$/.test(url.pathname));
  await settle(page);
}

/** Scans a code as a scanner does: types it into the code field and presses Enter; the field has the focus again. */
async function scan(page: Page, code: string, added: string) {
  await page.getByLabel('Штрихкод или артикул').focus();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: added }).waitFor();
  await settle(page);
  // The next scan goes straight in: the emptied field has the focus.
  expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('code');
  expect(await page.getByLabel('Штрихкод или артикул').inputValue()).toBe('');
}

describe('stock documents as staff make them', () => {
  it('at 1440: a receipt draft, a barcode scanned twice, a size typed in the grid, posted; the form shows it posted', async () => {
    const { item, offers } = await productOne();
    const [first, second] = offers as [{ id: number }, { id: number }];
    const desk = await openPage(browser, 'desktop');
    desk.page.setDefaultTimeout(15_000);
    await staffLogin(desk.page, '/admin/stock/documents/');
    await newDraft(desk.page, 'receipt', `Поставка e2e ${Date.now()}`);
    expect(await desk.page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Поступление №\d+$/);
    expect(await desk.page.getByText('Черновик', { exact: true }).count()).toBeGreaterThan(0);

    await scan(desk.page, barcodeOf(first.id), ': 1 шт.');
    await scan(desk.page, barcodeOf(first.id), ': 2 шт.');
    // The product's size grid: every size, the scanned one at 2.
    const grid = desk.page.getByRole('table', { name: `Размеры: ${item.name}` });
    await grid.waitFor();
    expect(await grid.locator(`input[name="qty-${first.id}"]`).inputValue()).toBe('2');
    expect(await grid.locator('input[name^="qty-"]').count()).toBe(offers.length);
    await grid.locator(`input[name="qty-${second.id}"]`).fill('3');
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'draft-1440');

    await desk.page.getByRole('button', { name: 'Провести документ' }).click();
    await desk.page.getByRole('status').filter({ hasText: 'Документ проведён' }).waitFor();
    await settle(desk.page);
    expect(await desk.page.getByText('Проведён', { exact: true }).count()).toBeGreaterThan(0);
    expect(await desk.page.getByRole('button', { name: 'Провести документ' }).count()).toBe(0);
    expect(await desk.page.getByLabel('Штрихкод или артикул').count()).toBe(0);
    const lines = desk.page.getByRole('table', { name: 'Строки документа' });
    expect(await lines.getByRole('row').count()).toBe(3);
    expect(await lines.getByRole('row').nth(1).textContent()).toContain(item.article);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'posted-1440');

    // The printable sheet, and the list filtered by kind.
    const id = /\/(\d+)\/$/.exec(new URL(desk.page.url()).pathname)?.[1];
    await desk.page.getByRole('link', { name: 'Печатная форма' }).click();
    await desk.page.waitForURL((url) => url.pathname === `/admin/stock/documents/${id}/print/`);
    expect(await desk.page.getByRole('heading', { level: 1 }).textContent()).toBe(`Поступление №${id}`);
    expect(await desk.page.getByRole('row').count()).toBe(3);
    await desk.page.goto('/admin/stock/documents/?kind=receipt&status=posted');
    await settle(desk.page);
    expect(await desk.page.getByRole('link', { name: `Поступление №${id}` }).count()).toBe(1);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    expect(desk.errors).toEqual([]);
    await desk.page.context().close();
  });

  it('at 375: a count scanned on a phone shows the difference before posting, and the page fits the screen', async () => {
    const { offers } = await productOne();
    const first = offers[0] as { id: number };
    const phone = await openPage(browser, 'mobile');
    phone.page.setDefaultTimeout(15_000);
    await staffLogin(phone.page, '/admin/stock/documents/');
    await newDraft(phone.page, 'stocktake', `Пересчёт e2e ${Date.now()}`);
    await scan(phone.page, barcodeOf(first.id), ': 1 шт.');
    // Counted, on hand, difference, barcode: the difference is counted − on hand, signed.
    const row = phone.page.getByRole('row').filter({ has: phone.page.locator(`input[name="qty-${first.id}"]`) });
    const cells = await row.getByRole('cell').allTextContents();
    const difference = 1 - Number(cells[1]);
    expect(cells[2]).toBe(difference > 0 ? `+${difference}` : String(difference));
    // The count's cell is in view on the phone, beside the size, without scrolling the table.
    const box = await row.locator(`input[name="qty-${first.id}"]`).boundingBox();
    expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    expect(await phone.page.getByRole('status').filter({ hasText: 'Расхождение с остатком склада' }).count()).toBe(1);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await shot(phone.page, 'count-375');
    await phone.page.getByRole('button', { name: 'Провести документ' }).click();
    await phone.page.getByRole('status').filter({ hasText: 'Документ проведён' }).waitFor();
    await settle(phone.page);
    expect(await phone.page.getByRole('table', { name: 'Строки документа' }).getByRole('row').count()).toBe(2);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await shot(phone.page, 'posted-375');
    expect(phone.errors).toEqual([]);
    await phone.page.context().close();
  });
});
