import { describe, expect, it } from 'vitest';
import { marqueeMessages } from './marquee';

describe('marqueeMessages', () => {
  it('promises what the delivery prices, bonus rule and reservation cut-off say', () => {
    expect(marqueeMessages({ freeDeliveryFrom: 500_000 })).toEqual([
      'Бесплатная доставка от 5\u00a0000\u00a0руб.',
      'Примерка перед покупкой',
      'Бонусы за каждую покупку: 5 % суммы',
      'Резерв в магазине: закажите до 18:00 — заберите сегодня',
    ]);
    expect(marqueeMessages({ freeDeliveryFrom: null })[0]).toBe('Примерка перед покупкой');
  });
});
