import { X } from 'lucide-react';
import { ShopLink } from '~/components/ui/ShopLink';
import type { BasketLine } from '../../../domain/basket/basket';
import { discountPercent } from '../../../domain/pricing/price';
import { addToBasket, removeFromWishlist } from '~/lib/basket-store';
import { imageUrl } from '../../../contract/images';
import styles from './DelayedCard.module.css';
import { Money } from './Money';
import { useBasketAction } from './use-basket-action';

/** A delayed (wishlist) item: photo, brand, name, size, price, «В корзину» and remove. */
export function DelayedCard({ line, inCart, imgVersion }: { line: BasketLine; inCart: boolean; imgVersion: string }) {
  const { busy, error, run } = useBasketAction();
  const { product, offer } = line;
  const title = `${product.brandName} ${product.name}, размер ${offer.sizeName}`;

  return (
    <li className={styles.card} aria-busy={busy || undefined} data-testid="delayed-item" data-offer-id={offer.id}>
      <div className={styles.photoWrap}>
        <ShopLink to={product.url} className={styles.photo} tabIndex={-1} aria-hidden="true">
          {product.image && (
            <img
              src={imageUrl(product.image, 'listingMobile', imgVersion)}
              width={288}
              height={432}
              alt=""
              loading="lazy"
              decoding="async"
            />
          )}
        </ShopLink>
        <button
          type="button"
          className={styles.remove}
          aria-label={`Убрать из отложенных: ${title}`}
          disabled={busy}
          onClick={() => run(() => removeFromWishlist(offer.id))}
        >
          <X size={18} aria-hidden />
        </button>
      </div>
      <p className={styles.brand}>{product.brandName}</p>
      <h3 className={styles.name}>
        <ShopLink to={product.url}>{product.name}</ShopLink>
      </h3>
      <p className={styles.meta}>{`${offer.colorName ? `${offer.colorName}, ` : ''}размер ${offer.sizeName}`}</p>
      <p className={styles.price}>
        <Money price={offer.price} oldPrice={offer.oldPrice} percent={discountPercent(offer.price, offer.oldPrice)} />
      </p>
      {!line.canBuy ? (
        <p className={styles.soldOut}>Нет в наличии</p>
      ) : inCart ? (
        <ShopLink to="/basket/" className={`${styles.button} ${styles.inCart}`}>
          В корзине
        </ShopLink>
      ) : (
        <button
          type="button"
          className={styles.button}
          disabled={busy}
          onClick={() => run(() => addToBasket(offer.id))}
        >
          В корзину<span className="visually-hidden">: {title}</span>
        </button>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </li>
  );
}
