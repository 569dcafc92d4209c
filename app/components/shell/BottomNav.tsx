import { Heart, LayoutGrid, Search, ShoppingBag, User } from 'lucide-react';
import { NavLink } from 'react-router';
import { useBasketCounts } from '~/lib/basket-store';
import styles from './BottomNav.module.css';

/** The mobile bottom menu. */
export function BottomNav() {
  const counts = useBasketCounts();
  const items = [
    { to: '/catalog/', label: 'Каталог', Icon: LayoutGrid, count: 0 },
    { to: '/search/', label: 'Поиск', Icon: Search, count: 0 },
    { to: '/lk/like/', label: 'Избранное', Icon: Heart, count: counts.delayCount },
    { to: '/basket/', label: 'Корзина', Icon: ShoppingBag, count: counts.availableCount },
    { to: '/lk/', label: 'Профиль', Icon: User, count: 0 },
  ];
  return (
    <nav className={styles.nav} aria-label="Нижнее меню">
      {items.map(({ to, label, Icon, count }) => (
        <NavLink key={to} to={to} end={to === '/lk/'} className={styles.item}>
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
