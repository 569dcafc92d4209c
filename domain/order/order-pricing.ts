import { type RequestContext, userIdOf } from '../context';
import { deliveryCosts, type DeliveryPrices } from '../delivery/delivery-price';
import { type PromoCode, promoAdjustment } from '../pricing/promo';
import { type Adjustment, computeTotals, type PricedLine } from '../pricing/totals';
import type { CardTries } from './card-tries';
import type { CheckoutRepository, OrderLineFacts } from './ports';
import type { DeliveryType } from './process';

export interface PriceOptions {
  type: DeliveryType;
  card?: string;
  useBonuses?: boolean;
  customer: string;
  /** The save: a code or card that does not apply is refused; the page leaves it out of the sums instead. */
  strict: boolean;
  /** The session's promo codes apply (not to a reservation). */
  promos?: boolean;
  /** The delivery prices as the carrier's quotes make them (`DeliveryOffer.prices`); the table's by default. */
  deliveryPrices?: DeliveryPrices;
  /** How a typed card is looked up (`PlaceDeps.cardTries`). */
  cardTries: CardTries;
}

/**
 * The order's money, one way for the page and the save: promo codes of the session, the card (typed, or the user's
 * own unless the session removed it), the delivery price of the type, bonuses. Kopecks throughout.
 */
export async function priceOrder(
  repo: CheckoutRepository,
  ctx: RequestContext,
  lines: OrderLineFacts[],
  options: PriceOptions,
) {
  const goods = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const adjustments: Adjustment[] = [];
  const promos: PromoCode[] = [];
  for (const code of options.promos === false ? [] : await repo.sessionPromoCodes(ctx.sessionId)) {
    const promo = await repo.promo(code);
    try {
      const customerUses = await repo.promoUses(code, options.customer);
      adjustments.push(promoAdjustment(promo, { now: ctx.now(), goods, customerUses }));
      promos.push(promo as PromoCode);
    } catch (error) {
      // A code that stopped applying (the basket shrank below its minimum) is left out of the page's sums.
      if (options.strict) throw error;
    }
  }
  const userId = userIdOf(ctx);
  const typed = options.card?.replace(/\D/g, '');
  const own = userId !== null ? await repo.card({ userId }) : null;
  const { card: typedCard, problem } = typed
    ? await options.cardTries.lookUp(ctx, typed)
    : { card: null, problem: null };
  // The page leaves out a card that does not apply, one past the limit too: then it tells nothing of the number.
  if (problem && options.strict) throw problem;
  // A typed card that does not apply (one given last time that has since ended) leaves the user's own card on.
  const card = typedCard?.active ? typedCard : own && !(await repo.ownCardRemoved(ctx.sessionId)) ? own : null;
  if (card?.active) adjustments.push({ source: 'card', code: card.number, percent: card.percent, fullPriceOnly: true });
  // Bonuses are the user's own card's, whatever card was typed or removed.
  const bonusBalance = own?.bonusBalance ?? 0;
  const costs = deliveryCosts(options.deliveryPrices ?? (await repo.deliveryPrices()), goods);
  const totals = computeTotals({
    lines: lines.map((l): PricedLine => ({ ...l })),
    adjustments,
    delivery: costs[options.type] ?? 0,
    bonuses: options.useBonuses ? { requested: bonusBalance, balance: bonusBalance } : undefined,
  });
  return { promos, card: card?.active ? card : null, bonusBalance, deliveryCosts: costs, totals };
}
