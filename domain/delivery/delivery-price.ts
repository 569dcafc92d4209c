import { DELIVERY_NAMES, type DeliveryType } from '../order/process';

/**
 * Each delivery type's price and the sum of goods it is free from (kopecks); a type missing is not offered. `markup`
 * is added to a carrier's price of the type (issue 42).
 */
export type DeliveryPrices = Partial<Record<DeliveryType, { price: number; freeFrom: number | null; markup?: number }>>;

/** What each type costs for goods of this sum (kopecks): nothing from its free threshold on; null when not offered. */
export function deliveryCosts(prices: DeliveryPrices, goods: number): Record<DeliveryType, number | null> {
  const costs = {} as Record<DeliveryType, number | null>;
  for (const type of Object.keys(DELIVERY_NAMES) as DeliveryType[]) {
    const p = prices[type];
    costs[type] = p ? (p.freeFrom !== null && goods >= p.freeFrom ? 0 : p.price) : null;
  }
  return costs;
}

/** The goods sum courier delivery is free from (kopecks), the shell's promise; null when it is never free. */
export const freeDeliveryFrom = (prices: DeliveryPrices): number | null => prices.COURIER?.freeFrom ?? null;
