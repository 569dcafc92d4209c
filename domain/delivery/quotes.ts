import type { Carrier, CarrierKind, CarrierQuote, CarrierTown, Parcel, PostOffice } from './carrier';
import type { DeliveryPrices } from './delivery-price';
import { inTime } from './in-time';

/**
 * Which price an order's delivery was charged at (issue 42.5): the carrier's answer, the last good one for that town
 * and weight band when the carrier did not answer within a second, or the shop's table price when none is known.
 */
export type QuoteSource = 'carrier' | 'last' | 'table';

/** A kind's price (kopecks) and days, and where the price came from. */
export interface KindQuote {
  price: number;
  daysMin: number;
  daysMax: number;
  source: QuoteSource;
}

/** What the checkout quotes: a courier, a pickup point, a locker, a post office. */
export type QuoteKind = 'COURIER' | 'PICKUP' | 'LOCKER' | 'POCHTA';
export type BasketQuotes = Record<QuoteKind, KindQuote | null>;

/** The days a table price promises when no carrier says (the delivery page's words). */
export const TABLE_DAYS: Record<QuoteKind, [number, number]> = {
  COURIER: [1, 3],
  PICKUP: [2, 5],
  LOCKER: [2, 5],
  POCHTA: [5, 14],
};

/** The last good prices of a carrier, per town and weight band (the `delivery_quotes` table). */
export interface LastQuotesRepository {
  last(carrier: string, town: string, band: number): Promise<CarrierQuote[]>;
  keep(carrier: string, town: string, band: number, quotes: CarrierQuote[]): Promise<void>;
}

/** The weight bands carriers price by (grams, each band's upper weight); beyond 30 kg, each 10 kg. */
const BANDS = [1000, 3000, 5000, 10_000, 15_000, 20_000, 30_000];
export const weightBand = (grams: number): number =>
  BANDS.find((top) => grams <= top) ?? Math.ceil(grams / 10_000) * 10_000;

export interface QuotesDeps {
  carrier: Carrier | null;
  /** The town the shop's parcels leave from. */
  from: CarrierTown | null;
  last: LastQuotesRepository;
  /** Russian Post's calculator and the shop's index; absent: a post office is charged at the table price. */
  post?: { office: PostOffice; fromIndex: string } | null;
  /** How long the checkout waits for an answer, 1 s by default. */
  waitMs?: number;
  /** How long an answer is reused, 10 minutes by default. */
  ttlMs?: number;
  now?: () => number;
}

export interface Quotes {
  /** The carrier's prices of each kind to the town for the parcel, before the shop's rules. */
  carrier(to: CarrierTown, parcel: Parcel): Promise<Record<CarrierKind, KindQuote | null> | null>;
  /** The Post's price to the index; null when it cannot say (no index, no calculator, no answer). */
  post(parcel: Parcel, toIndex: string | null): Promise<KindQuote | null>;
}

const fromCarrier = (q: CarrierQuote, source: QuoteSource): KindQuote => ({
  price: q.price,
  daysMin: q.daysMin,
  daysMax: q.daysMax,
  source,
});

function byKind(quotes: CarrierQuote[], source: QuoteSource): Record<CarrierKind, KindQuote | null> {
  const of = (kind: CarrierKind) => {
    const q = quotes.find((x) => x.kind === kind);
    return q ? fromCarrier(q, source) : null;
  };
  return { courier: of('courier'), point: of('point'), locker: of('locker') };
}

/**
 * The carrier's quotes with a cache (town, weight band) and one call in flight per key, so the checkout never waits
 * on the carrier twice for the same answer; each answer is kept as the last good one, which is what a carrier that
 * does not answer within `waitMs` is charged at. A parcel is quoted at its band's weight, so one answer serves the band.
 */
export function createQuotes(deps: QuotesDeps): Quotes {
  const waitMs = deps.waitMs ?? 1000;
  const ttlMs = deps.ttlMs ?? 600_000;
  const now = deps.now ?? Date.now;
  const cache = new Map<string, { at: number; quotes: CarrierQuote[] }>();
  const inFlight = new Map<string, Promise<CarrierQuote[]>>();

  function ask(carrier: Carrier, from: CarrierTown, to: CarrierTown, parcel: Parcel, band: number) {
    const key = `${to.code}:${band}`;
    const cached = cache.get(key);
    if (cached && now() - cached.at < ttlMs) return Promise.resolve(cached.quotes);
    let running = inFlight.get(key);
    if (!running) {
      running = (async () => {
        const quotes = await carrier.quote({ ...parcel, weight: band }, from, to);
        cache.set(key, { at: now(), quotes });
        if (cache.size > 5000) cache.delete(cache.keys().next().value as string);
        if (quotes.length > 0) await deps.last.keep(carrier.name, to.code, band, quotes);
        return quotes;
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, running);
    }
    return running;
  }

  return {
    async carrier(to, parcel) {
      const { carrier, from } = deps;
      if (!carrier || !from) return null;
      const band = weightBand(parcel.weight);
      try {
        return byKind(await inTime(ask(carrier, from, to, parcel, band), waitMs), 'carrier');
      } catch {
        const last = await deps.last.last(carrier.name, to.code, band);
        return last.length > 0 ? byKind(last, 'last') : null;
      }
    },

    async post(parcel, toIndex) {
      if (!deps.post || !toIndex || !/^\d{6}$/.test(toIndex)) return null;
      try {
        const q = await inTime(deps.post.office.quote(weightBand(parcel.weight), deps.post.fromIndex, toIndex), waitMs);
        return { ...q, source: 'carrier' };
      } catch {
        return null;
      }
    },
  };
}

/**
 * The shop's rules on a carrier's price: its markup for the type added (kopecks, `delivery_prices.markup`); the free
 * threshold stays the table's (`deliveryCosts` applies it). No carrier price: the table's price, source 'table'.
 */
export function withShopRules(
  quote: KindQuote | null,
  row: { price: number; markup?: number } | undefined,
  kind: QuoteKind,
): KindQuote | null {
  if (!row) return null;
  if (quote) return { ...quote, price: quote.price + (row.markup ?? 0) };
  const [daysMin, daysMax] = TABLE_DAYS[kind];
  return { price: row.price, daysMin, daysMax, source: 'table' };
}

/** The table with each type's price replaced by its quote's (the free thresholds kept), for `deliveryCosts`. */
export function pricesWithQuotes(
  table: DeliveryPrices,
  quotes: Partial<Record<'COURIER' | 'PICKUP' | 'POCHTA', KindQuote | null>>,
): DeliveryPrices {
  const prices: DeliveryPrices = { ...table };
  for (const type of ['COURIER', 'PICKUP', 'POCHTA'] as const) {
    const row = table[type];
    if (!(type in quotes)) continue;
    const quote = quotes[type];
    if (row && quote) prices[type] = { ...row, price: quote.price };
    else delete prices[type];
  }
  return prices;
}
