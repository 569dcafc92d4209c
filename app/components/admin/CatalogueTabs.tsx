import { Link, NavLink } from 'react-router';
import { errorText } from '~/lib/admin-orders';
import styles from '../../routes/admin/admin.module.css';
import cat from '../../routes/admin/catalogue.module.css';

/** The catalogue desk's pages as tabs: products, sections, brands. */
export function CatalogueTabs() {
  return (
    <nav aria-label="Разделы каталога">
      <ul className={cat.tabs}>
        <li>
          <NavLink to="/admin/products/">Товары</NavLink>
        </li>
        <li>
          <NavLink to="/admin/sections/">Разделы</NavLink>
        </li>
        <li>
          <NavLink to="/admin/brands/">Бренды</NavLink>
        </li>
      </ul>
    </nav>
  );
}

/** What a catalogue page shows when its loader is refused: the reason, and the way back to the list. */
export function CatalogueRefusal({ title, error }: { title: string; error: unknown }) {
  return (
    <>
      <h1>{title}</h1>
      <p className={styles.error} role="alert">
        {errorText(error)}
      </p>
      <p>
        <Link to="/admin/products/" className={cat.link}>
          К списку товаров
        </Link>
      </p>
    </>
  );
}
