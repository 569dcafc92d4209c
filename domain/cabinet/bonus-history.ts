import { orderNumber } from '../order/process';
import type { DiscountCard } from './discount-card';

/** How a discount card's bonus balance changed (the `bonus_operations` table). */
export type BonusKind = 'spend' | 'refund' | 'credit' | 'reverse' | 'correction';

/** One change of the balance as it is kept: signed kopecks, what the balance gained (negative: lost). */
export interface BonusOperation {
  id: number;
  at: Date;
  kind: BonusKind;
  amount: number;
  orderId: number | null;
}

/** One line of the card's history on /lk/dc/. */
export interface BonusHistoryEntry {
  id: number;
  at: string;
  kind: BonusKind;
  title: string;
  amount: number;
  orderId: number | null;
  orderNumber: string | null;
}

/** The card with its latest operations, newest first. */
export interface DiscountCardView extends DiscountCard {
  history: BonusHistoryEntry[];
}

/** Operations the card's page lists. */
export const BONUS_HISTORY_SHOWN = 50;

/**
 * What the shopper reads of an operation, «№» bound to its number; an operation without an order says what happened
 * only.
 */
export function bonusTitle(kind: BonusKind, number: string | null): string {
  switch (kind) {
    case 'spend':
      return number ? `Списано за заказ №\u00a0${number}` : 'Списано';
    case 'refund':
      return number ? `Возвращено: заказ №\u00a0${number} отменён` : 'Возвращено';
    case 'credit':
      return number ? `Начислено за заказ №\u00a0${number}` : 'Начислено';
    case 'reverse':
      return number ? `Списано: возврат заказа №\u00a0${number}` : 'Списано';
    default:
      return 'Корректировка';
  }
}

export function historyEntry(op: BonusOperation): BonusHistoryEntry {
  const number = op.orderId === null ? null : orderNumber(op.orderId);
  return {
    id: op.id,
    at: op.at.toISOString(),
    kind: op.kind,
    title: bonusTitle(op.kind, number),
    amount: op.amount,
    orderId: op.orderId,
    orderNumber: number,
  };
}
