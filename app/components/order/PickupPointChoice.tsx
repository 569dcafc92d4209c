import { useMemo, useState } from 'react';
import type { PickupPoint } from '../../../domain/delivery/pickup';
import { PlacesMap } from '~/components/maps/PlacesMap';
import { filterPoints, NO_FILTERS, type PickupFilters } from './pickup-filters';
import { PickupPointFilters } from './PickupPointFilters';
import { PickupPointList } from './PickupPointList';
import type { Checkout } from './useCheckout';
import styles from './Checkout.module.css';

/**
 * The town's pickup points (the carrier's, issue 42): filters, then the map (clustered) beside the list (paged).
 * A point chosen in either is the order's point (`deliveryPickupPointId`), marked in both.
 */
export function PickupPointChoice({
  checkout,
  quoteLine,
}: {
  checkout: Checkout;
  /** Given by the delivery choice, which prices the tabs alike (this module loads only with the pickup tab). */
  quoteLine(point: PickupPoint): string | null;
}) {
  const { state, refresh } = checkout;
  const [filters, setFilters] = useState<PickupFilters>(NO_FILTERS);
  // The same array while the points and filters stay: the map does not recount thousands of points on every keystroke.
  const points = useMemo(() => filterPoints(state.pickupPointList, filters), [state.pickupPointList, filters]);
  const chosen = state.deliveryPickupPoint;
  const choose = (id: number) => {
    if (id !== chosen?.id) refresh({ deliveryPickupPointId: id });
  };
  const filtersKey = `${filters.fittingRoom}${filters.card}${filters.locker}:${state.city?.id}`;
  return (
    <fieldset className={`${styles.sub} ${styles.choices}`}>
      <legend className={styles.legend}>Пункт выдачи в городе {state.city?.name}</legend>
      {state.pickupPointList.length === 0 ? (
        <p className={styles.muted}>В вашем городе пока нет пунктов выдачи.</p>
      ) : (
        <>
          <PickupPointFilters filters={filters} onChange={setFilters} />
          <p className={styles.muted} role="status">
            {chosen ? `Выбран пункт: ${chosen.name}, ${chosen.address}` : 'Выберите пункт на карте или в списке'}
          </p>
          {points.length === 0 ? (
            <p className={styles.muted}>
              Нет пунктов с такими условиями.{' '}
              <button type="button" className={styles.link} onClick={() => setFilters(NO_FILTERS)}>
                Сбросить фильтры
              </button>
            </p>
          ) : (
            <div className={styles.pickup}>
              <PlacesMap
                places={points}
                chosenId={chosen?.id ?? null}
                onChoose={choose}
                label="Пункты выдачи на карте"
                schematic
              />
              {/* A new filter or town starts the list from its first page. */}
              <PickupPointList
                key={filtersKey}
                points={points}
                chosenId={chosen?.id ?? null}
                onChoose={choose}
                quoteLine={quoteLine}
              />
            </div>
          )}
        </>
      )}
    </fieldset>
  );
}
