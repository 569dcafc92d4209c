import { formatRating, type Rating, ratingLabel, REVIEW_FORMS } from '../../../../domain/reviews/published';
import { plural } from '../../../../domain/text/plural';
import styles from './CardRating.module.css';

/** A listing card's rating line: «★ 4,5 (12)», read as «Рейтинг 4,5 из 5, 12 отзывов». Only with reviews. */
export function CardRating({ rating }: { rating: Rating }) {
  if (rating.count === 0) return null;
  return (
    <p className={styles.rating}>
      <span className={styles.star} aria-hidden="true">
        ★
      </span>
      <span aria-hidden="true">{formatRating(rating.average)}</span>
      <span className={styles.count} aria-hidden="true">{`(${rating.count})`}</span>
      <span className="visually-hidden">{`${ratingLabel(rating.average)}, ${rating.count}\u00a0${plural(rating.count, REVIEW_FORMS)}`}</span>
    </p>
  );
}
