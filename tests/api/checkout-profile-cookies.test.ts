import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferFacts } from '../support/basket-offers';
import { type CheckoutKit, checkoutApp } from '../support/checkout';
import type { TestApp } from '../support/test-app';

let app: TestApp;
let offers: OfferFacts[];
let k: CheckoutKit;

beforeAll(async () => {
  ({ app, offers, k } = await checkoutApp(1));
});
afterAll(() => app.close());

describe('the checkout form of a guest (spec §3)', () => {
  it('is filled with the name the profile cookies keep in its three parts', async () => {
    const offer = offers[0] as OfferFacts;
    await k.stockOf(offer, 5);
    const { v } = await k.quickShopper(offer);
    const kept = ['user_last_name=Иванова', 'user_name=Анна', 'user_second_name=Сергеевна']
      .map((c) => c.replace(/=(.*)/, (_, value: string) => `=${encodeURIComponent(value)}`))
      .join('; ');
    const html = await (await app.fetch('/order/', { headers: { cookie: `${v.cookie}; ${kept}` } })).text();
    expect(html).toMatch(/name="name"[^>]*value="Иванова Анна Сергеевна"/);
  });
});
