import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { OrderPageData } from '../../domain/order/checkout.types';
import { formatAmount, formatPrice } from '../../domain/pricing/price';
import { readOutbox } from '../support/outbox';
import { baseURL, launchBrowser, openPage, settle } from './support/browser';
import { addToCart, onlineStock } from './support/cart';

/**
 * Issue 24 §3, from outside: an order of 2 and 3 units with a 15 % code (ODIN, a demo code; of three units at a
 * price ending in 90 roubles it leaves 50 kopecks), every figure of the basket, the order page, the confirmation
 * and the letter checked against the sums the server answered.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The order state's money is roubles as numbers; the basket's and the saved order's, kopecks. */
const kopecks = (roubles: number) => Math.round(roubles * 100);

/**
 * Offers of `count` different products with at least three units for sale online; from the end of the catalogue,
 * as the other checkout tests take theirs from its start and need their stock.
 */
async function stockedOffers(count: number): Promise<number[]> {
  const found: number[] = [];
  for (let id = 400; id > 0 && found.length < count; id--) {
    const res = await fetch(`${baseURL()}/api/v2/catalog/product/get/?id=${id}`);
    if (!res.ok) continue;
    const { offers } = ((await res.json()) as { data: { offers: { id: number; canBuy: boolean }[] } }).data;
    for (const offer of offers.filter((o) => o.canBuy))
      if ((await onlineStock(offer.id)) >= 3) {
        found.push(offer.id);
        break;
      }
  }
  if (found.length < count) throw new Error('the demo catalogue has too few offers with three units online');
  return found;
}

async function smsTo(phone: string, kind: string) {
  for (let i = 0; i < 80; i++) {
    const sms = await readOutbox({ dataDir: inject('dataDir') }, { to: phone, channel: 'sms' });
    if (sms?.kind === kind) return sms;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${kind} SMS for ${phone}`);
}

async function letterTo(email: string) {
  for (let i = 0; i < 80; i++) {
    const letter = await readOutbox({ dataDir: inject('dataDir') }, { to: email, channel: 'email' });
    if (letter?.kind === 'order-confirmation') return letter;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no order letter for ${email}`);
}

/** Each order line's figures as the page shows them: "sum | units × unit price", sorted. */
async function lineFigures(page: Page): Promise<string[]> {
  const lines = page.locator('li', { has: page.getByTestId('line-total') });
  const texts = await lines.evaluateAll((items) =>
    items.map((li) =>
      [li.querySelector('[data-testid="line-total"]'), li.querySelector('[data-testid="line-unit"]')]
        .map((e) => e?.textContent ?? '')
        .join(' | '),
    ),
  );
  return texts.sort();
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent()) ?? '';

describe('money shown right', () => {
  it('an order of 2 and 3 units with a promo code: every figure is the server’s, to the kopeck', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
    const [two, three] = (await stockedOffers(2)) as [number, number];
    await page.goto('/basket/');
    await settle(page);
    await addToCart(page, two, 2);
    const basket = await addToCart(page, three, 3);
    expect(basket.available.map((l) => l.quantity).sort()).toEqual([2, 3]);

    // The basket page: each line at its catalogue price, the sums exact.
    await page.goto('/basket/');
    await settle(page);
    for (const line of basket.available) {
      const shown = page.locator(`[data-testid="basket-line"][data-offer-id="${line.offer.id}"]`);
      expect(await shown.textContent()).toContain(formatPrice(line.price));
      expect(await shown.textContent()).toContain(`${formatPrice(line.offer.price)} за шт.`);
    }
    expect(await text(page, 'basket-base')).toBe(formatAmount(basket.totals.base));
    if (basket.totals.discount > 0)
      expect(await text(page, 'basket-discount')).toBe(`−${formatAmount(basket.totals.discount)}`);
    expect(await text(page, 'basket-total')).toBe(formatAmount(basket.totals.total));

    // The order page: the server's state answers every call; the page must show the last one.
    let state: OrderPageData | null = null;
    page.on('response', async (res) => {
      if (!res.url().endsWith('/api/') || res.request().method() !== 'POST') return;
      const body = await res.json().catch(() => null);
      if (body && 'totals' in body) state = body as OrderPageData;
    });
    await page.getByRole('link', { name: 'Перейти к оформлению' }).click();
    await page.waitForURL('**/order/');
    await settle(page);
    await page.getByLabel('Промокод').fill('odin');
    await page.getByRole('button', { name: 'Применить' }).first().click();
    await page.getByRole('button', { name: 'Убрать промокод ODIN' }).waitFor();

    const phone = '79005550071';
    const email = `money.${Date.now()}@example.ru`;
    await page.getByLabel('Фамилия, имя и отчество').fill('Смирнова Мария');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Телефон', exact: true }).fill(`+${phone}`);
    await page.getByRole('button', { name: 'Получить код' }).click();
    const code = (await smsTo(phone, 'phone-code')).text.match(/\d{6}/)?.[0] as string;
    await page.getByLabel('Код из SMS').fill(code);
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await page.getByText('Телефон подтверждён.').waitFor();
    await page.getByLabel('Улица').fill('ул. Тверская');
    await page.getByLabel('Дом', { exact: true }).fill('7');
    await page.getByLabel('Квартира').fill('12');
    await page.getByRole('button', { name: 'Сохранить адрес' }).click();
    await page.getByRole('radio', { name: /ул\. Тверская, д\. 7/ }).waitFor();
    await page.getByLabel('Дата доставки').selectOption({ index: 1 });
    await settle(page);
    await page.getByLabel('Время').selectOption({ index: 1 });
    await settle(page);

    const s = state as OrderPageData | null;
    if (!s) throw new Error('the order page made no call that answered its state');
    const t = s.totals;
    // The scenario has kopecks, and the sums the page shows add up.
    expect(kopecks(t.total) % 100).toBe(50);
    expect(kopecks(t.base) - kopecks(t.discount) - kopecks(t.bonusesUsed) + kopecks(t.delivery)).toBe(kopecks(t.total));
    expect(s.items.reduce((sum, i) => sum + kopecks(i.total), 0)).toBe(kopecks(t.base) - kopecks(t.discount));
    const expectedLines = s.items
      .map((i) => `${formatAmount(kopecks(i.total))} | ${i.quantity}\u00a0×\u00a0${formatAmount(kopecks(i.unitPrice))}`)
      .sort();
    for (const i of s.items) {
      const line = basket.available.find((l) => l.offer.id === i.offer.id);
      expect(kopecks(i.unitPrice)).toBe(line?.offer.price);
    }
    const delivery = t.delivery > 0 ? formatAmount(kopecks(t.delivery)) : 'бесплатно';
    expect(await lineFigures(page)).toEqual(expectedLines);
    expect(await text(page, 'order-items')).toBe(formatAmount(kopecks(t.base)));
    expect(await text(page, 'order-discount')).toBe(`−${formatAmount(kopecks(t.discount))}`);
    expect(await text(page, 'order-delivery')).toBe(delivery);
    expect(await text(page, 'order-total')).toBe(formatAmount(kopecks(t.total)));

    // The confirmation shows what was saved: the same figures.
    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    await page.waitForURL(/\/order\/\?ORDER_ID=\d+/);
    await settle(page);
    expect(await lineFigures(page)).toEqual(expectedLines);
    expect(await text(page, 'order-items')).toBe(formatAmount(kopecks(t.base)));
    expect(await text(page, 'order-discount')).toBe(`−${formatAmount(kopecks(t.discount))}`);
    expect(await text(page, 'order-delivery')).toBe(delivery);
    expect(await text(page, 'order-total')).toBe(formatAmount(kopecks(t.total)));

    // The letter and the SMS announce the same sums.
    const letter = await letterTo(email);
    for (const i of s.items) expect(letter.text).toContain(`— ${i.quantity} шт., ${formatAmount(kopecks(i.total))}\n`);
    expect(letter.text).toContain(`Получение: `);
    expect(letter.text).toContain(`, ${delivery}.`);
    expect(letter.text).toContain(`Скидка: ${formatAmount(kopecks(t.discount))}.`);
    expect(letter.text).toContain(`Итого к оплате при получении: ${formatAmount(kopecks(t.total))}.\n`);
    expect(letter.text).not.toMatch(/₽\.\./);
    expect((await smsTo(phone, 'order-confirmation')).text).toContain(`к оплате ${formatAmount(kopecks(t.total))}.`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
