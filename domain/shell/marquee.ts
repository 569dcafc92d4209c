import { clockOf, RESERVE_TIME_BORDER } from '../delivery/schedule';
import { formatPrice } from '../pricing/price';
import { type BonusAccrual, bonusPromises } from '../content/bonus-promises';

/** The header's running line: the shop's promises, each read from the rule that keeps it. */
export function marqueeMessages(facts: { freeDeliveryFrom: number | null; bonusAccrual?: BonusAccrual }): string[] {
  const bonuses = bonusPromises(facts.bonusAccrual).perPurchase;
  return [
    ...(facts.freeDeliveryFrom !== null ? [`Бесплатная доставка от ${formatPrice(facts.freeDeliveryFrom)}`] : []),
    'Примерка перед покупкой',
    ...(bonuses ? [bonuses] : []),
    `Резерв в магазине: закажите до ${clockOf(RESERVE_TIME_BORDER)} — заберите сегодня`,
  ];
}
