import { discountView, formatPrice } from '../../../domain/pricing/price';
import styles from './Money.module.css';

/**
 * A price, and when there is one the struck-out old price and the «−30 %» discount (DESIGN.md).
 * `stacked` puts the old price under the price, for a right-aligned sum column.
 */
export function Money({
  price,
  oldPrice,
  percent,
  stacked = false,
}: {
  price: number;
  oldPrice: number | null;
  percent?: number;
  stacked?: boolean;
}) {
  return (
    <span className={`${styles.money} ${stacked ? styles.stacked : ''}`}>
      <span className={`price ${oldPrice ? styles.sale : ''}`}>{formatPrice(price)}</span>
      {oldPrice && (
        <span className={styles.was}>
          <s className={`price ${styles.old}`}>
            <span className="visually-hidden">Старая цена: </span>
            {formatPrice(oldPrice)}
          </s>
          {percent ? <span className={styles.percent}>{discountView(percent)}</span> : null}
        </span>
      )}
    </span>
  );
}
