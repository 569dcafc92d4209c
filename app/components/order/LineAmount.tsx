import { formatAmount } from '../../../domain/pricing/price';
import styles from './Checkout.module.css';

/**
 * An order line's money (kopecks): what the line costs after the order's discounts and, when that is not simply the
 * one unit, how many at what unit price — the order page and the saved order show a line alike.
 */
export function LineAmount({ total, unitPrice, quantity }: { total: number; unitPrice: number; quantity: number }) {
  return (
    <span className={styles.linePrice}>
      <span data-testid="line-total">{formatAmount(total)}</span>
      {(quantity > 1 || total !== unitPrice * quantity) && (
        <span className={styles.each} data-testid="line-unit">
          {`${quantity}\u00a0×\u00a0${formatAmount(unitPrice)}`}
        </span>
      )}
    </span>
  );
}
