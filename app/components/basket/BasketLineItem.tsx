import { Heart, Minus, Plus, Trash2 } from 'lucide-react';
import { ShopLink } from '~/components/ui/ShopLink';
import { type BasketLine, MAX_LINE_QUANTITY } from '../../../domain/basket/basket';
import { discountPercent, formatPrice } from '../../../domain/pricing/price';
import { deleteLine, lineToWishlist, setLineQuantity } from '~/lib/basket-store';
import { imageUrl } from '../../../contract/images';
import styles from './BasketLineItem.module.css';
import { Money } from './Money';
import { useBasketAction } from './use-basket-action';

/** One cart line: photo, brand, name, colour and size, price, quantity, remove and move to the wishlist. */
export function BasketLineItem({ line, imgVersion }: { line: BasketLine; imgVersion: string }) {
  const { busy, error, run } = useBasketAction();
  const { product, offer } = line;
  const title = `${product.brandName} ${product.name}`;
  const maxQuantity = Math.min(line.maxQuantity, MAX_LINE_QUANTITY);

  return (
    <li className={styles.line} aria-busy={busy || undefined} data-testid="basket-line" data-offer-id={offer.id}>
      <ShopLink to={product.url} className={styles.photo} tabIndex={-1} aria-hidden="true">
        {product.image && (
          <img
            src={imageUrl(product.image, 'listingMobile', imgVersion)}
            srcSet={`${imageUrl(product.image, 'thumb', imgVersion)} 78w, ${imageUrl(product.image, 'listingMobile', imgVersion)} 288w`}
            sizes="(max-width: 675px) 96px, 132px"
            width={288}
            height={432}
            alt=""
            loading="lazy"
            decoding="async"
          />
        )}
      </ShopLink>
      <div className={styles.info}>
        <p className={styles.brand}>{product.brandName}</p>
        <h3 className={styles.name}>
          <ShopLink to={product.url}>{product.name}</ShopLink>
        </h3>
        <dl className={styles.meta}>
          {offer.colorName && (
            <div>
              <dt>Цвет</dt>
              <dd>{offer.colorName}</dd>
            </div>
          )}
          <div>
            <dt>Размер</dt>
            <dd>{offer.sizeName}</dd>
          </div>
        </dl>
        {!line.canBuy && <p className={styles.warning}>Нет в наличии — не войдёт в заказ</p>}
        {line.canBuy && line.quantity > line.maxQuantity && (
          <p className={styles.warning}>{`В наличии только ${line.maxQuantity}\u00a0шт.`}</p>
        )}
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.action}
            disabled={busy}
            onClick={() => run(() => lineToWishlist(line.id))}
          >
            <Heart size={16} aria-hidden />
            <span>
              В отложенные<span className="visually-hidden">: {title}</span>
            </span>
          </button>
          <button
            type="button"
            className={styles.action}
            disabled={busy}
            onClick={() => run(() => deleteLine(line.id, offer.id))}
          >
            <Trash2 size={16} aria-hidden />
            <span>
              Удалить<span className="visually-hidden">: {title}</span>
            </span>
          </button>
        </div>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
      </div>
      <fieldset className={styles.quantity}>
        <legend className="visually-hidden">{`Количество: ${title}`}</legend>
        <button
          type="button"
          aria-label="Уменьшить количество"
          disabled={busy || line.quantity <= 1}
          onClick={() => run(() => setLineQuantity(line.id, line.quantity - 1))}
        >
          <Minus size={16} aria-hidden />
        </button>
        <output aria-live="polite" data-testid="line-quantity">
          {line.quantity}
        </output>
        <button
          type="button"
          aria-label="Увеличить количество"
          disabled={busy || !line.canBuy || line.quantity >= maxQuantity}
          onClick={() => run(() => setLineQuantity(line.id, line.quantity + 1))}
        >
          <Plus size={16} aria-hidden />
        </button>
      </fieldset>
      <div className={styles.sum}>
        <Money
          price={line.lineTotal}
          oldPrice={offer.oldPrice ? offer.oldPrice * line.quantity : null}
          percent={discountPercent(offer.price, offer.oldPrice)}
          stacked
        />
        {line.quantity > 1 && <p className={styles.each}>{`${formatPrice(offer.price)} за шт.`}</p>}
      </div>
    </li>
  );
}
