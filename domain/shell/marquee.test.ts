import { describe, expect, it } from 'vitest';
import { marqueeMessages } from './marquee';

describe('marqueeMessages', () => {
  it('promises what the delivery prices, bonus rule and reservation cut-off say', () => {
    expect(marqueeMessages({ freeDeliveryFrom: 500_000, bonusAccrual: { credited: true, percent: 5 } })).toEqual([
      'Бесплатная доставка от 5\u00a0000\u00a0руб.',
      'Примерка перед покупкой',
      'Бонусы за каждую покупку: 5 % суммы',
      'Резерв в магазине: закажите до 18:00 — заберите сегодня',
    ]);
    expect(marqueeMessages({ freeDeliveryFrom: null })[0]).toBe('Примерка перед покупкой');
  });

  it('promises no bonuses while the rule says nothing credits them', () => {
    const messages = marqueeMessages({ freeDeliveryFrom: 500_000, bonusAccrual: { credited: false, percent: 5 } });
    expect(messages.join(' ')).not.toMatch(/бонус/i);
  });
});
