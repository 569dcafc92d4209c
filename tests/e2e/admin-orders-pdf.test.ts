import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { placeShopOrder } from './support/shop-order';
import { staffLogin } from './support/staff';

/** Where the pages' pictures go, to be looked at (SHOTS_DIR overrides). */
const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/admin-orders-pdf');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

/** The PDF the button's post answers, in whatever tab it opens. */
const pdfAnswer = (page: Page) =>
  page.context().waitForEvent('response', {
    predicate: (r: Response) => r.url().includes('/admin/orders/print-pdf/') && r.request().method() === 'POST',
  });

describe('«Печать одним PDF» on the orders list', () => {
  it('prints the chosen orders as one PDF from the keyboard; the button is labelled and fits at 1440 and 375', async () => {
    const stamp = String(Date.now()).slice(-4);
    const a = await placeShopOrder(`7900781${stamp}`, { key: 'bulk-pdf', mailbox: 'desk' });
    const b = await placeShopOrder(`7900782${stamp}`, { key: 'bulk-pdf', mailbox: 'desk' });

    const desk = await openPage(browser, 'desktop');
    desk.page.setDefaultTimeout(20_000);
    await staffLogin(desk.page, '/admin/orders/');
    await desk.page.goto('/admin/orders/?status=new');
    await settle(desk.page);
    const bar = desk.page.getByRole('form', { name: 'Действия с выбранными заказами' });
    const button = bar.getByRole('button', { name: 'Печать одним PDF' });
    await button.waitFor();
    // Beside the HTML print.
    await bar.getByRole('button', { name: 'Печать: листы и наклейки' }).waitFor();
    for (const order of [a, b]) {
      await desk.page.getByRole('checkbox', { name: `Выбрать заказ № ${order.number}` }).focus();
      await desk.page.keyboard.press('Space');
    }
    await bar.getByText('Выбрано заказов: 2').waitFor();
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'orders-pdf-1440');

    // By keyboard: the button focused, Enter; the file opens in a tab of its own.
    const answered = pdfAnswer(desk.page);
    await button.focus();
    await desk.page.keyboard.press('Enter');
    const res = await answered;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    // Both orders in it (the file's pages and text: tests/api/admin-orders-pdf.test.ts).
    expect(res.headers()['x-orders-printed']).toBe('2');
    expect(res.headers()['x-labels-missing']).toBe('');
    expect(desk.errors).toEqual([]);
    await desk.page.context().close();

    // At 375: the button is there and the page is no wider than the screen.
    const phone = await openPage(browser, 'mobile');
    phone.page.setDefaultTimeout(20_000);
    await staffLogin(phone.page, '/admin/orders/');
    await phone.page.goto('/admin/orders/?status=new');
    await settle(phone.page);
    await phone.page.getByRole('checkbox', { name: `Выбрать заказ № ${b.number}` }).check();
    await phone.page.getByText('Выбрано заказов: 1').waitFor();
    const small = phone.page.getByRole('button', { name: 'Печать одним PDF' });
    await small.scrollIntoViewIfNeeded();
    expect(await small.isVisible()).toBe(true);
    const box = await small.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(375);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await shot(phone.page, 'orders-pdf-375');
    expect(phone.errors).toEqual([]);
    await phone.page.context().close();
  }, 240_000);
});
