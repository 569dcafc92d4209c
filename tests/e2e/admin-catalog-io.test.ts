import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { staffLogin } from './support/staff';

/** Where the pages' pictures go, to be looked at (SHOTS_DIR overrides). */
const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/admin-catalog-io');
const files = path.join(os.tmpdir(), `catalog-io-e2e-${process.pid}`);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  mkdirSync(files, { recursive: true });
});
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

/** The catalogue as the page's «Скачать CSV» gives it, as rows of cells (no cell of the demo holds `;` or quotes). */
async function exported(page: Page): Promise<string[][]> {
  const res = await page.request.get('/api/v2/admin/catalog-io/export.csv');
  expect(res.status()).toBe(200);
  return (await res.text())
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(';'));
}

const csvFile = (name: string, table: string[][]) => {
  const file = path.join(files, name);
  writeFileSync(file, `\uFEFF${table.map((r) => r.join(';')).join('\r\n')}\r\n`);
  return file;
};

describe('catalogue import and export', () => {
  it('the owner uploads a changed file, reads the preview and applies it at 1440; a wrong file is refused at 375', async () => {
    const desk = await openPage(browser, 'desktop');
    desk.page.setDefaultTimeout(20_000);
    await staffLogin(desk.page, '/admin/catalog-io/');
    await desk.page.getByRole('heading', { name: 'Импорт и экспорт', level: 1 }).waitFor();
    expect(await desk.page.getByRole('link', { name: 'Скачать XLSX' }).getAttribute('href')).toBe(
      '/api/v2/admin/catalog-io/export.xlsx',
    );
    const table = await exported(desk.page);
    const head = table[0] as string[];
    // The last size of the demo's own (no 1C id): its price to a new one, its old price removed.
    const row = [...(table.findLast((r, i) => i > 0 && r[6] === '') as string[])];
    const name = row[2] as string;
    row[8] = String(1000 + (Date.now() % 900));
    row[9] = '';
    await desk.page.getByLabel(/Файл таблицы/).setInputFiles(csvFile('change.csv', [head, row]));
    await desk.page.getByRole('button', { name: 'Проверить файл' }).click();
    const changes = desk.page.getByRole('table', { name: 'Что изменит импорт: было → станет' });
    await changes.waitFor();
    expect(await changes.getByRole('row').filter({ hasText: name }).textContent()).toContain(
      `→ ${Number(row[8]).toLocaleString('ru-RU')} ₽`,
    );
    await settle(desk.page);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'preview-1440');
    await desk.page.getByRole('button', { name: 'Применить (1)' }).click();
    await desk.page.getByRole('status').filter({ hasText: 'Импорт применён' }).waitFor();
    await settle(desk.page);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'applied-1440');
    // The export says the new price.
    const after = (await exported(desk.page)).find((r) => r[5] === row[5]);
    expect(after?.[8]).toBe(row[8]);
    expect(desk.errors).toEqual([]);
    await desk.page.context().close();

    const phone = await openPage(browser, 'mobile');
    phone.page.setDefaultTimeout(20_000);
    await staffLogin(phone.page, '/admin/catalog-io/');
    const wrong = [...row];
    wrong[8] = 'много';
    await phone.page.getByLabel(/Файл таблицы/).setInputFiles(csvFile('wrong.csv', [head, wrong]));
    await phone.page.getByRole('button', { name: 'Проверить файл' }).click();
    await phone.page.getByRole('alert').filter({ hasText: 'В файле ошибок: 1' }).waitFor();
    expect(await phone.page.getByRole('listitem').filter({ hasText: 'Строка 2, «Цена»' }).count()).toBe(1);
    expect(await phone.page.getByRole('button', { name: /Применить/ }).count()).toBe(0);
    await settle(phone.page);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    // Nothing is wider than the phone.
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(phone.page, 'refused-375');
    expect(phone.errors).toEqual([]);
    await phone.page.context().close();
  });
});
