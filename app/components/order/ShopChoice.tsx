import { lazy, Suspense } from 'react';
import type { Checkout } from './useCheckout';
import styles from './Checkout.module.css';

// The map comes after the list is usable (the order page's first script stays within its budget); without a maps
// key it draws nothing at all.
const PlacesMap = lazy(() => import('~/components/maps/PlacesMap').then((m) => ({ default: m.PlacesMap })));

/** The city's shops, on the map and as a list; a shop not every line can be brought to cannot be chosen. */
export function ShopChoice({ checkout }: { checkout: Checkout }) {
  const { state, refresh } = checkout;
  const shopAllowed = (shopId: number) => state.items.every((item) => item.allowedShopIds.includes(shopId));
  return (
    <fieldset className={`${styles.sub} ${styles.choices}`}>
      <legend className={styles.legend}>Магазин в городе {state.city?.name}</legend>
      <Suspense fallback={null}>
        <PlacesMap
          places={state.shops.filter((s) => shopAllowed(s.id))}
          chosenId={state.deliveryShopData?.id ?? null}
          onChoose={(id) => refresh({ deliveryShopId: id })}
          label="Магазины на карте"
        />
      </Suspense>
      {state.shops.map((s) => {
        const allowed = shopAllowed(s.id);
        return (
          <label key={s.id} className={styles.choice} data-disabled={!allowed || undefined}>
            <input
              type="radio"
              name="deliveryShopId"
              checked={state.deliveryShopData?.id === s.id}
              disabled={!allowed}
              onChange={() => refresh({ deliveryShopId: s.id })}
            />
            <span>
              {s.name}, {s.address}
              <span className={styles.muted}>
                {allowed ? s.hours : 'сюда заказ не доставить: не все товары можно привезти'}
              </span>
            </span>
          </label>
        );
      })}
      {state.shopDeliverySrok && (
        <p className={styles.notice} role="status">
          Заказ будет готов к выдаче {state.shopDeliverySrok}. Бесплатно, оплата в магазине.
        </p>
      )}
    </fieldset>
  );
}
