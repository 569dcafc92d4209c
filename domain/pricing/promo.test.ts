import { describe, expect, it } from 'vitest';
import { normalizePromo, type PromoCode, promoAdjustment } from './promo';

const base: PromoCode = {
  code: 'VYUGA10',
  percent: 10,
  amount: null,
  minBasket: 0,
  startsAt: null,
  endsAt: null,
  sectionIds: null,
  brandIds: null,
  maxUses: null,
  perCustomer: null,
  uses: 0,
  stoppedAt: null,
};
const now = new Date('2026-11-22T12:00:00Z');
const refusal = (promo: PromoCode | null, goods = 1_000_000, customerUses = 0) => {
  try {
    promoAdjustment(promo, { now, goods, customerUses });
    return null;
  } catch (error) {
    return { message: (error as Error).message, code: (error as { code: string }).code.split('/').at(-1) };
  }
};

describe('promo codes', () => {
  it('reads a code without case or spaces around', () => {
    expect(normalizePromo(' vyuga10 ')).toBe('VYUGA10');
  });

  it('gives a percent or a sum off', () => {
    expect(promoAdjustment(base, { now, goods: 100, customerUses: 0 })).toEqual({
      source: 'promo',
      code: 'VYUGA10',
      percent: 10,
    });
    const welcome = { ...base, code: 'WELCOME500', percent: null, amount: 50_000, minBasket: 500_000, perCustomer: 1 };
    expect(promoAdjustment(welcome, { now, goods: 500_000, customerUses: 0 })).toEqual({
      source: 'promo',
      code: 'WELCOME500',
      amount: 50_000,
    });
    // A sum off keeps the code's sections and brands, as a percent does.
    expect(
      promoAdjustment({ ...welcome, sectionIds: [3], brandIds: [7] }, { now, goods: 500_000, customerUses: 0 }),
    ).toEqual({ source: 'promo', code: 'WELCOME500', amount: 50_000, sectionIds: [3], brandIds: [7] });
  });

  it.each([
    [null, 0, 'PROMOCODE_NOT_FOUND', 'Такого промокода нет.'],
    [{ ...base, startsAt: new Date('2026-12-01') }, 0, 'PROMOCODE_NOT_STARTED', 'Промокод ещё не действует.'],
    [{ ...base, endsAt: now }, 0, 'PROMOCODE_EXPIRED', 'Срок действия промокода истёк.'],
    [{ ...base, stoppedAt: now }, 0, 'PROMOCODE_EXPIRED', 'Промокод больше не действует.'],
    [{ ...base, maxUses: 1, uses: 1 }, 0, 'PROMOCODE_USED', 'Промокод уже использован.'],
    [{ ...base, perCustomer: 1 }, 1, 'PROMOCODE_USED', 'Вы уже использовали этот промокод.'],
    [{ ...base, minBasket: 1_000_001 }, 0, 'PROMOCODE_MIN_BASKET', 'Промокод действует на заказ от 10\u00a0001 ₽.'],
  ])('refuses %#: %s', (promo, customerUses, code, message) => {
    expect(refusal(promo as PromoCode | null, 1_000_000, customerUses as number)).toEqual({ code, message });
  });
});
