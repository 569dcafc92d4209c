import { MapPin } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { townAddress, townTitle } from './town';
import type { Checkout } from './useCheckout';
import styles from './Checkout.module.css';

// Loaded at «Изменить»: most shoppers order to the town they are in.
const TownSearch = lazy(() => import('./TownSearch').then((m) => ({ default: m.TownSearch })));

/**
 * The town the order goes to (issue 42): the visitor's region, changed here by typing any town the carrier knows.
 * The page's state then follows the new town (useCheckout.chooseTown).
 */
export function DeliveryTownChoice({ checkout }: { checkout: Checkout }) {
  const { state, busy, chooseTown } = checkout;
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const city = state.city;
  const current = city ? townTitle({ code: '', name: city.name, region: city.region ?? '' }) : null;
  return (
    <div>
      <p className={styles.townLine}>
        <MapPin size={14} aria-hidden />
        <span>Город доставки:</span>
        <strong>{current ?? 'не выбран'}</strong>
        {!editing && (
          <button type="button" className={styles.link} onClick={() => setEditing(true)}>
            Изменить
          </button>
        )}
        {editing && (
          <button
            type="button"
            className={styles.link}
            onClick={() => {
              setEditing(false);
              setError(null);
            }}
          >
            Отмена
          </button>
        )}
      </p>
      {editing && (
        <Suspense fallback={null}>
          <TownSearch
            label="Город доставки"
            autoFocus
            disabled={busy === 'town'}
            onChoose={async (town) => {
              const message = await chooseTown(townAddress(town));
              setError(message);
              if (!message) setEditing(false);
            }}
          />
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
        </Suspense>
      )}
    </div>
  );
}
