import { Heart, LayoutGrid, Search, ShoppingBag, User } from 'lucide-react';
import { NavLink, useLocation } from 'react-router';
import { useBasketCounts } from '~/lib/basket-store';
import styles from './BottomNav.module.css';

/** «Каталог» is current on the menu page and on every catalogue page it leads to. */
const isCatalog = (pathname: string) => /^\/(menu|catalog)\//.test(pathname);

/** The mobile bottom menu. «Каталог» is the menu page (spec §2), which works before and without JavaScript. */
export function BottomNav() {
  const counts = useBasketCounts();
  const { pathname } = useLocation();
  const items = [
    { to: '/menu/', label: 'Каталог', Icon: LayoutGrid, count: 0 },
    { to: '/search/', label: 'Поиск', Icon: Search, count: 0 },
    { to: '/lk/like/', label: 'Избранное', Icon: Heart, count: counts.delayCount },
    { to: '/basket/', label: 'Корзина', Icon: ShoppingBag, count: counts.availableCount },
    { to: '/lk/', label: 'Профиль', Icon: User, count: 0 },
  ];
  return (
    <nav className={styles.nav} aria-label="Нижнее меню">
      {items.map(({ to, label, Icon, count }) => (
        <NavLink
          key={to}
          to={to}
          end={to === '/lk/'}
          className={`${styles.item} ${to === '/menu/' && isCatalog(pathname) ? styles.current : ''}`}
        >
          <span className={styles.icon}>
            <Icon size={20} aria-hidden />
            {count > 0 && <span className={styles.badge}>{count}</span>}
          </span>
          <span>{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
