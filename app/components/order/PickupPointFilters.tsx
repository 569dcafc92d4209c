import { FILTER_LABELS, type PickupFilters } from './pickup-filters';
import styles from './Checkout.module.css';

/** The pickup points' filters as toggle buttons (Enter and Space press them, as any button). */
export function PickupPointFilters({
  filters,
  onChange,
}: {
  filters: PickupFilters;
  onChange(filters: PickupFilters): void;
}) {
  return (
    <fieldset className={styles.filters}>
      <legend className={styles.visuallyHidden}>Показать только пункты</legend>
      {FILTER_LABELS.map(([key, label]) => (
        <button
          key={key}
          type="button"
          className={styles.chip}
          aria-pressed={filters[key]}
          onClick={() => onChange({ ...filters, [key]: !filters[key] })}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
