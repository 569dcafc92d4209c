import { BONUS_MAX_SHARE_PERCENT, wholeRoubles } from '../pricing/totals';

/** A line of an order as a try-on at the door sees it (kopecks). */
export interface TryOnLine {
  id: number;
  offerId: number;
  name: string;
  price: number;
  oldPrice: number | null;
  quantity: number;
  /** After the line's percent discounts (sums off the order are not in it). */
  total: number;
  returned: boolean;
}

/** The order's sums as they were and as the try-on leaves them. */
export interface TryOnSums {
  items: number;
  discount: number;
  bonusesUsed: number;
  total: number;
}

/**
 * What the shopper pays for the lines they kept (issue 25.5). The lines keep their own discounts; a sum off the order
 * (a promo amount) is shared in proportion to what was kept; the bonuses spent stay spent up to the programme's share
 * of what was kept, the rest goes back to the card; the delivery was made and is paid as agreed.
 */
export function tryOnSums(
  order: TryOnSums & { deliveryPrice: number },
  lines: readonly TryOnLine[],
  kept: ReadonlySet<number>,
): TryOnSums & { bonusesBack: number } {
  const sum = (list: readonly TryOnLine[], pick: (l: TryOnLine) => number) => list.reduce((s, l) => s + pick(l), 0);
  const bought = lines.filter((l) => !l.returned);
  const keptLines = bought.filter((l) => kept.has(l.id));
  const afterDiscounts = order.total - order.deliveryPrice + order.bonusesUsed;
  const sumOff = Math.max(0, sum(bought, (l) => l.total) - afterDiscounts);
  const keptTotals = sum(keptLines, (l) => l.total);
  const allTotals = sum(bought, (l) => l.total);
  const keptSumOff = allTotals > 0 ? Math.floor((sumOff * keptTotals) / allTotals) : 0;
  const keptAfterDiscounts = keptTotals - keptSumOff;
  const bonusesUsed = Math.min(order.bonusesUsed, wholeRoubles((keptAfterDiscounts * BONUS_MAX_SHARE_PERCENT) / 100));
  const base = sum(keptLines, (l) => Math.max(l.oldPrice ?? 0, l.price) * l.quantity);
  return {
    items: sum(keptLines, (l) => l.price * l.quantity),
    discount: base - keptAfterDiscounts,
    bonusesUsed,
    total: keptAfterDiscounts - bonusesUsed + order.deliveryPrice,
    bonusesBack: order.bonusesUsed - bonusesUsed,
  };
}
