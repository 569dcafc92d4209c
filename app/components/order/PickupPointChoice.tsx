import { PlacesMap } from '~/components/maps/PlacesMap';
import type { Checkout } from './useCheckout';
import styles from './Checkout.module.css';

/** The city's pickup points, on the map and as a list. */
export function PickupPointChoice({ checkout }: { checkout: Checkout }) {
  const { state, refresh } = checkout;
  return (
    <fieldset className={`${styles.sub} ${styles.choices}`}>
      <legend className={styles.legend}>Пункт выдачи в городе {state.city?.name}</legend>
      {state.pickupPointList.length === 0 && <p className={styles.muted}>В вашем городе пока нет пунктов выдачи.</p>}
      <PlacesMap
        places={state.pickupPointList}
        chosenId={state.deliveryPickupPoint?.id ?? null}
        onChoose={(id) => refresh({ deliveryPickupPointId: id })}
        label="Пункты выдачи на карте"
      />
      {state.pickupPointList.map((p) => (
        <label key={p.id} className={styles.choice}>
          <input
            type="radio"
            name="deliveryPickupPointId"
            checked={state.deliveryPickupPoint?.id === p.id}
            onChange={() => refresh({ deliveryPickupPointId: p.id })}
          />
          <span>
            {p.address}
            <span className={styles.muted}>
              {p.name}, {p.hours}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
