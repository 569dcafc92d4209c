import { ratingLabel } from '../../../../domain/reviews/published';
import styles from './Stars.module.css';

/** Five stars filled to `value` (0–5), read as «Рейтинг 4,5 из 5». */
export function Stars({ value, size = 'm' }: { value: number; size?: 's' | 'm' | 'l' }) {
  const filled = `${Math.max(0, Math.min(5, value)) * 20}%`;
  return (
    <span className={`${styles.stars} ${styles[size]}`} role="img" aria-label={ratingLabel(value)}>
      <span className={styles.empty} aria-hidden="true">
        ★★★★★
      </span>
      <span className={styles.filled} style={{ width: filled }} aria-hidden="true">
        ★★★★★
      </span>
    </span>
  );
}
