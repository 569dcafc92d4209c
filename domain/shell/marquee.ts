import { clockOf, RESERVE_TIME_BORDER } from '../delivery/schedule';
import { formatPrice } from '../pricing/price';
import { BONUS_EARN_PERCENT } from '../pricing/totals';

/** The header's running line: the shop's promises, each read from the rule that keeps it. */
export function marqueeMessages(facts: { freeDeliveryFrom: number | null }): string[] {
  return [
    ...(facts.freeDeliveryFrom !== null ? [`Бесплатная доставка от ${formatPrice(facts.freeDeliveryFrom)}`] : []),
    'Примерка перед покупкой',
    `Бонусы за каждую покупку: ${BONUS_EARN_PERCENT} % суммы`,
    `Резерв в магазине: закажите до ${clockOf(RESERVE_TIME_BORDER)} — заберите сегодня`,
  ];
}
