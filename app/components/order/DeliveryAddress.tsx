import { AddressForm } from './AddressForm';
import type { Checkout } from './useCheckout';
import styles from './Checkout.module.css';
import { addressTypeFor } from '../../../domain/cabinet/addresses';

/** Courier or post: the saved addresses of that kind, a new one, and for a courier the day and time slot. */
export function DeliveryAddress({ type, checkout }: { type: 'COURIER' | 'POCHTA'; checkout: Checkout }) {
  const { state, refresh, saveAddress } = checkout;
  const addresses = state.addressList.filter((a) => a.type === addressTypeFor(type));
  const dates = Object.keys(state.deliveryIntervalList);
  return (
    <div className={styles.sub}>
      {addresses.length > 0 && (
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>Адрес</legend>
          {addresses.map((a) => (
            <label key={a.id} className={styles.choice}>
              <input
                type="radio"
                name="deliveryAddressId"
                checked={state.deliveryAddressId === a.id}
                onChange={() => refresh({ deliveryAddressId: a.id })}
              />
              <span>{a.title}</span>
            </label>
          ))}
        </fieldset>
      )}
      <AddressForm type={type} open={addresses.length === 0} city={state.city?.name ?? ''} onSave={saveAddress} />
      {type === 'COURIER' && dates.length > 0 && (
        <div className={styles.fields}>
          <label className={styles.field}>
            Дата доставки
            <select
              value={state.deliveryIntervalDate}
              onChange={(e) => refresh({ deliveryIntervalDate: e.target.value })}
            >
              {dates.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            Время
            <select
              value={state.deliveryIntervalTime}
              onChange={(e) => refresh({ deliveryIntervalTime: e.target.value })}
            >
              {(state.deliveryIntervalList[state.deliveryIntervalDate] ?? []).map((t) => (
                <option key={t} value={t}>
                  {t.replace('-', '–')}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
    </div>
  );
}
