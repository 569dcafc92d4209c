import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, seriousA11yViolations } from './support/browser';
import { staffLogin } from './support/staff';

const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/admin-content');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
const unique = Date.now().toString(36);

describe('content desk in the browser', () => {
  it('writes a page with a preview at 1440, publishes it and the shop shows it', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
    await staffLogin(page, '/admin/content/');
    await page.getByRole('link', { name: 'Новая страница' }).click();
    await page.getByLabel('Адрес').fill(`/info/e2e-${unique}/`);
    await page.getByLabel('Заголовок').fill(`Страница e2e ${unique}`);
    await page
      .getByLabel('Текст (Markdown)')
      .fill('Курьер: **{{courier_price}}**, магазин хранит заказ {{shop_keep_days}} дня.');
    await page.getByLabel('Опубликована').check();
    await page.getByRole('button', { name: 'Предпросмотр' }).click();
    await page.getByRole('heading', { name: 'Предпросмотр (не сохранён)' }).waitFor();
    expect(await page.locator('section strong').first().textContent()).not.toContain('{{');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'page-preview-1440');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.getByText(`Страница «Страница e2e ${unique}» сохранена.`).waitFor();
    await page.goto(`/info/e2e-${unique}/`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(`Страница e2e ${unique}`);
    expect(await page.content()).not.toContain('{{courier_price}}');
    await shot(page, 'shop-page-1440');
    expect(errors).toEqual([]);
  });

  it('adds and edits a FAQ question at 768', async () => {
    const { page, errors } = await openPage(browser, 'tablet');
    await staffLogin(page, '/admin/content/');
    await page.goto('/admin/content/?tab=faq');
    const question = `Вопрос e2e ${unique}?`;
    await page.getByLabel('Тема').first().fill('Доставка');
    await page.getByLabel('Вопрос').first().fill(question);
    await page.getByLabel('Ответ (Markdown)').first().fill('Ответ e2e: от {{courier_free_from}} — бесплатно.');
    await page.getByRole('button', { name: 'Добавить вопрос' }).click();
    await page.getByText(`Вопрос «${question}» сохранён.`).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'faq-768');
    await page.goto('/info/faq/');
    expect(await page.content()).toContain(question);
    expect(errors).toEqual([]);
  });
});
