import { describe, expect, it } from 'vitest';
import { distanceKm, NEAR_KM, nearestTown, offlineGeocoder } from './nearest-town';

const places = [
  { lat: 55.7961, lon: 49.1064, cityName: 'Казань' },
  { lat: 55.7558, lon: 37.6173, cityName: 'Москва' },
  { lat: 55.81, lon: 37.7, cityName: 'Москва' },
];

describe('nearestTown', () => {
  it('measures great-circle distances', () => {
    // Moscow to Kazan: about 720 km as the crow flies.
    expect(distanceKm(places[1] as never, places[0] as never)).toBeGreaterThan(700);
    expect(distanceKm(places[1] as never, places[0] as never)).toBeLessThan(740);
  });

  it('gives the town of the nearest place within reach', () => {
    expect(nearestTown({ lat: 55.78, lon: 49.15 }, places)).toBe('Казань');
    expect(nearestTown({ lat: 55.9, lon: 37.5 }, places)).toBe('Москва');
  });

  it(`finds none farther than ${NEAR_KM} km from every place`, () => {
    // Tver, some 160 km from Moscow.
    expect(nearestTown({ lat: 56.8587, lon: 35.9176 }, places)).toBeNull();
    expect(nearestTown({ lat: 55.78, lon: 49.15 }, [])).toBeNull();
  });

  it('serves as the geocoder without a maps service', async () => {
    expect(await offlineGeocoder(async () => places).townAt({ lat: 55.8, lon: 49.1 })).toBe('Казань');
  });
});
