import { Minus, Plus } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { plural } from '../../../domain/text/plural';
import { boundsCentre, clusterPlaces, fitZoom, MAX_ZOOM, MIN_ZOOM, toPixel, zoomInto } from './clusters';
import type { MapPlace } from './PlacesMap';
import styles from './PlacesMap.module.css';

/** The size the map is drawn for before it is measured (the server's page, jsdom). */
const FALLBACK = { width: 640, height: 320 };
const PAN_STEP = 80;
const PLACE_FORMS = ['пункт', 'пункта', 'пунктов'] as const;

interface ViewState {
  zoom: number;
  cx: number;
  cy: number;
}

/**
 * The shop's own map, when there is no maps service key (the default): nothing is fetched, the places stand on a
 * neutral grid by their coordinates, clustered (clusters.ts) so that thousands of points stay a few dozen buttons.
 * Every marker is a button — a place chooses itself, a cluster zooms into its places; the map pans by dragging or
 * by the arrow keys, and zooms by its buttons or + and −.
 */
export function PlacesSchematic({
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
  const element = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState(FALLBACK);
  useEffect(() => {
    const node = element.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (node.clientWidth > 0) setSize({ width: node.clientWidth, height: node.clientHeight });
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const placesKey = useMemo(() => places.map((p) => `${p.id}:${p.lat}:${p.lon}`).join(','), [places]);
  const fitted = (): ViewState => {
    const zoom = fitZoom(places, size.width, size.height);
    const centre = places.length > 0 ? boundsCentre(places, zoom) : { x: 0, y: 0 };
    return { zoom, cx: centre.x, cy: centre.y };
  };
  const [view, setView] = useState<ViewState>(fitted);
  // New places (another town, other filters): the view fits them again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the places' key stands for the places
  useEffect(() => setView(fitted()), [placesKey, size.width, size.height]);

  // A point chosen in the list is brought into view on its own, zoomed in far enough to stand alone.
  const chosen = places.find((p) => p.id === chosenId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new choice moves the map
  useEffect(() => {
    if (!chosen) return;
    setView((v) => {
      const alone = clusterPlaces(places, { ...v, ...size }).some((c) => c.kind === 'one' && c.place.id === chosen.id);
      if (alone) return v;
      const zoom = Math.max(v.zoom, 16);
      const at = toPixel(chosen.lat, chosen.lon, zoom);
      return { zoom, cx: at.x, cy: at.y };
    });
  }, [chosenId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the places' key stands for the places
  const clusters = useMemo(() => clusterPlaces(places, { ...view, ...size }), [placesKey, view, size]);

  /** Zooms keeping the view's centre where it is. */
  const zoomTo = (zoom: number, at?: { lat: number; lon: number }) =>
    setView((v) => {
      const next = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, zoom));
      const factor = 2 ** (next - v.zoom);
      if (at) {
        const p = toPixel(at.lat, at.lon, next);
        return { zoom: next, cx: p.x, cy: p.y };
      }
      return { zoom: next, cx: v.cx * factor, cy: v.cy * factor };
    });
  const pan = (dx: number, dy: number) => setView((v) => ({ ...v, cx: v.cx + dx, cy: v.cy + dy }));

  const drag = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    drag.current = { x: e.clientX, y: e.clientY };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    pan(drag.current.x - e.clientX, drag.current.y - e.clientY);
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-PAN_STEP, 0],
      ArrowRight: [PAN_STEP, 0],
      ArrowUp: [0, -PAN_STEP],
      ArrowDown: [0, PAN_STEP],
    };
    const move = moves[e.key];
    if (move) pan(...move);
    else if (e.key === '+' || e.key === '=') zoomTo(view.zoom + 1);
    else if (e.key === '-') zoomTo(view.zoom - 1);
    else return;
    e.preventDefault();
  };

  if (places.length === 0) return null;
  const left = view.cx - size.width / 2;
  const top = view.cy - size.height / 2;
  // The grid moves with the map, so a drag is seen to move something.
  const grid = `${-left % 64}px ${-top % 64}px`;
  return (
    <figure className={styles.schematicFrame}>
      <section
        ref={element}
        className={styles.schematic}
        style={{ backgroundPosition: grid }}
        aria-label={`${label}. Стрелки двигают карту, плюс и минус меняют масштаб`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the map pans by the arrow keys once focused
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        data-zoom={view.zoom}
      >
        {clusters.map((c) => {
          const style = { left: `${c.x - left}px`, top: `${c.y - top}px` };
          if (c.kind === 'many')
            return (
              <button
                key={`many-${c.places[0]?.id}`}
                type="button"
                className={styles.cluster}
                style={style}
                aria-label={`${c.places.length} ${plural(c.places.length, PLACE_FORMS)} рядом — приблизить`}
                onClick={() => zoomTo(zoomInto(c.places, view.zoom, size.width, size.height), c)}
              >
                {c.places.length}
              </button>
            );
          const isChosen = c.place.id === chosenId;
          return (
            <button
              key={c.place.id}
              type="button"
              className={styles.marker}
              style={style}
              aria-label={`${c.place.name}, ${c.place.address}`}
              aria-pressed={isChosen}
              title={`${c.place.name}, ${c.place.address}`}
              onClick={() => onChoose(c.place.id)}
            />
          );
        })}
        <div className={styles.zoom}>
          <button
            type="button"
            aria-label="Приблизить"
            disabled={view.zoom >= MAX_ZOOM}
            onClick={() => zoomTo(view.zoom + 1)}
          >
            <Plus size={16} aria-hidden />
          </button>
          <button
            type="button"
            aria-label="Отдалить"
            disabled={view.zoom <= MIN_ZOOM}
            onClick={() => zoomTo(view.zoom - 1)}
          >
            <Minus size={16} aria-hidden />
          </button>
        </div>
      </section>
      <figcaption className={styles.caption}>Схема без улиц: метки — пункты, числа — сколько пунктов рядом</figcaption>
    </figure>
  );
}
