// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAPS_CALLBACK, type MapsApi } from '~/lib/maps';
import { boundsCentre, fitZoom, toLatLon, toPixel } from './clusters';
import { type MapPlace, PlacesMap } from './PlacesMap';
import { settleLazy } from '../../../tests/support/settle-lazy';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const places: MapPlace[] = [
  { id: 1, name: 'ПВЗ на Тверской', address: 'Москва, Тверская, 7', lat: 55.76, lon: 37.61 },
  { id: 2, name: 'ПВЗ на Арбате', address: 'Москва, Арбат, 10', lat: 55.75, lon: 37.59 },
];
/** Three points a hundred metres apart in the centre and one in the north: the three merge until zoomed in. */
const crowd: MapPlace[] = [
  { id: 11, name: 'Пункт 1', address: 'Москва, Тверская, 1', lat: 55.757, lon: 37.614 },
  { id: 12, name: 'Пункт 2', address: 'Москва, Тверская, 3', lat: 55.7575, lon: 37.6125 },
  { id: 13, name: 'Пункт 3', address: 'Москва, Тверская, 5', lat: 55.758, lon: 37.611 },
  { id: 14, name: 'Пункт 4', address: 'Москва, Дмитровское ш., 100', lat: 55.88, lon: 37.55 },
];

/**
 * A stand-in for the maps service: a 640 × 320 map that keeps its centre and zoom, answers its bounds from them and
 * tells its 'boundschange' listeners of every move; records the markers it shows and lets the test click them.
 */
function fakeMaps() {
  type Shown = { at: [number, number]; hint: string; preset: string; count?: string; click?: () => void };
  let shown: Shown[] = [];
  const api: MapsApi = {
    Map: class {
      zoom: number;
      centre: [number, number];
      listeners: (() => void)[] = [];
      constructor(_e: HTMLElement, state: { center: [number, number]; zoom: number }) {
        this.zoom = state.zoom;
        this.centre = state.center;
      }
      geoObjects = {
        add: (mark: { shown: Shown }) => shown.push(mark.shown),
        removeAll: () => {
          shown = [];
        },
      };
      events = { add: (_event: string, handler: () => void) => this.listeners.push(handler) };
      getZoom = () => this.zoom;
      getBounds = () => {
        const c = toPixel(this.centre[0], this.centre[1], this.zoom);
        const sw = toLatLon(c.x - 320, c.y + 160, this.zoom);
        const ne = toLatLon(c.x + 320, c.y - 160, this.zoom);
        return [
          [sw.lat, sw.lon],
          [ne.lat, ne.lon],
        ];
      };
      setBounds = (bounds: [number, number][]) => {
        const located = bounds.map(([lat, lon]) => ({ lat, lon }));
        this.zoom = fitZoom(located, 640, 320, 24);
        const c = boundsCentre(located, this.zoom);
        const at = toLatLon(c.x, c.y, this.zoom);
        this.centre = [at.lat, at.lon];
      };
      setCenter = (centre: [number, number], zoom: number) => {
        this.centre = centre;
        this.zoom = zoom;
        for (const listener of this.listeners) listener();
      };
      destroy() {}
    } as unknown as MapsApi['Map'],
    Placemark: class {
      shown: Shown;
      constructor(
        at: [number, number],
        props: { hintContent: string; iconContent?: string },
        options: { preset: string },
      ) {
        this.shown = { at, hint: props.hintContent, preset: options.preset, count: props.iconContent };
      }
      events = {
        add: (_event: string, handler: () => void) => {
          this.shown.click = handler;
        },
      };
      options = {
        set: (_key: string, value: string) => {
          this.shown.preset = value;
        },
      };
    } as unknown as MapsApi['Placemark'],
  };
  return { api, shown: () => shown };
}

// The maps script loads once a page (lib/maps.ts): every test of the service's map gets this one.
const service = fakeMaps();

function page(key: string) {
  document.body.innerHTML = `<script id="shop-options" type="application/json">${JSON.stringify({ imgVersion: '1', siteId: 's1', mapServiceKey: key })}</script><div id="root"></div>`;
  return createRoot(document.getElementById('root') as HTMLElement);
}

/** Loads the fake service into the page's map, as the script's callback would. */
async function serve(api: MapsApi) {
  (window as unknown as Record<string, (api: MapsApi) => void>)[MAPS_CALLBACK]?.(api);
  await act(async () => vi.advanceTimersByTimeAsync(300));
  await settleLazy();
}

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === name) as HTMLButtonElement;
const markerLabels = () =>
  [...document.querySelectorAll('section button')]
    .map((b) => b.getAttribute('aria-label'))
    .filter((l) => l !== 'Приблизить' && l !== 'Отдалить');

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
});

describe('PlacesMap', () => {
  it('draws nothing and loads no script without a maps key', async () => {
    const root = page('');
    await act(async () => root.render(<PlacesMap places={places} chosenId={1} onChoose={() => {}} label="Карта" />));
    await settleLazy();
    expect(document.querySelector('section')).toBeNull();
    expect(document.head.querySelector('script')).toBeNull();
    act(() => root.unmount());
  });

  it('loads the script with the key in Russian, draws a marker per place 300 ms after the callback, and a marker chooses', async () => {
    vi.useFakeTimers();
    const onChoose = vi.fn();
    const root = page('test-key');
    await act(async () => root.render(<PlacesMap places={places} chosenId={1} onChoose={onChoose} label="Карта" />));
    await settleLazy();
    const script = document.head.querySelector('script') as HTMLScriptElement;
    expect(script.src).toBe(`https://api-maps.yandex.ru/2.1/?apikey=test-key&lang=ru_RU&onload=${MAPS_CALLBACK}`);
    expect(document.querySelector('section[aria-label="Карта"]')).not.toBeNull();

    const { api, shown } = service;
    (window as unknown as Record<string, (api: MapsApi) => void>)[MAPS_CALLBACK]?.(api);
    await act(async () => vi.advanceTimersByTimeAsync(299));
    await settleLazy();
    expect(shown()).toEqual([]);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    await settleLazy();
    expect(shown().map((m) => [m.hint, m.at, m.preset])).toEqual([
      ['ПВЗ на Тверской', [55.76, 37.61], 'islands#redDotIcon'],
      ['ПВЗ на Арбате', [55.75, 37.59], 'islands#grayDotIcon'],
    ]);
    shown()[1]?.click?.();
    expect(onChoose).toHaveBeenCalledWith(2);
    await act(async () => root.render(<PlacesMap places={places} chosenId={2} onChoose={onChoose} label="Карта" />));
    await settleLazy();
    expect(shown().map((m) => m.preset)).toEqual(['islands#grayDotIcon', 'islands#redDotIcon']);
    act(() => root.unmount());
  });

  it("on the service's map, merges close points into one marker with their count; its click zooms in and splits them", async () => {
    vi.useFakeTimers();
    const root = page('test-key');
    await act(async () => root.render(<PlacesMap places={crowd} chosenId={null} onChoose={() => {}} label="Карта" />));
    await settleLazy();
    const { api, shown } = service;
    await serve(api);
    const cluster = shown().find((m) => m.preset === 'islands#blackCircleIcon');
    expect(cluster?.count).toBe('3');
    expect(
      shown()
        .filter((m) => m.preset === 'islands#grayDotIcon')
        .map((m) => m.hint),
    ).toEqual(['Пункт 4']);
    await act(async () => cluster?.click?.());
    await settleLazy();
    expect(
      shown()
        .map((m) => m.hint)
        .sort(),
    ).toEqual(['Пункт 1', 'Пункт 2', 'Пункт 3']);
    act(() => root.unmount());
  });
});

describe('PlacesMap with the service, a point chosen in the list', () => {
  it('moves the map to a chosen point hidden in a cluster, so that it stands alone and marked', async () => {
    vi.useFakeTimers();
    const root = page('test-key');
    const draw = (chosenId: number | null) =>
      root.render(<PlacesMap places={crowd} chosenId={chosenId} onChoose={() => {}} label="Карта" />);
    await act(async () => draw(null));
    await settleLazy();
    await serve(service.api);
    expect(service.shown().some((m) => m.count === '3')).toBe(true);
    await act(async () => draw(12));
    await settleLazy();
    expect(service.shown().find((m) => m.hint === 'Пункт 2')?.preset).toBe('islands#redDotIcon');
    act(() => root.unmount());
  });
});

describe('PlacesMap without a key, with the schematic', () => {
  it('draws its own map with nothing fetched: close points as one count, split by zooming in, a marker chooses', async () => {
    const onChoose = vi.fn();
    const root = page('');
    await act(async () =>
      root.render(<PlacesMap places={crowd} chosenId={null} onChoose={onChoose} label="Пункты на карте" schematic />),
    );
    await settleLazy();
    expect(document.head.querySelector('script')).toBeNull();
    expect(markerLabels()).toEqual(['3 пункта рядом — приблизить', 'Пункт 4, Москва, Дмитровское ш., 100']);
    await act(async () => button('3 пункта рядом — приблизить').click());
    await settleLazy();
    expect(markerLabels().sort()).toEqual([
      'Пункт 1, Москва, Тверская, 1',
      'Пункт 2, Москва, Тверская, 3',
      'Пункт 3, Москва, Тверская, 5',
    ]);
    await act(async () => button('Пункт 2, Москва, Тверская, 3').click());
    await settleLazy();
    expect(onChoose).toHaveBeenCalledWith(12);
    // Zoomed out again, they merge again.
    for (let i = 0; i < 4; i++) await act(async () => button('Отдалить').click());
    await settleLazy();
    expect(markerLabels()).toContain('3 пункта рядом — приблизить');
    act(() => root.unmount());
  });

  it('brings a point chosen in the list out of its cluster, marked as chosen', async () => {
    const root = page('');
    const draw = (chosenId: number | null) =>
      root.render(<PlacesMap places={crowd} chosenId={chosenId} onChoose={() => {}} label="Карта" schematic />);
    await act(async () => draw(null));
    await settleLazy();
    expect(markerLabels()).toContain('3 пункта рядом — приблизить');
    await act(async () => draw(13));
    await settleLazy();
    const chosen = button('Пункт 3, Москва, Тверская, 5');
    expect(chosen.getAttribute('aria-pressed')).toBe('true');
    act(() => root.unmount());
  });

  it('pans with the arrow keys and zooms with + and −', async () => {
    const root = page('');
    await act(async () =>
      root.render(<PlacesMap places={crowd} chosenId={null} onChoose={() => {}} label="Карта" schematic />),
    );
    await settleLazy();
    const map = document.querySelector('section') as HTMLElement;
    const zoom = Number(map.dataset.zoom);
    const left = () => (document.querySelector('section button') as HTMLElement).style.left;
    const before = left();
    await act(async () => map.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })));
    await settleLazy();
    expect(left()).not.toBe(before);
    await act(async () => map.dispatchEvent(new KeyboardEvent('keydown', { key: '+', bubbles: true })));
    await settleLazy();
    expect(Number(map.dataset.zoom)).toBe(zoom + 1);
    act(() => root.unmount());
  });
});
