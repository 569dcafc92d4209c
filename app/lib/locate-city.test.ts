// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addressRegionInput } from '../../domain/regions/regions.schemas';
import { coordinatesAddress, locateCity, NO_POSITION } from './locate-city';

vi.mock('./visitor', () => ({ currentSessid: async () => 'sess' }));

const geolocation = (answer: 'allow' | 'deny') => {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
        answer === 'allow'
          ? ok({ coords: { latitude: 55.7903, longitude: 49.1347 } } as GeolocationPosition)
          : fail({ code: 1 } as GeolocationPositionError),
    },
  });
};

afterEach(() => vi.restoreAllMocks());

describe('«Определить по местоположению»', () => {
  it('sends the position as the address the server reads as coordinates', async () => {
    geolocation('allow');
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ status: 'ok', data: { region: { cityName: 'Казань' } } })));
    const answer = await locateCity();
    expect(answer).toMatchObject({ ok: true, data: { region: { cityName: 'Казань' } } });
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe('/api/v2/user/location/yandex/set/');
    const address = new URLSearchParams(String(init?.body)).get('address');
    expect(address).toBe('55.79030, 49.13470');
    expect(addressRegionInput.parse({ address })).toEqual({ point: { lat: 55.7903, lon: 49.1347 } });
  });

  it('asks to choose from the list when the browser gives no position, without a call', async () => {
    geolocation('deny');
    const fetch = vi.spyOn(globalThis, 'fetch');
    expect(await locateCity()).toEqual({ ok: false, message: NO_POSITION, code: 'NO_POSITION' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('writes whole degrees with decimals too, so they stay coordinates', () => {
    expect(addressRegionInput.parse({ address: coordinatesAddress(55, 37) })).toEqual({ point: { lat: 55, lon: 37 } });
  });
});
