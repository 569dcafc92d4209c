import { preload } from 'react-dom';
import { ShopLink } from '~/components/ui/ShopLink';
import type { ProductCard as Card } from '../../../domain/catalog/listing/card';
import { formatPrice } from '../../../domain/pricing/price';
import { plural } from '../../../domain/text/plural';
import { imageUrl, listingSrcSet } from '../../../contract/images';
import styles from './ProductCard.module.css';

const COLOR_FORMS = ['цвет', 'цвета', 'цветов'] as const;

/** The card photo's rendered widths: two columns on phones, three on tablets, four on desktops. */
const CARD_SIZES = '(max-width: 675px) 50vw, (max-width: 1024px) 33vw, 25vw';

/**
 * Photo first, then brand, name and price (DESIGN.md). `eager` for the first row: its photo is the page's largest
 * paint, so it is preloaded from the head (React puts the link there) at the size the card will use, at high
 * priority.
 */
export function ProductCard({ card, imgVersion, eager = false }: { card: Card; imgVersion: string; eager?: boolean }) {
  const [main, second] = card.images;
  if (eager && main)
    preload(imageUrl(main, 'listing', imgVersion), {
      as: 'image',
      imageSrcSet: listingSrcSet(main, imgVersion),
      imageSizes: CARD_SIZES,
      fetchPriority: 'high',
    });
  return (
    <article className={styles.card}>
      {/* The name below is the link for keyboards and screen readers; the photo repeats it for pointers. */}
      <ShopLink to={card.url} className={styles.photo} tabIndex={-1} aria-hidden="true">
        {main && (
          <img
            src={imageUrl(main, 'listing', imgVersion)}
            srcSet={listingSrcSet(main, imgVersion)}
            sizes={CARD_SIZES}
            width={440}
            height={660}
            alt={`${card.name}, ${card.brandName}`}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : undefined}
            decoding="async"
          />
        )}
        {second && (
          <img
            className={styles.hover}
            src={imageUrl(second, 'listing', imgVersion)}
            width={440}
            height={660}
            alt=""
            loading="lazy"
            decoding="async"
            aria-hidden="true"
          />
        )}
        <span className={styles.marks}>
          {card.isNew && <span className={styles.new}>Новинка</span>}
          {card.discountPercent > 0 && <span className={styles.sale}>{`−${card.discountPercent}\u00a0%`}</span>}
        </span>
      </ShopLink>
      <div className={styles.text}>
        <p className={styles.brand}>{card.brandName}</p>
        <h3 className={styles.name}>
          <ShopLink to={card.url}>{card.name}</ShopLink>
        </h3>
        <p className={styles.prices}>
          <span className={`price ${card.oldPrice ? styles.salePrice : ''}`}>{formatPrice(card.price)}</span>
          {card.oldPrice && (
            <s className={`price ${styles.old}`}>
              <span className="visually-hidden">Старая цена: </span>
              {formatPrice(card.oldPrice)}
            </s>
          )}
        </p>
        {card.colorsCount > 1 && (
          <p className={styles.colors}>{`${card.colorsCount} ${plural(card.colorsCount, COLOR_FORMS)}`}</p>
        )}
      </div>
    </article>
  );
}
