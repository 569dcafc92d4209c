import { NavLink } from 'react-router';
import cat from '../../routes/admin/catalog.module.css';

/** The catalogue desk's heading and its pages as tabs: products, sections, brands. */
export function CatalogHead() {
  return (
    <>
      <div className={cat.head}>
        <h1>Каталог</h1>
      </div>
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
    </>
  );
}

/** The catalogue's way back when a page of it is refused. */
export const CATALOG_BACK = { to: '/admin/products/', label: 'К списку товаров' };
