import { NavLink } from 'react-router';
import cat from '../../routes/admin/catalogue.module.css';

/** The catalogue desk's heading and its pages as tabs: products, sections, brands. */
export function CatalogueHead() {
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
export const CATALOGUE_BACK = { to: '/admin/products/', label: 'К списку товаров' };
