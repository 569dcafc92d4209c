import { Link } from 'react-router';
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
            <Link to={item.brand.url} className={styles.brand}>
              {item.brand.name}
            </Link>
          </dd>
        </div>
      </dl>
    </section>
  );
}
