/**
 * The maps service's script (spec §7): loaded once, with the shop's key, in Russian, and with a callback that hands
 * over the `ymaps` object; spec §9 gives the callback 300 ms before the map is drawn. Without a key nothing loads
 * and the pages show their lists only.
 */
export const MAPS_CALLBACK = '__shopMapsReady';
export const MAPS_CALLBACK_DELAY_MS = 300;

/** The part of the maps API the shop uses. */
export interface MapsApi {
  Map: new (
    element: HTMLElement,
    state: { center: [number, number]; zoom: number; controls: string[] },
  ) => {
    geoObjects: { add(object: unknown): void };
    setBounds(bounds: [number, number][], options?: { checkZoomRange?: boolean; zoomMargin?: number }): void;
    destroy(): void;
  };
  Placemark: new (
    coordinates: [number, number],
    properties: { hintContent: string; balloonContent: string },
    options: { preset: string },
  ) => {
    events: { add(event: string, handler: () => void): void };
    options: { set(key: string, value: string): void };
  };
}

let loading: Promise<MapsApi> | null = null;

export function mapsScriptUrl(key: string): string {
  return `https://api-maps.yandex.ru/2.1/?apikey=${encodeURIComponent(key)}&lang=ru_RU&onload=${MAPS_CALLBACK}`;
}

export function loadMaps(key: string): Promise<MapsApi> {
  loading ??= new Promise<MapsApi>((resolve, reject) => {
    (window as unknown as Record<string, unknown>)[MAPS_CALLBACK] = (api: MapsApi) =>
      setTimeout(() => resolve(api), MAPS_CALLBACK_DELAY_MS);
    const script = document.createElement('script');
    script.src = mapsScriptUrl(key);
    script.async = true;
    script.onerror = () => {
      // The next map may try again (the network may be back).
      loading = null;
      script.remove();
      reject(new Error('Карта не загрузилась'));
    };
    document.head.append(script);
  });
  return loading;
}
