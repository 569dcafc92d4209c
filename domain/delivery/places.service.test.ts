import { describe, expect, it } from 'vitest';
import type { Carrier, CarrierPoint, CarrierTown } from './carrier';
import { type CarrierPlacesRepository, createPlacesService, zoneAtLongitude } from './places.service';

const TOMSK: CarrierTown = { code: 't', name: 'Томск', region: 'Томская обл.', lat: 56.5, lon: 84.9, postcode: null };
const OREL: CarrierTown = { code: 'o', name: 'Орёл', region: 'Орловская обл.', lat: 53, lon: 36, postcode: null };

function fakes(points: () => Promise<CarrierPoint[]>) {
  const kept: { town: CarrierTown; timeZone: string }[] = [];
  const calls = { points: 0, keepPoints: 0 };
  const carrier = {
    name: 'test',
    towns: async (q: string) => [TOMSK, OREL].filter((t) => t.name.toLowerCase().startsWith(q.toLowerCase())),
    points: async () => {
      calls.points++;
      return points();
    },
  } as unknown as Carrier;
  const repo: CarrierPlacesRepository = {
    keepTown: async (_c, town, extra) => {
      kept.push({ town, timeZone: extra.timeZone });
      return 7;
    },
    townOfCity: async () => null,
    pointsSyncedAt: async () => null,
    keepPoints: async () => {
      calls.keepPoints++;
    },
  };
  return { carrier, repo, kept, calls };
}

describe('the places service', () => {
  it('keeps the town an address names, by name and region, with its clock', async () => {
    const f = fakes(async () => []);
    const places = createPlacesService({ carrier: f.carrier, repo: f.repo, phones: [], limit: async () => {} });
    expect(await places.cityOfAddress('г. Томск, Томская обл.')).toBe(7);
    expect(f.kept[0]).toEqual({ town: TOMSK, timeZone: 'Asia/Novosibirsk' });
    expect(await places.cityOfAddress('Томск, Московская обл.')).toBeNull();
    expect(await places.cityOfAddress('Тверская улица, 7')).toBeNull();
  });

  it('asks the carrier for a town’s points once at a time, and not again at once after a failure', async () => {
    let answer: (p: CarrierPoint[]) => void = () => {};
    const f = fakes(() => new Promise((resolve) => (answer = resolve)));
    const places = createPlacesService({ carrier: f.carrier, repo: f.repo, phones: [], limit: async () => {} });
    const both = Promise.all([places.refreshPoints(7, TOMSK), places.refreshPoints(7, TOMSK)]);
    await new Promise((r) => setTimeout(r, 10));
    answer([]);
    await both;
    await places.refreshPoints(7, TOMSK);
    expect(f.calls.points).toBe(1);
  });

  it('knows no towns without a carrier', async () => {
    const f = fakes(async () => []);
    const places = createPlacesService({ carrier: null, repo: f.repo, phones: [], limit: async () => {} });
    expect(await places.towns({} as never, 'Том')).toEqual([]);
    expect(await places.cityOfAddress('Томск')).toBeNull();
  });

  it('reads a clock from a longitude', () => {
    expect([20.5, 37.6, 50.1, 60.6, 73.3, 82.9, 92.9, 104.3, 129.7, 131.9].map(zoneAtLongitude)).toEqual([
      'Europe/Kaliningrad',
      'Europe/Moscow',
      'Europe/Samara',
      'Asia/Yekaterinburg',
      'Asia/Omsk',
      'Asia/Novosibirsk',
      'Asia/Krasnoyarsk',
      'Asia/Irkutsk',
      'Asia/Yakutsk',
      'Asia/Vladivostok',
    ]);
  });
});
