import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { TownSearch, townAddress, townTitle } from './TownSearch';
import type { Checkout } from './useCheckout';
import styles from './Checkout.module.css';

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
        <>
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
        </>
      )}
    </div>
  );
}
