import type { DeliveryType } from '../../../domain/order/process';
import { DeliveryAddress } from './DeliveryAddress';
import { amount } from './order-money';
import { PickupPointChoice } from './PickupPointChoice';
import { ShopChoice } from './ShopChoice';
import type { Checkout } from './useCheckout';
import styles from './Checkout.module.css';

const TYPES: [DeliveryType, string][] = [
  ['COURIER', 'Курьер'],
  ['PICKUP', 'Пункт выдачи'],
  ['POCHTA', 'Почта России'],
  ['SHOP', 'Из магазина'],
];

/** How the order is received: the types with their prices, then the chosen type's address, point or shop. */
export function DeliveryChoice({ id, checkout }: { id: string; checkout: Checkout }) {
  const { state, busy, refresh } = checkout;
  return (
    <section className={styles.block} aria-labelledby={`${id}-delivery`}>
      <h2 id={`${id}-delivery`} className={styles.blockTitle}>
        Способ получения
      </h2>
      <div role="radiogroup" aria-labelledby={`${id}-delivery`} className={styles.types}>
        {TYPES.map(([type, label]) => {
          const price = state.deliveryPrices[type];
          return (
            <label key={type} className={styles.type} data-checked={state.deliveryType === type || undefined}>
              <input
                type="radio"
                name="deliveryType"
                value={type}
                checked={state.deliveryType === type}
                disabled={price === null || busy === 'data'}
                onChange={() => refresh({ deliveryType: type, deliveryAddressId: undefined })}
              />
              <span className={styles.typeName}>{label}</span>
              <span className={styles.muted}>
                {price === null ? 'недоступно' : price === 0 ? 'бесплатно' : amount(price)}
              </span>
            </label>
          );
        })}
      </div>

      {(state.deliveryType === 'COURIER' || state.deliveryType === 'POCHTA') && (
        <DeliveryAddress type={state.deliveryType} checkout={checkout} />
      )}
      {state.deliveryType === 'PICKUP' && <PickupPointChoice checkout={checkout} />}
      {state.deliveryType === 'SHOP' && <ShopChoice checkout={checkout} />}
    </section>
  );
}
