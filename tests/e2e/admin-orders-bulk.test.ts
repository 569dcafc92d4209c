import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { placeShopOrder } from './support/shop-order';
import { staffLogin } from './support/staff';

/** Where the pages' pictures go, to be looked at (SHOTS_DIR overrides). */
const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/admin-orders-bulk');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

describe('bulk actions and saved views on the orders list', () => {
  it('chooses orders by keyboard, lists the refused, moves the rest, saves a team view, prints them; 1440 and 375', async () => {
    const stamp = String(Date.now()).slice(-6);
    const a = await placeShopOrder(`7900771${stamp.slice(-4)}`, { key: 'bulk', mailbox: 'desk' });
    const b = await placeShopOrder(`7900772${stamp.slice(-4)}`, { key: 'bulk', mailbox: 'desk' });

    const desk = await openPage(browser, 'desktop');
    desk.page.setDefaultTimeout(15_000);
    await staffLogin(desk.page, '/admin/orders/');
    await desk.page.goto('/admin/orders/?status=new');
    await settle(desk.page);
    const bar = desk.page.getByRole('form', { name: 'Действия с выбранными заказами' });
    await bar.getByText('Отметьте заказы в списке').waitFor();

    // The boxes by keyboard: focus, then Space.
    for (const order of [a, b]) {
      await desk.page.getByRole('checkbox', { name: `Выбрать заказ № ${order.number}` }).focus();
      await desk.page.keyboard.press('Space');
    }
    await bar.getByText('Выбрано заказов: 2').waitFor();

    // A move the process does not allow from «new»: both refused, each with its reason, and both stay chosen.
    await bar.getByLabel('Перевести в').selectOption('assembling');
    await bar.getByRole('button', { name: 'Перевести' }).click();
    await bar.getByText('Не переведены: 2').waitFor();
    expect(await bar.getByRole('link', { name: `№ ${a.number}` }).count()).toBe(1);
    await bar.getByText('Выбрано заказов: 2').waitFor();

    // The move the process allows: both move, and leave the «new» list.
    await bar.getByLabel('Перевести в').selectOption('confirmed');
    await bar.getByRole('button', { name: 'Перевести' }).click();
    await bar.getByText(/Переведено в «.+»: 2/).waitFor();
    await desk.page.getByRole('checkbox', { name: `Выбрать заказ № ${a.number}` }).waitFor({ state: 'detached' });

    // A team view of the confirmed orders, then its link marked as the open one.
    await desk.page.goto('/admin/orders/?status=confirmed');
    await settle(desk.page);
    const views = desk.page.getByRole('region', { name: 'Сохранённые виды' });
    await views.getByText('Сохранить фильтр как вид').click();
    const name = `Подтверждённые ${stamp}`;
    await views.getByLabel('Название вида').fill(name);
    await views.getByLabel('Для всей команды').check();
    await views.getByRole('button', { name: 'Сохранить вид' }).click();
    await views.getByText(`Вид «${name}» сохранён для всей команды.`).waitFor();
    const link = views.getByRole('link', { name: new RegExp(name) });
    expect(await link.getAttribute('aria-current')).toBe('page');

    // Select all on the page, by the heading's box.
    await desk.page.getByRole('checkbox', { name: 'Выбрать все заказы на странице' }).check();
    const rows = await desk.page.getByRole('checkbox', { name: /^Выбрать заказ № / }).count();
    await bar.getByText(`Выбрано заказов: ${rows}`).waitFor();
    await settle(desk.page);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'orders-bulk-1440');

    // The chosen orders' forms in one document: each packing list and each label.
    await desk.page.goto(`/admin/orders/print/?ids=${a.id},${b.id}`);
    await settle(desk.page);
    for (const order of [a, b]) {
      await desk.page.getByRole('heading', { name: `Упаковочный лист — заказ № ${order.number}` }).waitFor();
      await desk.page.getByRole('region', { name: `Наклейка заказа № ${order.number}` }).waitFor();
    }
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'orders-print-1440');
    expect(desk.errors).toEqual([]);
    await desk.page.context().close();

    // At 375: the bar, the boxes and the views fit the phone; the page is no wider than the screen.
    const phone = await openPage(browser, 'mobile');
    phone.page.setDefaultTimeout(15_000);
    await staffLogin(phone.page, '/admin/orders/');
    await phone.page.goto('/admin/orders/?status=confirmed');
    await settle(phone.page);
    await phone.page
      .getByRole('region', { name: 'Сохранённые виды' })
      .getByRole('link', { name: new RegExp(name) })
      .waitFor();
    await phone.page.getByRole('checkbox', { name: `Выбрать заказ № ${b.number}` }).check();
    await phone.page.getByText('Выбрано заказов: 1').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await shot(phone.page, 'orders-bulk-375');
    expect(phone.errors).toEqual([]);
    await phone.page.context().close();
  });
});
