import type { DeliveryQuoteView as DeliveryQuote, OrderPageData } from '../../../domain/order/checkout.types';
import type { PickupPoint } from '../../../domain/delivery/pickup';
import { DAY_FORMS, plural } from '../../../domain/text/plural';
import { amount } from './order-money';

/** «2–4 дня», «1 день»: the carrier's days, the word agreeing with the last number. */
export function daysText({ daysMin, daysMax }: Pick<DeliveryQuote, 'daysMin' | 'daysMax'>): string {
  const range = daysMin === daysMax ? `${daysMax}` : `${daysMin}–${daysMax}`;
  return `${range}\u00a0${plural(daysMax, DAY_FORMS)}`;
}

/** «350 ₽ · 2–4 дня», «Бесплатно · 1–2 дня». */
export function quoteText(quote: DeliveryQuote): string {
  return `${quote.price === 0 ? 'Бесплатно' : amount(quote.price)} · ${daysText(quote)}`;
}

/** The quote a pickup point goes by: a locker's kind, or a staffed point's. */
export function pointQuote(state: Pick<OrderPageData, 'deliveryQuotes'>, point: Pick<PickupPoint, 'kind'>) {
  const kind: keyof OrderPageData['deliveryQuotes'] = point.kind === 'locker' ? 'LOCKER' : 'PICKUP';
  return state.deliveryQuotes?.[kind] ?? null;
}
