/**
 * «Определить по местоположению» (spec §7 `user/location/yandex/set`): the browser's geolocation, sent as the
 * address «широта, долгота»; the server finds the shop's city there and makes it the visitor's.
 */
import type { Region } from '../../domain/regions/regions.service';
import { type ApiAnswer, postApi } from './api';

export const NO_POSITION =
  'Не удалось определить местоположение. Разрешите доступ к геопозиции или выберите город из списка.';

/** The position as the address the call takes: five decimals are about a metre, and mark the text as coordinates. */
export const coordinatesAddress = (lat: number, lon: number) => `${lat.toFixed(5)}, ${lon.toFixed(5)}`;

export function canLocate(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator;
}

export async function locateCity(): Promise<ApiAnswer<{ region: Region }>> {
  const position = await new Promise<GeolocationPosition | null>((resolve) =>
    navigator.geolocation.getCurrentPosition(resolve, () => resolve(null), { timeout: 10_000, maximumAge: 600_000 }),
  );
  if (!position) return { ok: false, message: NO_POSITION, code: 'NO_POSITION' };
  return postApi('regionByAddress', {
    address: coordinatesAddress(position.coords.latitude, position.coords.longitude),
  });
}
