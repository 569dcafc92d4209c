import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { staffLogin } from './support/staff';

/** Where the pages' pictures go, to be looked at (SHOTS_DIR overrides). */
const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/admin-pages');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

describe('the back office beside the orders desk', () => {
  it('shows the owner the dashboard, staff, audit log and profile, usable by keyboard and clean for axe', async () => {
    for (const viewport of ['desktop', 'tablet'] as const) {
      const { page, errors } = await openPage(browser, viewport);
      page.setDefaultTimeout(15_000);
      await staffLogin(page, '/admin/');
      await settle(page);
      // The dashboard: today against last week, the queues and the 14 days drawn on the server.
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Панель управления');
      expect(await page.getByRole('img', { name: /^Выручка по дням/ }).count()).toBe(1);
      expect(await page.getByRole('link', { name: /Новые/ }).first().getAttribute('href')).toBe(
        '/admin/orders/?queue=new',
      );
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, `dashboard-${viewport}`);

      // The navigation by keyboard: the first section link takes the focus and opens its page.
      const nav = page.getByRole('navigation', { name: 'Разделы панели управления' });
      await nav.getByRole('link', { name: 'Сотрудники' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/admin/staff/');
      await settle(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Сотрудники');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, `staff-${viewport}`);

      for (const [address, title] of [
        ['/admin/audit/', 'Журнал действий'],
        ['/admin/account/', 'Мой профиль'],
      ] as const) {
        await page.goto(address);
        await settle(page);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
        expect(await seriousA11yViolations(page), address).toEqual([]);
      }
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });
});
