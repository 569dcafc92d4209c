import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../domain/pricing/price';
import type { OfferFacts } from '../support/basket-offers';
import { type CheckoutKit, checkoutApp } from '../support/checkout';
import { readOutbox } from '../support/outbox';
import type { TestApp } from '../support/test-app';

let app: TestApp;
let offers: OfferFacts[];
let k: CheckoutKit;

beforeAll(async () => {
  ({ app, offers, k } = await checkoutApp(4));
});
afterAll(() => app.close());

/** The order state's money is roubles as numbers; the pages show kopecks. */
const kopecks = (roubles: number) => Math.round(roubles * 100);

describe('money on the order page', () => {
  it('shows a line of two units at its unit price and the line sum, not the sum twice over', async () => {
    const offer = offers[0] as OfferFacts;
    await k.stockOf(offer, 5, 1);
    const { v } = await k.quickShopper(offer, 2);
    const state = await (await k.rpc(v, 'sale.order.data', {})).json();
    expect(state.items[0]).toMatchObject({ quantity: 2, unitPrice: offer.price / 100, total: (offer.price * 2) / 100 });
    const html = await (await v.get('/order/')).text();
    expect(html).toContain(`data-testid="line-total">${formatAmount(offer.price * 2)}<`);
    expect(html).toContain(`data-testid="line-unit">2\u00a0×\u00a0${formatAmount(offer.price)}<`);
    expect(html).not.toContain(formatAmount(offer.price * 4));
  });

  it('states a total with kopecks to the kopeck on the page, the saved order, the letter and the SMS', async () => {
    const offer = offers[1] as OfferFacts;
    await k.stockOf(offer, 5, 5);
    const { v, phone } = await k.quickShopper(offer, 3);
    // ODIN takes 15 %: of three units at a price ending in 90 roubles, that leaves 50 kopecks.
    expect((await k.rpc(v, 'sale.order.setPromocode', { promocode: 'ODIN' })).status).toBe(200);
    const state = await (await k.rpc(v, 'sale.order.data', { deliveryType: 'SHOP' })).json();
    const total = kopecks(state.totals.total);
    expect(total % 100).toBe(50);
    const owed = formatAmount(total);
    expect(await (await v.get('/order/')).text()).toContain(`data-testid="order-total">${owed}<`);

    const { id } = await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json();
    const page = await (await v.get(`/order/?ORDER_ID=${id}`)).text();
    expect(page).toContain(`data-testid="order-total">${owed}<`);
    expect(page).toContain(`data-testid="line-total">${owed}<`);
    expect(page).toContain(`data-testid="order-discount">−${formatAmount(kopecks(state.totals.discount))}<`);
    // The sums add up: goods before any discount, less the discount, is what is owed (a shop order has no delivery).
    expect(kopecks(state.totals.base) - kopecks(state.totals.discount)).toBe(total);
    expect(page).toContain(`data-testid="order-items">${formatAmount(kopecks(state.totals.base))}<`);

    await app.outbox.deliver();
    const sms = await readOutbox(app, { to: phone, channel: 'sms' });
    expect(sms?.text).toBe(`Заказ № ${100_000 + id} принят, к оплате ${owed}. ВЬЮГА`);
    const letter = await readOutbox(app, { to: `order.${phone}@example.ru`, channel: 'email' });
    expect(letter?.text).toContain(`Итого к оплате при получении: ${owed}.\n`);
    expect(letter?.text).toContain(`— 3 шт., ${owed}\n`);
    expect(letter?.text).not.toMatch(/₽\.\./);
  });
});
