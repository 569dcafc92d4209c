/**
 * Grid clustering of places on a map, in the browser: the places are projected to the screen's pixels at the map's
 * zoom (Web Mercator, as the maps service and every tiled map do), and the places that fall in one square cell of
 * `CELL` pixels become one marker with their count. Only the places in view (with a margin) are counted, so a city
 * of thousands of pickup points never puts more markers on the page than cells fit on the screen.
 */

export interface Located {
  lat: number;
  lon: number;
}

/** A marker: one place, or several close ones drawn as their count. `x`, `y` are world pixels at the zoom. */
export type Cluster<T extends Located> =
  | { kind: 'one'; place: T; x: number; y: number }
  | { kind: 'many'; places: T[]; x: number; y: number; lat: number; lon: number };

export const CELL = 56;
export const TILE = 256;
export const MIN_ZOOM = 3;
export const MAX_ZOOM = 18;

/** The world pixel of a place at a zoom (Web Mercator). */
export function toPixel(lat: number, lon: number, zoom: number): { x: number; y: number } {
  const size = TILE * 2 ** zoom;
  const sin = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return {
    x: ((lon + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** The place at a world pixel of a zoom: the inverse of toPixel. */
export function toLatLon(x: number, y: number, zoom: number): Located {
  const size = TILE * 2 ** zoom;
  const n = Math.PI - (2 * Math.PI * y) / size;
  return { lat: (180 / Math.PI) * Math.atan(Math.sinh(n)), lon: (x / size) * 360 - 180 };
}

/** What the map shows: its centre's world pixel at `zoom` and its size in screen pixels. */
export interface View {
  zoom: number;
  cx: number;
  cy: number;
  width: number;
  height: number;
}

/**
 * The markers of `places` in `view`: a cell's places merge into one marker at their mean position; a cell of one
 * place is that place. Places outside the view by more than a cell are left out.
 */
export function clusterPlaces<T extends Located>(places: readonly T[], view: View, cell = CELL): Cluster<T>[] {
  // At the deepest zoom nothing splits further: every place is its own marker, even on one spot.
  const deepest = view.zoom >= MAX_ZOOM;
  const left = view.cx - view.width / 2 - cell;
  const top = view.cy - view.height / 2 - cell;
  const right = view.cx + view.width / 2 + cell;
  const bottom = view.cy + view.height / 2 + cell;
  const cells = new Map<string, { places: T[]; x: number; y: number }>();
  for (const [i, place] of places.entries()) {
    const { x, y } = toPixel(place.lat, place.lon, view.zoom);
    if (x < left || x > right || y < top || y > bottom) continue;
    const key = deepest ? String(i) : `${Math.floor(x / cell)}:${Math.floor(y / cell)}`;
    const found = cells.get(key);
    if (found) {
      found.places.push(place);
      found.x += x;
      found.y += y;
    } else cells.set(key, { places: [place], x, y });
  }
  return [...cells.values()].map(({ places, x, y }) => {
    if (places.length === 1) return { kind: 'one', place: places[0] as T, x, y };
    const mx = x / places.length;
    const my = y / places.length;
    return { kind: 'many', places, x: mx, y: my, ...toLatLon(mx, my, view.zoom) };
  });
}

/** The places' bounds; the projection keeps order, so the bounds' corners span what all the places span. */
function boundsOf(places: readonly Located[]) {
  let [south, north, west, east] = [90, -90, 180, -180];
  for (const p of places) {
    if (p.lat < south) south = p.lat;
    if (p.lat > north) north = p.lat;
    if (p.lon < west) west = p.lon;
    if (p.lon > east) east = p.lon;
  }
  return { south, north, west, east };
}

/** The greatest zoom at which all the places fit in `width` × `height` less `margin` on each side (one place: 15). */
export function fitZoom(places: readonly Located[], width: number, height: number, margin = 32): number {
  if (places.length < 2) return 15;
  const b = boundsOf(places);
  for (let zoom = MAX_ZOOM - 2; zoom > MIN_ZOOM; zoom--) {
    const nw = toPixel(b.north, b.west, zoom);
    const se = toPixel(b.south, b.east, zoom);
    if (se.x - nw.x <= width - 2 * margin && se.y - nw.y <= height - 2 * margin) return zoom;
  }
  return MIN_ZOOM;
}

/** The centre of the places' bounds, as a world pixel at `zoom`. */
export function boundsCentre(places: readonly Located[], zoom: number): { x: number; y: number } {
  const b = boundsOf(places);
  const nw = toPixel(b.north, b.west, zoom);
  const se = toPixel(b.south, b.east, zoom);
  return { x: (nw.x + se.x) / 2, y: (nw.y + se.y) / 2 };
}

/** The zoom a cluster's click opens: enough for its places to spread over about half the view, at least one more. */
export function zoomInto(places: readonly Located[], zoom: number, width: number, height: number): number {
  const fit = fitZoom(places, width / 2, height / 2, 0);
  return Math.min(MAX_ZOOM, Math.max(zoom + 1, fit));
}
