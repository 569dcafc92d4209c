import type { Rating } from '../../../../domain/reviews/published';
import { formatRating, REVIEW_FORMS } from '../../../../domain/reviews/published';
import { plural } from '../../../../domain/text/plural';
import { Stars } from './Stars';
import styles from './RatingLink.module.css';

/** Near the product's name: the stars, the average and «N отзывов», leading to the «Отзывы» block. Only with reviews. */
export function RatingLink({ rating, target = 'reviews' }: { rating: Rating | null | undefined; target?: string }) {
  if (!rating || rating.count === 0) return null;
  return (
    <a className={styles.link} href={`#${target}`}>
      <Stars value={rating.average} size="s" />
      <span className={styles.average} aria-hidden="true">
        {formatRating(rating.average)}
      </span>
      <span className={styles.count}>{`${rating.count}\u00a0${plural(rating.count, REVIEW_FORMS)}`}</span>
    </a>
  );
}
