import { preload } from 'react-dom';
import { ShopLink } from '~/components/ui/ShopLink';
import type { ProductCard as Card } from '../../../domain/catalog/listing/card';
import { cardMarkers } from '../../../domain/catalog/listing/markers';
import { formatPrice } from '../../../domain/pricing/price';
import { plural } from '../../../domain/text/plural';
import { imageUrl, listingSrcSet } from '../../../contract/images';
import { CardRating } from '~/components/product/reviews/CardRating';
import styles from './ProductCard.module.css';

const COLOR_FORMS = ['цвет', 'цвета', 'цветов'] as const;

/** The card photo's rendered widths: two columns on phones, three on tablets, four on desktops. */
const CARD_SIZES = '(max-width: 675px) 50vw, (max-width: 1024px) 33vw, 25vw';

/**
 * A card's photo preloaded from the page's head at the size the card will use: at high priority for the first
 * screen's, at the browser's own for an eager one (as React preloads an eager `<img>` it renders in the page).
 */
export function preloadCardPhoto(card: Card, imgVersion: string, priority: 'high' | 'eager') {
  const main = card.images[0];
  if (main)
    preload(imageUrl(main, 'listing', imgVersion), {
      as: 'image',
      imageSrcSet: listingSrcSet(main, imgVersion),
      imageSizes: CARD_SIZES,
      ...(priority === 'high' ? { fetchPriority: 'high' as const } : {}),
    });
}

/**
 * Photo first, then brand, name and price (DESIGN.md). `priority`: `high` for the cards a phone's first screen
 * shows (two): the page's largest paint is one of their photos, so each is preloaded from the head (React puts the
 * link there) at the size the card will use, at high priority; `eager` for the rest of a desktop's first row, loaded
 * at once at the browser's own priority (issue 46.3: four high-priority photos competed where two are seen first).
 */
export function ProductCard({
  card,
  imgVersion,
  priority = 'lazy',
}: {
  card: Card;
  imgVersion: string;
  priority?: 'high' | 'eager' | 'lazy';
}) {
  const [main, second] = card.images;
  const eager = priority !== 'lazy';
  if (priority === 'high') preloadCardPhoto(card, imgVersion, priority);
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
            fetchPriority={priority === 'high' ? 'high' : undefined}
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
          {cardMarkers(card).map((m) => (
            <span key={m.code} className={m.code === 'new' ? styles.new : styles.sale}>
              {m.text}
            </span>
          ))}
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
        {card.rating && <CardRating rating={card.rating} />}
        {card.colorsCount > 1 && (
          <p className={styles.colors}>{`${card.colorsCount} ${plural(card.colorsCount, COLOR_FORMS)}`}</p>
        )}
      </div>
    </article>
  );
}
