import { describe, expect, it } from 'vitest';
import type { Carrier, CarrierQuote, CarrierTown } from './carrier';
import { createQuotes, type LastQuotesRepository, pricesWithQuotes, weightBand, withShopRules } from './quotes';

const town = (code: string): CarrierTown => ({ code, name: code, region: '', lat: null, lon: null, postcode: null });
const parcel = (weight: number) => ({ weight, length: 40, width: 30, height: 10 });
const ANSWER: CarrierQuote[] = [
  { kind: 'courier', price: 50_000, daysMin: 2, daysMax: 3 },
  { kind: 'point', price: 30_000, daysMin: 2, daysMax: 4 },
];

function memoryLast(): LastQuotesRepository & { rows: Map<string, CarrierQuote[]> } {
  const rows = new Map<string, CarrierQuote[]>();
  return {
    rows,
    last: async (c, t, b) => rows.get(`${c}:${t}:${b}`) ?? [],
    keep: async (c, t, b, q) => void rows.set(`${c}:${t}:${b}`, q),
  };
}

function carrierAnswering(answer: () => Promise<CarrierQuote[]>): Carrier & { calls: number } {
  const c = {
    calls: 0,
    name: 'test' as const,
    quote: async () => {
      c.calls++;
      return answer();
    },
  };
  return c as unknown as Carrier & { calls: number };
}

describe('weight bands', () => {
  it('rounds a parcel up to the band carriers price by', () => {
    expect([500, 1000, 1001, 2999, 4000, 9000, 31_000].map(weightBand)).toEqual([
      1000, 1000, 3000, 3000, 5000, 10_000, 40_000,
    ]);
  });
});

describe('carrier quotes', () => {
  it('asks the carrier once for the same town and band, also for asks at once', async () => {
    const carrier = carrierAnswering(async () => ANSWER);
    const quotes = createQuotes({ carrier, from: town('moskva'), last: memoryLast() });
    const answers = await Promise.all([
      quotes.carrier(town('tomsk'), parcel(1200)),
      quotes.carrier(town('tomsk'), parcel(2500)),
    ]);
    await quotes.carrier(town('tomsk'), parcel(2900));
    expect(carrier.calls).toBe(1);
    expect(answers[0]?.point).toEqual({ price: 30_000, daysMin: 2, daysMax: 4, source: 'carrier' });
    expect(answers[0]?.locker).toBeNull();
    await quotes.carrier(town('tomsk'), parcel(4000));
    expect(carrier.calls).toBe(2);
  });

  it('falls back to the last good price within the wait when the carrier hangs, and to none without one', async () => {
    const last = memoryLast();
    let hang = false;
    const carrier = carrierAnswering(() => (hang ? new Promise(() => {}) : Promise.resolve(ANSWER)));
    const quotes = createQuotes({ carrier, from: town('moskva'), last, waitMs: 50, ttlMs: 0 });
    expect((await quotes.carrier(town('tomsk'), parcel(1000)))?.courier?.source).toBe('carrier');
    hang = true;
    const started = Date.now();
    const fallback = await quotes.carrier(town('tomsk'), parcel(1000));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(fallback?.courier).toEqual({ price: 50_000, daysMin: 2, daysMax: 3, source: 'last' });
    expect(await quotes.carrier(town('omsk'), parcel(1000))).toBeNull();
  });
});

describe('the shop’s rules', () => {
  it('adds the markup to a carrier price, takes the table’s without one, keeps the free threshold', () => {
    const q = { price: 30_000, daysMin: 2, daysMax: 4, source: 'carrier' as const };
    expect(withShopRules(q, { price: 25_000, markup: 5000 }, 'PICKUP')?.price).toBe(35_000);
    expect(withShopRules(null, { price: 25_000 }, 'PICKUP')).toMatchObject({ price: 25_000, source: 'table' });
    expect(withShopRules(q, undefined, 'PICKUP')).toBeNull();
    const table = { COURIER: { price: 39_000, freeFrom: 500_000 }, PICKUP: { price: 25_000, freeFrom: null } };
    expect(pricesWithQuotes(table, { COURIER: { ...q, price: 45_000 }, PICKUP: null })).toEqual({
      COURIER: { price: 45_000, freeFrom: 500_000 },
    });
  });
});
