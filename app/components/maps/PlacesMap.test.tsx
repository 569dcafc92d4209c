// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAPS_CALLBACK, type MapsApi } from '~/lib/maps';
import { type MapPlace, PlacesMap } from './PlacesMap';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const places: MapPlace[] = [
  { id: 1, name: 'ПВЗ на Тверской', address: 'Москва, Тверская, 7', lat: 55.76, lon: 37.61 },
  { id: 2, name: 'ПВЗ на Арбате', address: 'Москва, Арбат, 10', lat: 55.75, lon: 37.59 },
];

/** A stand-in for the maps service: records what the shop drew and lets the test click a marker. */
function fakeMaps() {
  const marks: { at: [number, number]; hint: string; preset: string; click?: () => void }[] = [];
  const api: MapsApi = {
    Map: class {
      geoObjects = { add() {} };
      setBounds() {}
      destroy() {}
    } as unknown as MapsApi['Map'],
    Placemark: class {
      mark: (typeof marks)[number];
      constructor(at: [number, number], props: { hintContent: string }, options: { preset: string }) {
        this.mark = { at, hint: props.hintContent, preset: options.preset };
        marks.push(this.mark);
      }
      events = {
        add: (_event: string, handler: () => void) => {
          this.mark.click = handler;
        },
      };
      options = {
        set: (_key: string, value: string) => {
          this.mark.preset = value;
        },
      };
    } as unknown as MapsApi['Placemark'],
  };
  return { api, marks };
}

function page(key: string) {
  document.body.innerHTML = `<script id="shop-options" type="application/json">${JSON.stringify({ imgVersion: '1', siteId: 's1', mapServiceKey: key })}</script><div id="root"></div>`;
  return createRoot(document.getElementById('root') as HTMLElement);
}

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
});

describe('PlacesMap', () => {
  it('draws nothing and loads no script without a maps key', async () => {
    const root = page('');
    await act(async () => root.render(<PlacesMap places={places} chosenId={1} onChoose={() => {}} label="Карта" />));
    expect(document.querySelector('section')).toBeNull();
    expect(document.head.querySelector('script')).toBeNull();
    root.unmount();
  });

  it('loads the script with the key in Russian, draws a marker per place 300 ms after the callback, and a marker chooses', async () => {
    vi.useFakeTimers();
    const onChoose = vi.fn();
    const root = page('test-key');
    await act(async () => root.render(<PlacesMap places={places} chosenId={1} onChoose={onChoose} label="Карта" />));
    const script = document.head.querySelector('script') as HTMLScriptElement;
    expect(script.src).toBe(`https://api-maps.yandex.ru/2.1/?apikey=test-key&lang=ru_RU&onload=${MAPS_CALLBACK}`);
    expect(document.querySelector('section[aria-label="Карта"]')).not.toBeNull();

    const { api, marks } = fakeMaps();
    (window as unknown as Record<string, (api: MapsApi) => void>)[MAPS_CALLBACK]?.(api);
    await act(async () => vi.advanceTimersByTimeAsync(299));
    expect(marks).toEqual([]);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(marks.map((m) => [m.hint, m.at, m.preset])).toEqual([
      ['ПВЗ на Тверской', [55.76, 37.61], 'islands#redDotIcon'],
      ['ПВЗ на Арбате', [55.75, 37.59], 'islands#grayDotIcon'],
    ]);
    marks[1]?.click?.();
    expect(onChoose).toHaveBeenCalledWith(2);
    await act(async () => root.render(<PlacesMap places={places} chosenId={2} onChoose={onChoose} label="Карта" />));
    expect(marks.map((m) => m.preset)).toEqual(['islands#grayDotIcon', 'islands#redDotIcon']);
    root.unmount();
  });
});
