import type { Rating } from '../../../../domain/reviews/published';
import { plural } from '../../../../domain/text/plural';
import styles from './CardRating.module.css';

// As `formatRating` and `ratingLabel` of domain/reviews/published.ts, written here so that the listings' pages load
// no module of the product page's for one line (each shared module is a file of its own to fetch).
const decimal = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });
const FORMS = ['отзыв', 'отзыва', 'отзывов'] as const;

/** A listing card's rating line: «★ 4,5 (12)», read as «Рейтинг 4,5 из 5, 12 отзывов». Only with reviews. */
export function CardRating({ rating }: { rating: Rating }) {
  if (rating.count === 0) return null;
  const average = decimal.format(rating.average);
  return (
    <p className={styles.rating}>
      <span className={styles.star} aria-hidden="true">
        ★
      </span>
      <span aria-hidden="true">{average}</span>
      <span className={styles.count} aria-hidden="true">{`(${rating.count})`}</span>
      <span className="visually-hidden">{`Рейтинг ${average} из 5, ${rating.count}\u00a0${plural(rating.count, FORMS)}`}</span>
    </p>
  );
}
