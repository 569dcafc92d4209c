import { ShopLink } from '~/components/ui/ShopLink';
import { imageUrl } from '../../../contract/images';
import { LineAmount } from './LineAmount';
import { kopecks } from './order-money';
import type { Checkout } from './useCheckout';
import styles from './Checkout.module.css';

/** The order's lines: each with its size, quantity, «В избранное» and «Удалить», and what it costs. */
export function CheckoutItems({ id, checkout, imgVersion }: { id: string; checkout: Checkout; imgVersion: string }) {
  const { state, busy, lineCall } = checkout;
  return (
    <section className={styles.block} aria-labelledby={`${id}-items`}>
      <h2 id={`${id}-items`} className={styles.blockTitle}>
        Товары
      </h2>
      <ul className={styles.lines}>
        {state.items.map((item) => {
          const line = state.basket.available.find((l) => l.id === item.id);
          return (
            <li key={item.id} className={styles.line}>
              {item.product.image && (
                <img
                  src={imageUrl(item.product.image, 'thumb', imgVersion)}
                  alt=""
                  width={78}
                  height={104}
                  className={styles.thumb}
                />
              )}
              <div className={styles.lineInfo}>
                <ShopLink to={item.product.url} className={styles.lineName}>
                  {item.product.brandName} · {item.product.name}
                </ShopLink>
                {item.offer.colorName && <span className={styles.muted}>{item.offer.colorName}</span>}
                <div className={styles.lineActions}>
                  <label className={styles.qty}>
                    <span className="visually-hidden">{`Размер: ${item.product.name}`}</span>
                    <select
                      value={item.offer.id}
                      disabled={busy === `line-${item.id}`}
                      onChange={(e) =>
                        lineCall('sale.order.basket.setSize', item.id, { offerId: Number(e.target.value) })
                      }
                    >
                      {item.sizes.map((size) => (
                        <option
                          key={size.offerId}
                          value={size.offerId}
                          disabled={!size.canBuy && size.offerId !== item.offer.id}
                        >
                          {size.canBuy || size.offerId === item.offer.id
                            ? `Размер ${size.sizeName}`
                            : `Размер ${size.sizeName} — нет в наличии`}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className={styles.qty}>
                    <span className="visually-hidden">Количество: {item.product.name}</span>
                    <select
                      value={item.quantity}
                      disabled={busy === `line-${item.id}`}
                      onChange={(e) =>
                        lineCall('sale.order.basket.setQuantity', item.id, { quantity: Number(e.target.value) })
                      }
                    >
                      {Array.from({ length: Math.max(item.quantity, line?.maxQuantity ?? 1) }, (_, n) => n + 1)
                        .slice(0, 10)
                        .map((n) => (
                          <option key={n} value={n}>
                            {n} шт.
                          </option>
                        ))}
                    </select>
                  </label>
                  <button
                    type="button"
                    className={styles.link}
                    disabled={busy === `line-${item.id}`}
                    onClick={() => lineCall('sale.order.basket.toWishlist', item.id)}
                  >
                    В избранное
                  </button>
                  <button
                    type="button"
                    className={styles.link}
                    disabled={busy === `line-${item.id}`}
                    onClick={() => lineCall('sale.order.basket.delete', item.id)}
                  >
                    Удалить
                  </button>
                </div>
              </div>
              <LineAmount total={kopecks(item.total)} unitPrice={kopecks(item.unitPrice)} quantity={item.quantity} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
