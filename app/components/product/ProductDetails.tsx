import { ShopLink } from '~/components/ui/ShopLink';
import type { ProductItem } from '../../../domain/catalog/product/product';
import styles from './ProductDetails.module.css';

/** The description and the props table: material, insulation, length, season, hood, article, colour, brand. */
export function ProductDetails({ item }: { item: ProductItem }) {
  return (
    <section className={styles.details} aria-labelledby="product-details">
      <h2 id="product-details" className={styles.title}>
        О товаре
      </h2>
      <p className={styles.description}>{item.description}</p>
      <dl className={styles.props}>
        {item.props.map((p) => (
          <div key={p.code} className={styles.row}>
            <dt>{p.name}</dt>
            <dd>{p.valueName}</dd>
          </div>
        ))}
        <div className={styles.row}>
          <dt>Цвет</dt>
          <dd>{item.color.name}</dd>
        </div>
        <div className={styles.row}>
          <dt>Артикул</dt>
          <dd>{item.article}</dd>
        </div>
        <div className={styles.row}>
          <dt>Бренд</dt>
          <dd>
            <ShopLink to={item.brand.url} className={styles.brand}>
              {item.brand.name}
            </ShopLink>
          </dd>
        </div>
      </dl>
    </section>
  );
}
