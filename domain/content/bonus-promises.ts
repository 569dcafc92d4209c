import { CARD_START_PERCENT } from '../cabinet/discount-card';
import { BONUS_ACCRUAL } from '../pricing/totals';

export type BonusAccrual = typeof BONUS_ACCRUAL;

/**
 * Everything the shop says about earning bonuses, read from the rule that credits them (`BONUS_ACCRUAL`): while
 * nothing credits them, no page, popup or banner promises them; the day the rule says so, every text does.
 */
export function bonusPromises(accrual: BonusAccrual = BONUS_ACCRUAL) {
  const { credited, percent } = accrual;
  const card = `скидка ${CARD_START_PERCENT} % на товары без скидки`;
  return {
    /** How bonuses are earned: the bonus programme page and the FAQ (`{{bonus_accrual}}`). */
    rule: credited
      ? `За каждую покупку на карту приходит ${percent} % от суммы товаров после скидок, когда заказ получен.`
      : 'Бонусы за покупки пока не начисляются: когда начнём, расскажем здесь. Бонусы, которые уже есть на карте, можно тратить.',
    /** The short promise of the marquee and the landing pages (`{{bonus_per_purchase}}`); empty while none. */
    perPurchase: credited ? `Бонусы за каждую покупку: ${percent} % суммы` : '',
    /** What a discount card gives. */
    card: credited ? `${card} и бонусы с каждой покупки` : card,
    /** What the confirmed email address receives. */
    letters: credited ? 'чеки, статусы заказов и начисления бонусов' : 'чеки и статусы заказов',
  };
}
