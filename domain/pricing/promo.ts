import { DomainError } from '../errors';
import type { Adjustment } from './totals';

/** A promo code as the shop stores it (issue 9, point 3). Money in kopecks. */
export interface PromoCode {
  code: string;
  /** Exactly one of `percent` and `amount`. */
  percent: number | null;
  amount: number | null;
  /** The least the goods must cost, at their prices, for the code to work. */
  minBasket: number;
  startsAt: Date | null;
  endsAt: Date | null;
  sectionIds: number[] | null;
  brandIds: number[] | null;
  /** Uses in all, and by one customer; null: no limit. */
  maxUses: number | null;
  perCustomer: number | null;
  uses: number;
  /** Stopped from the back office (issue 28): refused like an expired code. */
  stoppedAt: Date | null;
}

/** Codes compare without case or spaces around: a shopper types «vyuga10 ». */
export const normalizePromo = (code: string) => code.trim().toUpperCase();

/** What a code takes off, a percent or a sum, of the sections and brands it names: checkout and staff edits alike. */
export function promoDiscount(
  promo: Pick<PromoCode, 'code' | 'percent' | 'amount' | 'sectionIds' | 'brandIds'>,
): Adjustment {
  const reach = {
    ...(promo.sectionIds ? { sectionIds: promo.sectionIds } : {}),
    ...(promo.brandIds ? { brandIds: promo.brandIds } : {}),
  };
  if (promo.amount !== null) return { source: 'promo', code: promo.code, amount: promo.amount, ...reach };
  return { source: 'promo', code: promo.code, percent: promo.percent ?? 0, ...reach };
}

/** The spec §8 error codes of the order page: the browser compares the part after the last «/». */
const promoError = (code: string, message: string) =>
  new DomainError('validation', message, `sale.order/PROMOCODE_${code}`);

/**
 * Whether the code may apply to this basket now, for this customer (their earlier uses counted by the caller); the
 * adjustment for `computeTotals`, or a refusal with a Russian message.
 */
export function promoAdjustment(
  promo: PromoCode | null,
  context: { now: Date; goods: number; customerUses: number },
): Adjustment {
  if (!promo) throw promoError('NOT_FOUND', 'Такого промокода нет.');
  if (promo.stoppedAt) throw promoError('EXPIRED', 'Промокод больше не действует.');
  if (promo.startsAt && context.now < promo.startsAt) throw promoError('NOT_STARTED', 'Промокод ещё не действует.');
  if (promo.endsAt && context.now >= promo.endsAt) throw promoError('EXPIRED', 'Срок действия промокода истёк.');
  if (promo.maxUses !== null && promo.uses >= promo.maxUses) throw promoError('USED', 'Промокод уже использован.');
  if (promo.perCustomer !== null && context.customerUses >= promo.perCustomer)
    throw promoError('USED', 'Вы уже использовали этот промокод.');
  if (context.goods < promo.minBasket)
    throw promoError(
      'MIN_BASKET',
      `Промокод действует на заказ от ${Math.ceil(promo.minBasket / 100).toLocaleString('ru-RU')} ₽.`,
    );
  return promoDiscount(promo);
}
