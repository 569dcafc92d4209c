import { describe, expect, it } from 'vitest';
import { CELL, clusterPlaces, fitZoom, MAX_ZOOM, toLatLon, toPixel, type View, zoomInto } from './clusters';

const at = (lat: number, lon: number, id = 0) => ({ id, lat, lon });
/** A view of `width` × `height` centred on a place at a zoom. */
function viewOn(lat: number, lon: number, zoom: number, width = 640, height = 320): View {
  const { x, y } = toPixel(lat, lon, zoom);
  return { zoom, cx: x, cy: y, width, height };
}

describe('grid clustering', () => {
  it('projects and unprojects a place (Web Mercator)', () => {
    const back = toLatLon(toPixel(55.75, 37.62, 12).x, toPixel(55.75, 37.62, 12).y, 12);
    expect(back.lat).toBeCloseTo(55.75, 6);
    expect(back.lon).toBeCloseTo(37.62, 6);
  });

  it('merges places a few hundred metres apart into one marker with their count, and splits them on zooming in', () => {
    const places = [at(55.751, 37.61, 1), at(55.752, 37.612, 2), at(55.7505, 37.611, 3)];
    const far = clusterPlaces(places, viewOn(55.751, 37.61, 11));
    expect(far).toHaveLength(1);
    expect(far[0]?.kind).toBe('many');
    expect(far[0]?.kind === 'many' && far[0].places.map((p) => p.id)).toEqual([1, 2, 3]);
    const near = clusterPlaces(places, viewOn(55.751, 37.61, 17));
    expect(near.map((c) => c.kind)).toEqual(['one', 'one', 'one']);
  });

  it('keeps the markers of thousands of places to the cells of the view, and leaves out the places out of view', () => {
    const places = Array.from({ length: 5000 }, (_, i) =>
      at(55.55 + (i % 100) * 0.004, 37.35 + Math.floor(i / 100) * 0.01, i),
    );
    const view = viewOn(55.75, 37.6, 9);
    const clusters = clusterPlaces(places, view);
    const cells = Math.ceil((view.width + 2 * CELL) / CELL + 1) * Math.ceil((view.height + 2 * CELL) / CELL + 1);
    expect(clusters.length).toBeLessThanOrEqual(cells);
    expect(clusters.reduce((n, c) => n + (c.kind === 'one' ? 1 : c.places.length), 0)).toBe(5000);
    // Zoomed into the centre: far places are not counted at all.
    const inner = clusterPlaces(places, viewOn(55.75, 37.6, 16));
    const shown = inner.reduce((n, c) => n + (c.kind === 'one' ? 1 : c.places.length), 0);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(100);
  });

  it('at the deepest zoom shows every place, even two on one spot', () => {
    const places = [at(55.75, 37.6, 1), at(55.75, 37.6, 2)];
    expect(clusterPlaces(places, viewOn(55.75, 37.6, MAX_ZOOM)).map((c) => c.kind)).toEqual(['one', 'one']);
  });

  it('fits the places into the view, and a cluster zooms in at least one step', () => {
    const places = [at(55.6, 37.4), at(55.9, 37.8)];
    const zoom = fitZoom(places, 640, 320);
    const a = toPixel(55.6, 37.4, zoom);
    const b = toPixel(55.9, 37.8, zoom);
    expect(Math.abs(b.x - a.x)).toBeLessThanOrEqual(640 - 64);
    const c = toPixel(55.6, 37.4, zoom + 1);
    const d = toPixel(55.9, 37.8, zoom + 1);
    expect(Math.abs(d.x - c.x) > 640 - 64 || Math.abs(d.y - c.y) > 320 - 64).toBe(true);
    expect(zoomInto(places, 8, 640, 320)).toBeGreaterThan(8);
    expect(zoomInto(places, 17, 640, 320)).toBe(18);
  });
});
