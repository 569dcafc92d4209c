import { discountPercent, discountView, formatPrice } from '../../../domain/pricing/price';
import styles from './ProductPrice.module.css';

/** The price in large tabular figures; on sale: the old price struck through and «−30 %» (DESIGN.md). */
export function ProductPrice({ price, oldPrice, isNew }: { price: number; oldPrice: number | null; isNew: boolean }) {
  const percent = discountPercent(price, oldPrice);
  return (
    <div className={styles.wrap}>
      <p className={styles.prices}>
        <span className={`price ${percent ? styles.sale : styles.current}`} data-testid="product-price">
          {percent > 0 && <span className="visually-hidden">Цена со скидкой: </span>}
          {formatPrice(price)}
        </span>
        {percent > 0 && oldPrice && (
          <s className={`price ${styles.old}`}>
            <span className="visually-hidden">Старая цена: </span>
            {formatPrice(oldPrice)}
          </s>
        )}
        {percent > 0 && <span className={styles.badge}>{discountView(percent)}</span>}
      </p>
      {isNew && <p className={styles.new}>Новинка</p>}
    </div>
  );
}
