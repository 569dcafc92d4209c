import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../support/outbox';
import {
  baseURL,
  launchBrowser,
  openPage,
  screenshot,
  seriousA11yViolations,
  settle,
  type ViewportName,
} from './support/browser';
import { addToCart } from './support/cart';

let browser: Browser;
let offerId: number;
beforeAll(async () => {
  browser = await launchBrowser();
  offerId = await stockedOffer();
});
afterAll(() => browser?.close());

/** An offer the online warehouse holds, of a product with `sizes` sizes for sale online, found through the product call. */
async function stockedOffer(sizes = 1, skip = 0): Promise<number> {
  let found = 0;
  for (let id = 1; id < 400; id++) {
    const res = await fetch(`${baseURL()}/api/v2/catalog/product/get/?id=${id}`);
    if (!res.ok) continue;
    const { offers } = ((await res.json()) as { data: { offers: { id: number; canBuy: boolean }[] } }).data;
    const buyable = offers.filter((o) => o.canBuy);
    if (buyable.length >= sizes && found++ >= skip) return (buyable[0] as { id: number }).id;
  }
  throw new Error('the demo catalogue has nothing for sale online');
}

async function smsCode(phone: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const sms = await readOutbox({ dataDir: inject('dataDir') }, { to: phone, channel: 'sms' });
    const code = sms?.kind === 'phone-code' ? sms.text.match(/\d{6}/)?.[0] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code for ${phone}`);
}

describe.each(['desktop', 'mobile'] as ViewportName[])('checkout in the browser (%s)', (viewport) => {
  it('a guest confirms the phone with the SMS code, adds a courier address, picks a slot and orders', async () => {
    const { page, errors } = await openPage(browser, viewport);
    const phone = viewport === 'desktop' ? '79005550001' : '79005550002';
    await page.goto('/basket/');
    await settle(page);
    await addToCart(page, offerId);
    await page.goto('/basket/');
    await settle(page);
    await page.getByRole('link', { name: 'Перейти к оформлению' }).click();
    await page.waitForURL('**/order/');
    await settle(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Оформление заказа');
    await expect.poll(() => page.getByRole('button', { name: 'Оформить заказ' }).isDisabled()).toBe(true);

    await page.getByLabel('Фамилия, имя и отчество').fill('Смирнова Мария');
    await page.getByLabel('Email').fill(`order.${viewport}.${Date.now()}@example.ru`);
    await page.getByRole('textbox', { name: 'Телефон', exact: true }).fill(`+${phone}`);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByLabel('Код из SMS').fill(await smsCode(phone));
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await page.getByText('Телефон подтверждён.').waitFor();

    // A guest has no saved address: the form is open; the server's message stands by it when a part is missing.
    await page.getByLabel('Улица').fill('ул. Тверская');
    await page.getByRole('button', { name: 'Сохранить адрес' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe('Укажите дом.');
    await page.getByLabel('Дом', { exact: true }).fill('7');
    await page.getByLabel('Квартира').fill('12');
    await page.getByRole('button', { name: 'Сохранить адрес' }).click();
    await page.getByRole('radio', { name: 'Москва, ул. Тверская, д. 7, кв. 12' }).waitFor();
    // The next day has all four slots; today may have one left, or none (spec §9: same day only before 17:00).
    await page.getByLabel('Дата доставки').selectOption({ index: 1 });
    await settle(page);
    await page.getByLabel('Время').selectOption({ index: 1 });
    await settle(page);
    expect(await page.getByRole('radio', { name: /Курьер/ }).isChecked()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `order-${viewport}`);

    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    await page.waitForURL(/\/order\/\?ORDER_ID=\d+/);
    await settle(page);
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    expect(heading).toMatch(/^Заказ № \d+ оформлен$/);
    expect(await page.getByText('Москва, ул. Тверская, д. 7, кв. 12').count()).toBe(1);
    expect(await page.getByTestId('cart-count').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `order-confirmation-${viewport}`);

    // The order is its owner's: another browser gets the 404 page for the same address.
    const stranger = await browser.newContext({ baseURL: inject('baseURL') });
    const other = await stranger.newPage();
    const res = await other.goto(page.url());
    expect(res?.status()).toBe(404);
    await stranger.close();
    // The browser logs the 400 of the address without a house, which the test sent on purpose; nothing else.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await page.context().close();
  });
});

describe.each(['desktop', 'tablet', 'mobile'] as ViewportName[])('a logged-in user at a shop (%s)', (viewport) => {
  it('registers, changes the size, picks up from a shop with a promo code, and finds the order in the cabinet', async () => {
    const { page, errors } = await openPage(browser, viewport);
    const phone = { desktop: '79005550031', tablet: '79005550032', mobile: '79005550033' }[viewport];
    await page.goto('/auth/register/?backurl=/order/');
    await settle(page);
    await page.getByLabel('Имя').fill('Ольга');
    await page.getByLabel('Email').fill(`shop.${viewport}.${Date.now()}@example.ru`);
    await page.getByLabel('Пароль').fill('Тёплый-пуховик-2026');
    await page.getByRole('checkbox', { name: /согласие на обработку/ }).check();
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL((url) => url.pathname === '/order/');
    await addToCart(page, await stockedOffer(2, viewport === 'desktop' ? 0 : viewport === 'tablet' ? 1 : 2));
    await page.reload();
    await settle(page);

    // Another size of the same product, from the line's own picker.
    const size = page.getByRole('combobox', { name: /^Размер:/ });
    const before = await size.inputValue();
    const other = await size
      .locator('option:not([disabled])')
      .evaluateAll(
        (options, current) => options.map((o) => (o as HTMLOptionElement).value).find((v) => v !== current),
        before,
      );
    await size.selectOption(other as string);
    await expect.poll(() => size.inputValue()).toBe(other);

    await page.getByLabel('Фамилия, имя и отчество').fill('Смирнова Ольга');
    await page.getByRole('textbox', { name: 'Телефон', exact: true }).fill(`+${phone}`);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByLabel('Код из SMS').fill(await smsCode(phone));
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await page.getByText('Телефон подтверждён.').waitFor();

    // The tabs and the shops are set by the server's answer: a click, then the state that comes back.
    const shopTab = page.getByRole('radio', { name: /Из магазина/ });
    await shopTab.click();
    await expect.poll(() => shopTab.isChecked()).toBe(true);
    const shops = page.getByRole('group', { name: /^Магазин в городе/ });
    const shop = shops.getByRole('radio').and(page.locator(':not([disabled])')).first();
    await shop.click();
    await expect.poll(() => shop.isChecked()).toBe(true);
    const shopName = ((await shop.locator('xpath=..').textContent()) ?? '').split(',')[0] as string;
    await page.getByText(/Заказ будет готов к выдаче/).waitFor();

    await page.getByLabel('Промокод').fill('vyuga10');
    await page.getByRole('button', { name: 'Применить' }).click();
    await page.getByRole('button', { name: 'Убрать промокод VYUGA10' }).waitFor();
    await expect.poll(() => page.getByText('Скидка', { exact: true }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `order-shop-${viewport}`);

    const goals: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v2/event/set/')) goals.push(r.postData() ?? '');
    });
    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    await page.waitForURL(/\/order\/\?ORDER_ID=\d+/);
    await settle(page);
    const heading = (await page.getByRole('heading', { level: 1 }).textContent()) as string;
    expect(heading).toMatch(/^Заказ № \d+ оформлен$/);
    expect(await page.getByText(shopName, { exact: false }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Скидка', { exact: true }).count()).toBe(1);
    expect(goals.some((g) => g.includes('event2=take-from-store'))).toBe(true);
    await screenshot(page, `order-shop-confirmation-${viewport}`);

    await page.goto('/lk/order/');
    await settle(page);
    expect(await page.getByText(heading.replace(' оформлен', '')).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
