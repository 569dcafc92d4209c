import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { placeShopOrder } from './support/shop-order';
import { staffLogin } from './support/staff';

/** Where the pages' pictures go, to be looked at (SHOTS_DIR overrides). */
const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/admin-notifications');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

const badgeOf = (page: Page) =>
  page.getByRole('navigation', { name: 'Разделы панели управления' }).getByRole('link', { name: /^Уведомления/ });
const countOf = async (page: Page) => Number(await badgeOf(page).locator('[data-count]').getAttribute('data-count'));

describe('staff notifications in the browser', () => {
  it('at 1440 the badge counts a new order without a reload; the list shows it and marks it read', async () => {
    const desk = await openPage(browser, 'desktop');
    desk.page.setDefaultTimeout(15_000);
    await staffLogin(desk.page, '/admin/notifications/');
    await settle(desk.page);
    const before = await countOf(desk.page);
    // A mark on the window: a reload would drop it.
    await desk.page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const { id } = await placeShopOrder('79005550147', { key: 'notify', mailbox: 'notify', name: 'Метелица Ольга' });
    await desk.page.waitForFunction(
      (n) => Number(document.querySelector('nav [data-count]')?.getAttribute('data-count')) === n,
      before + 1,
      { timeout: 20_000 },
    );
    expect(await desk.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await badgeOf(desk.page).textContent()).toContain(`непрочитанных: ${before + 1}`);

    // The list, as the member opens it, has the order first.
    await desk.page.goto('/admin/notifications/');
    await settle(desk.page);
    const first = desk.page.getByRole('list', { name: 'Уведомления, новые сверху' }).getByRole('listitem').first();
    expect(await first.getByRole('link').getAttribute('href')).toBe(`/admin/orders/${id}/`);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'notifications-1440');
    await desk.page.getByRole('button', { name: 'Отметить все прочитанными' }).click();
    await desk.page.getByText('Непрочитанных нет.').first().waitFor();
    await desk.page.waitForFunction(
      () => document.querySelector('nav [data-count]')?.getAttribute('data-count') === '0',
    );
    // Nothing unread: no badge at all (not a «0»).
    expect(await badgeOf(desk.page).locator('[data-count]').isVisible()).toBe(false);
    expect(desk.errors).toEqual([]);
    await desk.page.context().close();
  });

  it('at 375 the switches on «Мой профиль» are saved and read back, by keyboard', async () => {
    const phone = await openPage(browser, 'mobile');
    phone.page.setDefaultTimeout(15_000);
    await staffLogin(phone.page, '/admin/account/');
    await settle(phone.page);
    const questions = phone.page.getByRole('checkbox', { name: 'Вопросы покупателей' });
    const orders = phone.page.getByRole('checkbox', { name: 'Новые заказы' });
    expect(await orders.isChecked()).toBe(true);
    const wasOn = await questions.isChecked();
    await questions.focus();
    await phone.page.keyboard.press('Space');
    await phone.page.getByRole('button', { name: 'Сохранить уведомления' }).press('Enter');
    await phone.page.getByRole('status').filter({ hasText: 'Уведомления сохранены.' }).waitFor();
    await phone.page.reload();
    await settle(phone.page);
    expect(await phone.page.getByRole('checkbox', { name: 'Вопросы покупателей' }).isChecked()).toBe(!wasOn);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await shot(phone.page, 'account-375');
    expect(phone.errors).toEqual([]);
    await phone.page.context().close();
  });
});
