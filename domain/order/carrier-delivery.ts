import type { RequestContext } from '../context';
import type { CarrierTown, Parcel } from '../delivery/carrier';
import type { DeliveryPrices } from '../delivery/delivery-price';
import { DEFAULT_PARCEL, type ParcelFacts, parcelOf, pointTakes } from '../delivery/parcel';
import type { PickupPoint } from '../delivery/pickup';
import type { PlacesService } from '../delivery/places.service';
import { type BasketQuotes, pricesWithQuotes, type Quotes, withShopRules } from '../delivery/quotes';
import type { CheckoutRepository } from './ports';

/** What checkout needs of the carrier (issue 42.5); absent, the shop delivers only by its own table. */
export interface CarrierDelivery {
  places: PlacesService;
  quotes: Quotes;
  /** Each offer's packed weight and size (db/repositories/parcels.ts `offerParcels`). */
  parcels(offerIds: readonly number[]): Promise<Map<number, ParcelFacts>>;
}

/** What the carrier offers a basket in the visitor's town, with the shop's rules on its prices. */
export interface DeliveryOffer {
  carrier: string | null;
  town: CarrierTown | null;
  parcel: Parcel;
  /** The town's points that take the parcel (none without a carrier). */
  points: PickupPoint[];
  /** Each kind's price after the shop's markup (kopecks, before the free threshold), days and source. */
  quotes: BasketQuotes;
  /** The table as checkout charges it, PICKUP at the price of a point of this kind; PICKUP left out without points. */
  prices(kind: 'point' | 'locker'): DeliveryPrices;
}

/**
 * The delivery a basket is offered: the town's carrier points that take its parcel (refreshed when a day old), and
 * the carrier's prices for it — or, with no carrier, the shop's table without pickup points.
 */
export async function deliveryOffer(
  deps: CarrierDelivery | undefined,
  repo: Pick<CheckoutRepository, 'pickupPoints' | 'deliveryPrices'>,
  ctx: RequestContext,
  lines: readonly { offerId: number; quantity: number }[],
  postIndex: string | null,
): Promise<DeliveryOffer> {
  const [table, facts] = await Promise.all([
    repo.deliveryPrices(),
    deps ? deps.parcels(lines.map((l) => l.offerId)) : new Map<number, ParcelFacts>(),
  ]);
  const parcel = parcelOf(lines.map((l) => ({ quantity: l.quantity, facts: facts.get(l.offerId) ?? DEFAULT_PARCEL })));
  const carrier = deps?.places.carrier ?? null;
  const city = ctx.city;
  if (!deps || !carrier || !city) {
    const post = deps ? await deps.quotes.post(parcel, postIndex) : null;
    const quotes: BasketQuotes = {
      COURIER: withShopRules(null, table.COURIER, 'COURIER'),
      PICKUP: null,
      LOCKER: null,
      POCHTA: withShopRules(post, table.POCHTA, 'POCHTA'),
    };
    const prices = pricesWithQuotes(table, { COURIER: quotes.COURIER, PICKUP: null, POCHTA: quotes.POCHTA });
    return { carrier, town: null, parcel, points: [], quotes, prices: () => prices };
  }
  const town = await deps.places.townOf(city);
  if (town) await deps.places.refreshPoints(city.id, town);
  const [kept, carrierQuotes, post] = await Promise.all([
    town ? repo.pickupPoints(city.id, carrier) : [],
    town ? deps.quotes.carrier(town, parcel) : null,
    deps.quotes.post(parcel, postIndex),
  ]);
  const points = kept.filter((p) => pointTakes(p, parcel));
  const quotes: BasketQuotes = {
    COURIER: withShopRules(carrierQuotes?.courier ?? null, table.COURIER, 'COURIER'),
    PICKUP: points.length ? withShopRules(carrierQuotes?.point ?? null, table.PICKUP, 'PICKUP') : null,
    LOCKER: points.some((p) => p.kind === 'locker')
      ? withShopRules(carrierQuotes?.locker ?? carrierQuotes?.point ?? null, table.PICKUP, 'LOCKER')
      : null,
    POCHTA: withShopRules(post, table.POCHTA, 'POCHTA'),
  };
  return {
    carrier,
    town,
    parcel,
    points,
    quotes,
    prices: (kind) =>
      pricesWithQuotes(table, {
        COURIER: quotes.COURIER,
        PICKUP: kind === 'locker' ? quotes.LOCKER : quotes.PICKUP,
        POCHTA: quotes.POCHTA,
      }),
  };
}

/** The page's quotes: roubles after the shop's rules, free from the table's threshold; null where not offered. */
export function pageQuotes(offer: DeliveryOffer, goods: number) {
  const prices = offer.prices('point');
  const page = (kind: keyof BasketQuotes, type: 'COURIER' | 'PICKUP' | 'POCHTA') => {
    const q = offer.quotes[kind];
    if (!q) return null;
    const freeFrom = prices[type]?.freeFrom ?? null;
    return {
      price: freeFrom !== null && goods >= freeFrom ? 0 : q.price / 100,
      daysMin: q.daysMin,
      daysMax: q.daysMax,
    };
  };
  return {
    COURIER: page('COURIER', 'COURIER'),
    PICKUP: page('PICKUP', 'PICKUP'),
    LOCKER: page('LOCKER', 'PICKUP'),
    POCHTA: page('POCHTA', 'POCHTA'),
  };
}
