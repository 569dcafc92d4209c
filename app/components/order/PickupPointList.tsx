import { useState } from 'react';
import type { PickupPoint } from '../../../domain/delivery/pickup';
import styles from './Checkout.module.css';

/** The list shows this many points at first and this many more on «Показать ещё»: thousands stay fast. */
export const PAGE = 20;

/**
 * The points as cards with a radio each. Only the first pages are rendered; a point chosen on the map that is not
 * among them comes first, so the choice is always seen in the list too.
 */
export function PickupPointList({
  points,
  chosenId,
  onChoose,
  quoteLine,
}: {
  points: PickupPoint[];
  chosenId: number | null;
  onChoose(id: number): void;
  /** «350 ₽ · 2–4 дня» for the point's kind, or null when the carrier gave no price. */
  quoteLine(point: PickupPoint): string | null;
}) {
  const [shown, setShown] = useState(PAGE);
  const page = points.slice(0, shown);
  const chosen = points.find((p) => p.id === chosenId);
  const visible = chosen && !page.includes(chosen) ? [chosen, ...page] : page;
  return (
    <div className={styles.pointList}>
      <ul className={styles.points}>
        {visible.map((p) => (
          <li key={p.id}>
            <PointCard point={p} chosen={p.id === chosenId} onChoose={onChoose} quoteLine={quoteLine} />
          </li>
        ))}
      </ul>
      {shown < points.length && (
        <button type="button" className={styles.secondary} onClick={() => setShown(shown + PAGE)}>
          Показать ещё{' '}
          <span className={styles.muted}>
            (показано {shown} из {points.length})
          </span>
        </button>
      )}
    </div>
  );
}

function PointCard({
  point,
  chosen,
  onChoose,
  quoteLine,
}: {
  point: PickupPoint;
  chosen: boolean;
  onChoose(id: number): void;
  /** «350 ₽ · 2–4 дня» for the point's kind, or null when the carrier gave no price. */
  quoteLine(point: PickupPoint): string | null;
}) {
  const quote = quoteLine(point);
  const badges = [
    point.fittingRoom && 'Примерочная',
    point.kind === 'locker' && 'Постамат',
    point.card && 'Оплата картой',
    point.cash && 'Оплата наличными',
  ].filter((b): b is string => Boolean(b));
  return (
    <label className={styles.point} data-checked={chosen || undefined}>
      <input
        type="radio"
        name="deliveryPickupPointId"
        value={point.id}
        checked={chosen}
        onChange={() => onChoose(point.id)}
      />
      <span className={styles.pointBody}>
        <span className={styles.pointName}>{point.name}</span>
        <span>{point.address}</span>
        {(point.hours || point.phone) && (
          <span className={styles.muted}>{[point.hours, point.phone].filter(Boolean).join(' · ')}</span>
        )}
        {badges.length > 0 && (
          <span className={styles.badges}>
            {badges.map((b) => (
              <span key={b} className={styles.badge}>
                {b}
              </span>
            ))}
          </span>
        )}
        {quote && <span className={styles.pointQuote}>{quote}</span>}
      </span>
    </label>
  );
}
