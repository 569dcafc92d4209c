import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../../db/seed/catalog';
import { LOCKER_WEIGHT_MAX, pointsOf, quoteOf, TEST_FROM, TEST_TOWNS, townByCode, townsStarting } from './geography';

const town = (code: string) => townByCode(code) ?? expect.unreachable(code);
const parcel = (weight: number) => ({ weight, length: 40, width: 30, height: 10 });

describe('the test carrier’s towns', () => {
  it('finds towns by the start of their name, any case, «ё» as «е»', () => {
    expect(townsStarting('екат').map((t) => t.name)).toEqual(['Екатеринбург']);
    expect(townsStarting('ОРЕЛ').map((t) => t.name)).toEqual(['Орёл']);
    expect(townsStarting('Нижн').map((t) => t.name)).toEqual(['Нижний Новгород', 'Нижний Тагил']);
    expect(townsStarting('  ')).toEqual([]);
    expect(townsStarting('к').length).toBeLessThanOrEqual(20);
  });

  it('knows every seed city under its own code, and about sixty towns', () => {
    expect(TEST_TOWNS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(TEST_TOWNS.map((t) => t.code)).size).toBe(TEST_TOWNS.length);
    for (const city of buildCatalog({ seed: 1, products: 1 }).cities)
      expect(townByCode(city.code)?.name).toBe(city.name);
  });
});

describe('the test carrier’s points', () => {
  it('answers the seeded points for a seed city, at their addresses', () => {
    const seeded = buildCatalog({ seed: 1, products: 1 }).pickupPoints.filter((p) => p.cityId === 1);
    expect(pointsOf(town('moskva')).map((p) => [p.code, p.name, p.address, p.lat, p.lon])).toEqual(
      seeded.map((p, n) => [`moskva-${n + 1}`, p.name, p.address, p.lat, p.lon]),
    );
  });

  it('makes 4–8 points elsewhere: a fitting room, a locker with a weight limit, a point without cash', () => {
    const tomsk = pointsOf(town('tomsk'));
    expect(tomsk.length).toBeGreaterThanOrEqual(4);
    expect(tomsk.length).toBeLessThanOrEqual(8);
    expect(tomsk.filter((p) => p.kind === 'locker')).toEqual([
      expect.objectContaining({ weightMax: LOCKER_WEIGHT_MAX, fittingRoom: false, tryOn: false }),
    ]);
    expect(tomsk.some((p) => p.fittingRoom)).toBe(true);
    expect(tomsk.some((p) => p.kind === 'point' && !p.fittingRoom)).toBe(true);
    expect(tomsk.some((p) => p.kind === 'point' && !p.cash)).toBe(true);
    expect(pointsOf(town('tomsk'))).toEqual(tomsk);
  });

  it('gives every made-up point an address with a house number from 1', () => {
    for (const t of TEST_TOWNS) for (const p of pointsOf(t)) expect(p.address).toMatch(/, [1-9]\d*[а-я]?(\/\d+)?$/);
  });
});

describe('the test carrier’s quotes', () => {
  it('prices by distance and weight: a courier dearer than a point, a locker the cheapest', () => {
    const near = quoteOf(parcel(1000), TEST_FROM, TEST_FROM);
    expect(near).toEqual([
      { kind: 'courier', price: 39_000, daysMin: 1, daysMax: 2 },
      { kind: 'point', price: 25_000, daysMin: 1, daysMax: 3 },
      { kind: 'locker', price: 20_000, daysMin: 1, daysMax: 3 },
    ]);
    const far = quoteOf(parcel(1000), TEST_FROM, town('tomsk'));
    const heavy = quoteOf(parcel(8000), TEST_FROM, town('tomsk'));
    for (const kind of ['courier', 'point', 'locker']) {
      const price = (q: typeof far) => q.find((x) => x.kind === kind)?.price ?? 0;
      expect(price(far)).toBeGreaterThan(price(near));
      expect(price(heavy)).toBeGreaterThan(price(far));
    }
    expect((far[0]?.daysMin ?? 0) > 1).toBe(true);
    expect(quoteOf(parcel(25_000), TEST_FROM, town('tomsk')).map((q) => q.kind)).toEqual(['courier', 'point']);
  });
});
