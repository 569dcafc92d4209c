import type { Browser, Page } from 'playwright-core';
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
let offers: number[];
beforeAll(async () => {
  browser = await launchBrowser();
  offers = await stockedOffers(3);
});
afterAll(() => browser?.close());

/** Offers the online warehouse holds, one per product, found through the product call. */
async function stockedOffers(count: number): Promise<number[]> {
  const found: number[] = [];
  for (let id = 1; id < 400 && found.length < count; id++) {
    const res = await fetch(`${baseURL()}/api/v2/catalog/product/get/?id=${id}`);
    if (!res.ok) continue;
    const { offers } = ((await res.json()) as { data: { offers: { id: number; canBuy: boolean }[] } }).data;
    const buyable = offers.find((o) => o.canBuy);
    if (buyable) found.push(buyable.id);
  }
  if (found.length < count) throw new Error('the demo catalogue has too little for sale online');
  return found;
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

/** A guest orders one unit to a pickup point, paying online, and lands on the test gateway's page. */
async function orderOnline(page: Page, offerId: number, phone: string, shot?: string): Promise<void> {
  await page.goto('/basket/');
  await settle(page);
  await addToCart(page, offerId);
  await page.goto('/order/');
  await settle(page);
  await page.getByLabel('Фамилия, имя и отчество').fill('Смирнова Мария');
  await page.getByLabel('Email').fill(`pay.${phone}.${Date.now()}@example.ru`);
  await page.getByRole('textbox', { name: 'Телефон', exact: true }).fill(`+${phone}`);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.getByLabel('Код из SMS').fill(await smsCode(phone));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await page.getByText('Телефон подтверждён.').waitFor();
  // Both choices ask the server for the page's state: checked once it answers.
  const pickup = page.locator('input[name="deliveryType"][value="PICKUP"]');
  await pickup.click();
  await expect.poll(() => pickup.isChecked()).toBe(true);
  const point = page.getByRole('radio', { name: /Снежный экспресс/ }).first();
  await point.click();
  await expect.poll(() => point.isChecked()).toBe(true);
  await settle(page);

  const payment = page.getByRole('radiogroup', { name: 'Способ оплаты' });
  expect(await payment.getByRole('radio', { name: /При получении/ }).isChecked()).toBe(true);
  await page.getByText('К оплате при получении').waitFor();
  // From the keyboard: the arrow moves the choice within the group, as in any radio group.
  await payment.getByRole('radio', { name: /При получении/ }).focus();
  await page.keyboard.press('ArrowDown');
  expect(await payment.getByRole('radio', { name: /Онлайн: картой или через СБП/ }).isChecked()).toBe(true);
  await page.getByText('К оплате онлайн').waitFor();
  if (shot) {
    expect(await seriousA11yViolations(page)).toEqual([]);
    await payment.scrollIntoViewIfNeeded();
    await screenshot(page, shot);
  }
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await page.waitForURL(/\/pay\/test\//);
}

const paymentStatus = (page: Page) => page.getByTestId('payment-status').textContent();

describe.each(['desktop', 'mobile'] as ViewportName[])('paying online (%s)', (viewport) => {
  it('a guest orders with «Онлайн», pays on the gateway and is back on the order page, paid', async () => {
    const { page, errors } = await openPage(browser, viewport);
    const phone = viewport === 'desktop' ? '79005550271' : '79005550272';
    await orderOnline(page, offers[viewport === 'desktop' ? 0 : 1] as number, phone, `payment-choice-${viewport}`);
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL(/\/order\/\?ORDER_ID=\d+/);
    await settle(page);
    expect(await paymentStatus(page)).toBe('Оплачен');
    expect(await page.getByRole('button', { name: 'Оплатить' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('heading', { name: 'Оплата' }).scrollIntoViewIfNeeded();
    await screenshot(page, `payment-paid-${viewport}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('a declined payment', () => {
  it('is named on the order page, whose «Оплатить» starts a new payment that succeeds', async () => {
    const { page, errors } = await openPage(browser, 'mobile');
    await orderOnline(page, offers[2] as number, '79005550273');
    await page.getByRole('button', { name: 'Отклонить' }).click();
    await page.waitForURL(/\/order\/\?ORDER_ID=\d+/);
    await settle(page);
    expect(await paymentStatus(page)).toBe('Оплата не прошла: на карте недостаточно денег');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('heading', { name: 'Оплата' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'payment-declined-mobile');

    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL(/\/pay\/test\//);
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL(/\/order\/\?ORDER_ID=\d+/);
    await settle(page);
    expect(await paymentStatus(page)).toBe('Оплачен');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
