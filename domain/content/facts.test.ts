import { describe, expect, it } from 'vitest';
import { bonusPromises } from './bonus-promises';
import { DEMO_COMPANY } from './company';
import { DAY_FORMS, plural } from '../text/plural';
import { contentFacts, fillFacts } from './facts';

const prices = {
  COURIER: { price: 39_000, freeFrom: 500_000 },
  PICKUP: { price: 25_000, freeFrom: null },
  SHOP: { price: 0, freeFrom: null },
};

describe('contentFacts', () => {
  it('states each delivery type’s price as checkout charges it, and leaves out a type not offered', () => {
    const facts = contentFacts(prices, DEMO_COMPANY);
    expect(facts.courier_price).toBe('390\u00a0руб., от 5\u00a0000\u00a0руб. — бесплатно');
    expect(facts.shop_price).toBe('бесплатно');
    expect(facts.post_price).toBe('не доставляем');
    expect(facts.delivery_table.split('\n')).toHaveLength(2 + 3);
    expect(facts.delivery_table).not.toContain('Почты России |');
    expect(facts.courier_cutoff).toBe('17:00');
  });
  it('writes each day count of the delivery terms in the form its number takes (spec §9)', () => {
    const counts = [
      ...Object.values(contentFacts(prices, DEMO_COMPANY))
        .join('\n')
        .matchAll(/(\d+) (день|дня|дней)(?![а-яё])/g),
    ];
    expect(counts.length).toBeGreaterThan(0);
    for (const [, n, word] of counts) expect(word).toBe(plural(Number(n), DAY_FORMS));
  });
});

describe('bonusPromises', () => {
  /** Words that promise bonuses for purchases. */
  const promise = /(за|с) кажд\S+ покупк|приходит \d+ %|начислени\S* бонус/i;

  it('promise bonuses for purchases, with the rule’s percent, only while the rule credits them', () => {
    const on = bonusPromises({ credited: true, percent: 7 });
    expect(on.rule).toContain('7 % от суммы товаров после скидок');
    for (const text of Object.values(on)) expect(text).toMatch(promise);
    const off = bonusPromises({ credited: false, percent: 7 });
    for (const text of Object.values(off)) expect(text).not.toMatch(promise);
    expect(off.perPurchase).toBe('');
    expect(off.rule).toContain('пока не начисляются');
  });
});

describe('fillFacts', () => {
  it('fills known placeholders and leaves an unknown one for the editor to see', () => {
    expect(fillFacts('Курьер — {{ courier_cutoff }}, {{nope}}.', { courier_cutoff: '17:00' })).toBe(
      'Курьер — 17:00, {{nope}}.',
    );
  });
});
