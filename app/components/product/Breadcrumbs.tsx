import { ShopLink } from '~/components/ui/ShopLink';
import type { Breadcrumb } from '../../../domain/catalog/product/product';
import styles from './Breadcrumbs.module.css';

/** The way back up the catalogue; the same chain goes into the page's BreadcrumbList markup. */
export function Breadcrumbs({ items }: { items: readonly Breadcrumb[] }) {
  return (
    <nav aria-label="Навигационная цепочка" className={styles.nav}>
      <ol className={styles.list}>
        {items.map((b) => (
          <li key={b.url}>
            <ShopLink to={b.url}>{b.name}</ShopLink>
          </li>
        ))}
      </ol>
    </nav>
  );
}
