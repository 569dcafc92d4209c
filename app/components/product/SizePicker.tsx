import { type CodeValue, photoModelText, type ProductOffer } from '../../../domain/catalog/product/product';
import styles from './SizePicker.module.css';

interface Props {
  /** In size order. */
  offers: readonly ProductOffer[];
  chosenId: number | null;
  onChoose: (offer: ProductOffer) => void;
  modelProps: readonly CodeValue[];
  /** The size the visitor's saved measures give (marked «ваш»). */
  advised?: number | null;
}

/** Sizes as a radio group styled as buttons; a size with no stock anywhere is shown struck out and cannot be chosen. */
export function SizePicker({ offers, chosenId, onChoose, modelProps, advised = null }: Props) {
  const model = photoModelText(modelProps);
  if (offers.length === 0) return null;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Размер</legend>
      <div className={styles.sizes}>
        {offers.map((o) => (
          <label key={o.id} className={`${styles.size} ${o.disabled ? styles.disabled : ''}`}>
            <input
              type="radio"
              name="product-size"
              value={o.id}
              checked={o.id === chosenId}
              disabled={o.disabled}
              onChange={() => onChoose(o)}
              className={styles.input}
            />
            <span className={styles.face}>
              {o.sizeName}
              {o.disabled && <span className="visually-hidden"> — нет в наличии</span>}
              {advised !== null && o.sizeName === String(advised) && (
                <span className={styles.advised}>
                  <span className="visually-hidden"> — </span>ваш
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
      {model && <p className={styles.model}>{model}</p>}
    </fieldset>
  );
}
