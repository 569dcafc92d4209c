import type { MapsApi } from '~/lib/maps';
import { type Cluster, clusterPlaces, toPixel, zoomInto } from './clusters';
import { CHOSEN, type MapPlace, OTHER } from './PlacesMap';

const MANY = 'islands#blackCircleIcon';

type LatLon = [number, number];
/** The parts of the service's map the clustering uses besides those of `MapsApi` (the 2.1 API has them all). */
export type ServiceMap = InstanceType<MapsApi['Map']> & {
  geoObjects: { add(object: unknown): void; removeAll(): void };
  events: { add(event: string, handler: () => void): void };
  getZoom(): number;
  getBounds(): [LatLon, LatLon] | null;
  setCenter(center: LatLon, zoom: number, options?: { duration?: number }): void;
};
export type Mark = { options: { set(key: string, value: string): void } };

/** The view of the service's map in world pixels, from its bounds (south-west, north-east) and zoom. */
function viewOf(map: ServiceMap) {
  const zoom = map.getZoom();
  const bounds = map.getBounds();
  if (!bounds) return null;
  const [[south, west], [north, east]] = bounds;
  const a = toPixel(north, west, zoom);
  const b = toPixel(south, east, zoom);
  return { zoom, cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2, width: b.x - a.x, height: b.y - a.y };
}

/** Puts the clusters of the map's view on it, in place of the last ones. */
export function drawClusters(
  api: MapsApi,
  map: ServiceMap,
  places: MapPlace[],
  marks: Map<number, Mark>,
  latest: { current: { chosenId: number | null; onChoose(id: number): void } },
) {
  const view = viewOf(map);
  if (!view) return;
  map.geoObjects.removeAll();
  marks.clear();
  for (const cluster of clusterPlaces(places, view) as Cluster<MapPlace>[]) {
    if (cluster.kind === 'one') {
      const { place } = cluster;
      const mark = new api.Placemark(
        [place.lat, place.lon],
        { hintContent: place.name, balloonContent: place.address },
        { preset: place.id === latest.current.chosenId ? CHOSEN : OTHER },
      );
      mark.events.add('click', () => latest.current.onChoose(place.id));
      map.geoObjects.add(mark);
      marks.set(place.id, mark);
      continue;
    }
    const count = cluster.places.length;
    const properties = { hintContent: `${count} — приблизить`, balloonContent: '', iconContent: String(count) };
    const mark = new api.Placemark([cluster.lat, cluster.lon], properties, { preset: MANY });
    mark.events.add('click', () =>
      map.setCenter([cluster.lat, cluster.lon], zoomInto(cluster.places, view.zoom, view.width, view.height), {
        duration: 200,
      }),
    );
    map.geoObjects.add(mark);
  }
}
