import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, seriousA11yViolations, settle, type ViewportName } from './support/browser';
import { placeShopOrder } from './support/shop-order';
import { staffLogin } from './support/staff';

/**
 * The «Воронка» page's sections of issue 44.5 in the browser: a shopper's session opens a stock alert's link and
 * clicks a «Похожие» card (the analytics events the features send), then orders that size; the owner sees the three
 * sections with the figures, at 1440 and 375 px, without the page scrolling sideways, axe clean.
 */

const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/funnel-features');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  await shopperAfterAlertAndRecommendation('79005550144');
});
afterAll(() => browser?.close());

/**
 * One session: the stock alert's link opened for a size, a «Похожие» row shown and its card of that product clicked
 * (the events as the features send them), then a pickup order of that size, the phone confirmed by the SMS code.
 */
async function shopperAfterAlertAndRecommendation(phone: string): Promise<void> {
  await placeShopOrder(phone, {
    key: 'funnel',
    mailbox: 'funnel',
    beforeCode: async (post, { productId, offerId }) => {
      const event = (event1: string, event2: string, params: unknown) =>
        post('/api/v2/event/set/', { method: 'event.set', event1, event2, params: JSON.stringify(params) });
      await event('stock_alert', 'open', { offerId });
      await event('recommendation', 'show', { row: 'similar' });
      await event('recommendation', 'click', { row: 'similar', productId });
      await event('goal', 'view_item', { productId });
    },
  });
}

/** The cells of the row headed `title` in the section headed `section`. */
async function cells(page: Page, section: string, title: string): Promise<string[]> {
  const region = page.getByRole('region', { name: section, exact: true });
  const row = region.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
  return (await row.getByRole('cell').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
}

const count = (text: string | undefined) => Number((text ?? '').match(/^\d+/)?.[0] ?? Number.NaN);

describe('«Воронка»: the sections of issue 44 in the browser', () => {
  it.each(['desktop', 'mobile'] as ViewportName[])('shows the three sections with figures at %s', async (viewport) => {
    const { page, errors } = await openPage(browser, viewport);
    page.setDefaultTimeout(15_000);
    await staffLogin(page, '/admin/funnel/');
    await page.getByRole('combobox', { name: 'Период', exact: true }).selectOption('7');
    await page.getByRole('button', { name: 'Показать' }).click();
    await page.waitForURL((url) => url.searchParams.get('days') === '7');
    await settle(page);

    for (const name of ['Сообщить о поступлении', 'Отзывы', 'Рекомендации'])
      expect(await page.getByRole('heading', { level: 2, name, exact: true }).count(), name).toBe(1);

    // The session's open and its order of that size.
    const alerts = 'Сообщить о поступлении';
    expect(count((await cells(page, alerts, 'Переходов по ссылке'))[0])).toBeGreaterThanOrEqual(1);
    expect(count((await cells(page, alerts, 'Заказов по ссылкам'))[0])).toBeGreaterThanOrEqual(1);
    expect((await cells(page, alerts, 'Сумма этих заказов'))[0]).toMatch(/^[1-9][\d ]* ₽$/);

    // «Похожие»: shown, clicked, and the order after the click with its sum.
    const similar = await cells(page, 'Рекомендации', 'Похожие');
    expect(similar).toHaveLength(5);
    expect(count(similar[0])).toBeGreaterThanOrEqual(1);
    expect(count(similar[1])).toBeGreaterThanOrEqual(1);
    expect(similar[2]).toMatch(/^\d+(,\d)? %$/);
    expect(count(similar[3])).toBeGreaterThanOrEqual(1);
    expect(similar[4]).toMatch(/^[1-9][\d ]* ₽$/);
    expect(await cells(page, 'Рекомендации', 'С этим покупают')).toHaveLength(5);

    // Reviews: the figures and the three rating bands; the product viewed has no reviews in the demo.
    expect(await cells(page, 'Отзывы', 'Написано')).toHaveLength(1);
    const none = await cells(page, 'Отзывы', 'нет отзывов');
    expect(count(none[1])).toBeGreaterThanOrEqual(1);
    expect(await cells(page, 'Отзывы', '4 и выше')).toHaveLength(4);

    // The page never scrolls sideways; a wide table scrolls in its own frame.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, `funnel-${viewport}.png`), fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
