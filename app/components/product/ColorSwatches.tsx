import type { ProductItem } from '../../../domain/catalog/product/product';
import { imageUrl } from '../../../contract/images';
import styles from './ColorSwatches.module.css';

interface Props {
  items: readonly ProductItem[];
  currentId: number;
  imgVersion: string;
  onChoose: (item: ProductItem) => void;
}

/**
 * The colours of the model as small photos (the spec's 288x432 colour-list image). Each is a real link to the
 * colour's own page; a plain click switches in place instead, so the choice is instant.
 */
export function ColorSwatches({ items, currentId, imgVersion, onChoose }: Props) {
  const current = items.find((i) => i.id === currentId);
  return (
    <div className={styles.wrap}>
      <p className={styles.label} id="product-color-label">
        Цвет: <span className={styles.value}>{current?.color.name}</span>
      </p>
      {items.length > 1 && (
        <ul className={styles.list} aria-labelledby="product-color-label">
          {items.map((item) => {
            const photo = item.images[0]?.file;
            const isCurrent = item.id === currentId;
            return (
              <li key={item.id}>
                <a
                  href={item.url}
                  className={`${styles.swatch} ${isCurrent ? styles.current : ''}`}
                  aria-current={isCurrent ? 'true' : undefined}
                  aria-label={item.color.name}
                  title={item.color.name}
                  onClick={(e) => {
                    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
                    e.preventDefault();
                    onChoose(item);
                  }}
                >
                  {photo ? (
                    // Lazy: on a phone the colours are under the photo, and an eager image is also preloaded by
                    // React in the head, where it took bandwidth from the photo that is the page's largest paint.
                    <img
                      src={imageUrl(photo, 'listingMobile', imgVersion)}
                      alt=""
                      width={288}
                      height={432}
                      loading="lazy"
                      decoding="async"
                    />
                  ) : (
                    <span className={styles.chip} style={{ background: item.color.hex }} />
                  )}
                  <span className={styles.dot} style={{ background: item.color.hex }} aria-hidden />
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
