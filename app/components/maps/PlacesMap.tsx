import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { pageOptions } from '~/lib/api';
import { loadMaps } from '~/lib/maps';
import type { Mark, ServiceMap } from './service-clusters';
import styles from './PlacesMap.module.css';

// The shop's own map is drawn only for pickup points without a maps key: shop pages and shop pickup never load it.
const PlacesSchematic = lazy(() => import('./PlacesSchematic').then((m) => ({ default: m.PlacesSchematic })));

export interface MapPlace {
  id: number;
  name: string;
  address: string;
  lat: number;
  lon: number;
}

export const CHOSEN = 'islands#redDotIcon';
export const OTHER = 'islands#grayDotIcon';

/**
 * The places of a list (shops, pickup points) on the maps service's map, when the shop has a maps key; a marker
 * chooses its place as the list does. The markers are clustered by the shop (clusters.ts) and drawn again after
 * every move of the map, so thousands of points never become thousands of markers; a cluster's click zooms in.
 * Without a key, or when the script fails, nothing is fetched: `schematic` draws the shop's own map instead
 * (PlacesSchematic), otherwise nothing — the list beside it is the whole choice, so the page works the same.
 */
export function PlacesMap({
  places,
  chosenId,
  onChoose,
  label,
  schematic = false,
}: {
  places: MapPlace[];
  chosenId: number | null;
  onChoose(id: number): void;
  label: string;
  /** Without the service, draw the shop's own clustered map rather than nothing. */
  schematic?: boolean;
}) {
  const element = useRef<HTMLElement>(null);
  const marks = useRef(new Map<number, Mark>());
  const drawn = useRef<ServiceMap | null>(null);
  // The page's state is new after every call: the map is drawn again only when the places themselves change.
  const latest = useRef({ places, chosenId, onChoose });
  latest.current = { places, chosenId, onChoose };
  const placesKey = useMemo(() => places.map((p) => `${p.id}:${p.lat}:${p.lon}`).join(','), [places]);
  const [key, setKey] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => setKey(pageOptions().mapServiceKey ?? ''), []);

  useEffect(() => {
    const { places } = latest.current;
    if (!key || !placesKey || !element.current) return;
    let map: ServiceMap | null = null;
    let gone = false;
    // The clustering for the service's map comes with its script: without a key the page never loads either.
    Promise.all([loadMaps(key), import('./service-clusters')])
      .then(([api, { drawClusters }]) => {
        if (gone || !element.current) return;
        const first = places[0] as MapPlace;
        const created = new api.Map(element.current, {
          center: [first.lat, first.lon],
          zoom: 11,
          controls: ['zoomControl'],
        }) as ServiceMap;
        map = created;
        drawn.current = created;
        if (places.length > 1)
          created.setBounds(
            places.map((p) => [p.lat, p.lon]),
            { checkZoomRange: true, zoomMargin: 24 },
          );
        const draw = () => drawClusters(api, created, latest.current.places, marks.current, latest);
        created.events.add('boundschange', draw);
        draw();
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      drawn.current = null;
      map?.destroy();
    };
  }, [key, placesKey]);

  useEffect(() => {
    for (const [id, mark] of marks.current) mark.options.set('preset', id === chosenId ? CHOSEN : OTHER);
  });
  // A place newly chosen in the list that sits in a cluster or out of view: the map moves to it, near enough for it
  // to stand alone (only on a new choice, so that the page's other updates do not undo the shopper's own moves).
  useEffect(() => {
    const map = drawn.current;
    const place = latest.current.places.find((p) => p.id === chosenId);
    if (map && place && !marks.current.has(place.id))
      map.setCenter([place.lat, place.lon], Math.max(map.getZoom(), 16));
  }, [chosenId]);

  if (key === null) return null;
  if (!key || failed)
    return schematic ? (
      <Suspense fallback={null}>
        <PlacesSchematic places={places} chosenId={chosenId} onChoose={onChoose} label={label} />
      </Suspense>
    ) : null;
  if (places.length === 0) return null;
  return <section ref={element} className={styles.map} aria-label={label} />;
}
