import { Heart, LayoutGrid, Search, ShoppingBag, User } from 'lucide-react';
import { NavLink } from 'react-router';
import { openAuthDialog } from '~/lib/auth-dialog';
import { useBasketCounts } from '~/lib/basket-store';
import { useVisitor } from '~/lib/visitor';
import styles from './BottomNav.module.css';

/** The mobile bottom menu. */
export function BottomNav() {
  const counts = useBasketCounts();
  const guest = useVisitor()?.user.auth === false;
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
        <NavLink
          key={to}
          to={to}
          end={to === '/lk/'}
          className={styles.item}
          onClick={(e) => {
            // A guest's «Профиль» opens the login popup (spec §2), as the header's account icon does.
            if (to !== '/lk/' || !guest || e.button !== 0 || e.metaKey || e.ctrlKey) return;
            e.preventDefault();
            openAuthDialog('login');
          }}
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
