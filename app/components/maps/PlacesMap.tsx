import { useEffect, useRef, useState } from 'react';
import { pageOptions } from '~/lib/api';
import { loadMaps } from '~/lib/maps';
import styles from './PlacesMap.module.css';

export interface MapPlace {
  id: number;
  name: string;
  address: string;
  lat: number;
  lon: number;
}

const CHOSEN = 'islands#redDotIcon';
const OTHER = 'islands#grayDotIcon';

/**
 * The places of a list (shops, pickup points) on the maps service's map, when the shop has a maps key; a marker
 * chooses its place as the list does. Without a key, or when the script fails, nothing is drawn: the list beside it
 * is the whole choice, so the page works the same.
 */
export function PlacesMap({
  places,
  chosenId,
  onChoose,
  label,
}: {
  places: MapPlace[];
  chosenId: number | null;
  onChoose(id: number): void;
  label: string;
}) {
  const element = useRef<HTMLElement>(null);
  const marks = useRef(new Map<number, { options: { set(key: string, value: string): void } }>());
  // The page's state is new after every call: the map is drawn again only when the places themselves change.
  const latest = useRef({ places, chosenId, onChoose });
  latest.current = { places, chosenId, onChoose };
  const placesKey = places.map((p) => `${p.id}:${p.lat}:${p.lon}`).join(',');
  const [key, setKey] = useState('');
  const [failed, setFailed] = useState(false);
  useEffect(() => setKey(pageOptions().mapServiceKey ?? ''), []);

  useEffect(() => {
    const { places } = latest.current;
    if (!key || !placesKey || !element.current) return;
    let map: { destroy(): void } | null = null;
    let gone = false;
    loadMaps(key)
      .then((api) => {
        if (gone || !element.current) return;
        const first = places[0] as MapPlace;
        const drawn = new api.Map(element.current, {
          center: [first.lat, first.lon],
          zoom: 11,
          controls: ['zoomControl'],
        });
        marks.current.clear();
        for (const place of places) {
          const mark = new api.Placemark(
            [place.lat, place.lon],
            { hintContent: place.name, balloonContent: place.address },
            { preset: place.id === latest.current.chosenId ? CHOSEN : OTHER },
          );
          mark.events.add('click', () => latest.current.onChoose(place.id));
          drawn.geoObjects.add(mark);
          marks.current.set(place.id, mark);
        }
        if (places.length > 1)
          drawn.setBounds(
            places.map((p) => [p.lat, p.lon]),
            { checkZoomRange: true, zoomMargin: 24 },
          );
        map = drawn;
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      map?.destroy();
    };
  }, [key, placesKey]);

  useEffect(() => {
    for (const [id, mark] of marks.current) mark.options.set('preset', id === chosenId ? CHOSEN : OTHER);
  });

  if (!key || failed || places.length === 0) return null;
  return <section ref={element} className={styles.map} aria-label={label} />;
}
