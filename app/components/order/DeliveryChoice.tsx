import { lazy, Suspense } from 'react';
import type { DeliveryType } from '../../../domain/order/process';
import { daysText, pointQuote, quoteText } from './delivery-quote';
import { DeliveryAddress } from './DeliveryAddress';
import { DeliveryTownChoice } from './DeliveryTownChoice';
import { amount } from './order-money';
import { ShopChoice } from './ShopChoice';
import type { Checkout } from './useCheckout';
import styles from './Checkout.module.css';

// The points' list, filters and map load when the pickup tab is chosen (the server renders them when it is chosen
// already): a courier order never needs them.
const PickupPointChoice = lazy(() => import('./PickupPointChoice').then((m) => ({ default: m.PickupPointChoice })));

const TYPES: [DeliveryType, string][] = [
  ['COURIER', 'Курьер'],
  ['PICKUP', 'Пункт выдачи'],
  ['POCHTA', 'Почта России'],
  ['SHOP', 'Из магазина'],
];

/**
 * How the order is received: the town, the types with their prices and the carrier's days (issue 42), then the
 * chosen type's address, point or shop. A town without the shop's shops has no shop pickup at all.
 */
export function DeliveryChoice({ id, checkout }: { id: string; checkout: Checkout }) {
  const { state, busy, refresh } = checkout;
  const types = TYPES.filter(([type]) => type !== 'SHOP' || !state.city?.isOther);
  // The pickup tab goes by a locker's quote when a locker is the chosen point (its price is then the order's).
  const quoteOf = (type: DeliveryType) => {
    if (type === 'SHOP') return null;
    const kind = type === 'PICKUP' && state.deliveryPickupPoint?.kind === 'locker' ? 'LOCKER' : type;
    return state.deliveryQuotes?.[kind] ?? null;
  };
  return (
    <section className={styles.block} aria-labelledby={`${id}-delivery`}>
      <h2 id={`${id}-delivery`} className={styles.blockTitle}>
        Способ получения
      </h2>
      <DeliveryTownChoice checkout={checkout} />
      <div role="radiogroup" aria-labelledby={`${id}-delivery`} className={styles.types}>
        {types.map(([type, label]) => {
          const price = state.deliveryPrices[type];
          const quote = price === null ? null : quoteOf(type);
          const shown = quote ? quote.price : price;
          return (
            <label key={type} className={styles.type} data-checked={state.deliveryType === type || undefined}>
              <input
                type="radio"
                name="deliveryType"
                value={type}
                checked={state.deliveryType === type}
                disabled={price === null || busy === 'data' || busy === 'town'}
                onChange={() => refresh({ deliveryType: type, deliveryAddressId: undefined })}
              />
              <span className={styles.typeName}>{label}</span>
              <span className={styles.muted}>
                {shown === null ? 'недоступно' : shown === 0 ? 'бесплатно' : amount(shown)}
                {quote && <span className={styles.typeQuote}> · {daysText(quote)}</span>}
              </span>
            </label>
          );
        })}
      </div>

      {(state.deliveryType === 'COURIER' || state.deliveryType === 'POCHTA') && (
        <DeliveryAddress type={state.deliveryType} checkout={checkout} />
      )}
      {state.deliveryType === 'PICKUP' && (
        <Suspense fallback={null}>
          <PickupPointChoice
            checkout={checkout}
            quoteLine={(point) => {
              const quote = pointQuote(state, point);
              return quote && quoteText(quote);
            }}
          />
        </Suspense>
      )}
      {state.deliveryType === 'SHOP' && <ShopChoice checkout={checkout} />}
    </section>
  );
}
