import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { launchBrowser, seriousA11yViolations, settle, VIEWPORTS } from './support/browser';
import { type OwnShop, ownShop } from './support/own-shop';
import { staffLogin } from './support/staff';

/** Where the pages' pictures go, to be looked at (SHOTS_DIR overrides). */
const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/admin-exchange');

/**
 * The exchange page needs what only 1C's packages make (price types, warehouses, groups, the log): this file starts a
 * shop of its own on a database made beforehand.
 */
const shopWithExchange = () =>
  ownShop({
    async prepare(db) {
      const [section] = await queryRows<{ id: number }>(db, sql`select id from sections order by id limit 1`);
      await db.execute(sql`
      insert into exchange_price_types (onec_id, name, role) values
        ('9f1c2d3e-0001', 'Розничная', 'retail'), ('9f1c2d3e-0002', 'Старая цена', 'old'), ('9f1c2d3e-0003', 'Оптовая', null)`);
      await db.execute(sql`
      insert into exchange_warehouses (onec_id, name, store_id) values ('a7b8c9d0-0001', 'Основной склад', null)`);
      await db.execute(sql`
      insert into exchange_sections (onec_id, name, section_id) values ('c1d2e3f4-0001', 'Платья', ${section?.id})`);
      const counts = (products: number) =>
        JSON.stringify({
          sections: { created: 2, changed: 0, removed: 0 },
          products: { created: products, changed: 3, removed: 1 },
          offers: { created: products * 4, changed: 0, removed: 0 },
          prices: { created: 0, changed: products * 4, removed: 0 },
          stock: { created: 0, changed: products * 4, removed: 2 },
          images: { created: products, changed: 0, removed: 0 },
          records: products * 5,
        });
      await db.execute(sql`
      insert into exchange_log (session_key, staff_id, type, file_name, started_at, finished_at, status, position,
        counts, errors)
      values
        ('sess-1', null, 'catalog', 'import.xml', now() - interval '2 hours', now() - interval '119 minutes', 'success',
          60, ${counts(12)}::jsonb, '[]'::jsonb),
        ('sess-1', null, 'catalog', 'offers.xml', now() - interval '118 minutes', now() - interval '117 minutes',
          'failure', 48, ${counts(0)}::jsonb,
          ${JSON.stringify([
            { id: 'b5e6f7a8-0042#0001', message: 'Цена не число: «12,5,0»' },
            { id: 'b5e6f7a8-0043', message: 'Товар не найден: предложение отложено до его загрузки' },
          ])}::jsonb)`);
    },
  });

let browser: Browser;
let shop: OwnShop;
beforeAll(async () => {
  [browser, shop] = await Promise.all([launchBrowser(), shopWithExchange()]);
  mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function openAt(viewport: 'desktop' | 'tablet'): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: shop.url, locale: 'ru-RU' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.setDefaultTimeout(15_000);
  return { page, errors };
}

describe('the 1C exchange page', () => {
  it('shows the owner the log and the mappings at 1440 and 768 px, clean for axe, a warehouse mapped by keyboard', async () => {
    for (const [viewport, store] of [
      ['desktop', 1],
      ['tablet', 2],
    ] as const) {
      const { page, errors } = await openAt(viewport);
      await staffLogin(page, '/admin/exchange/');
      await settle(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Обмен с 1С');
      const nav = page.getByRole('navigation', { name: 'Разделы панели управления' });
      expect(await nav.getByRole('link', { name: 'Обмен с 1С' }).getAttribute('aria-current')).toBe('page');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The errors of a file, by 1C's Ид, open from the keyboard.
      const summary = page.getByText('Ошибок: 2');
      await summary.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByText('b5e6f7a8-0042#0001').isVisible()).toBe(true);
      await page.screenshot({ path: path.join(shots, `exchange-${viewport}.png`), fullPage: true });

      // A warehouse's store chosen with the arrow keys and saved with Enter on the button after it.
      const select = page.getByLabel('Магазин для склада «Основной склад»');
      await select.focus();
      for (let i = 0; i < store; i++) await page.keyboard.press('ArrowDown');
      const chosen = await select.inputValue();
      expect(chosen).not.toBe('');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Сохранить склады');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Сохранено изменений: 1.' }).count()).toBe(1);
      await page.reload();
      await settle(page);
      expect(await page.getByLabel('Магазин для склада «Основной склад»').inputValue()).toBe(chosen);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });
});
