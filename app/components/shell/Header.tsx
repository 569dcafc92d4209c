import { Heart, Menu as MenuIcon, Search, ShoppingBag } from 'lucide-react';
import { useRef, useState } from 'react';
import { ShopLink } from '~/components/ui/ShopLink';
import { useLocation } from 'react-router';
import { useBasketCounts } from '~/lib/basket-store';
import { useBodyClass } from '~/lib/body-class';
import { useMenuGender } from '~/lib/gender';
import { useMiddleMenuFits } from '~/lib/middle-menu';
import { useHeaderScroll } from '~/lib/scroll';
import { useVisitor } from '~/lib/visitor';
import type { RootData } from '~/root';
import { AccountMenu } from './AccountMenu';
import { CityLine } from './CityLine';
import { DesktopMenu } from './DesktopMenu';
import styles from './Header.module.css';
import { Logo } from './Logo';
import { Marquee } from './Marquee';
import { MobileMenu } from './MobileMenu';
import { SearchBar } from './SearchBar';

export function Header({ data }: { data: RootData }) {
  const [searchOpen, setSearchOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const scroll = useHeaderScroll();
  // Spec §4: the active category follows the address, so it is computed by the menus rather than loaded with the shell.
  const { pathname } = useLocation();
  const gender = useMenuGender(pathname, data.genderCookie);
  const where = { version: data.menuVersion, pathname, gender: gender ?? undefined };
  // Server-rendered, then live from the basket store.
  const counts = useBasketCounts();
  const visitor = useVisitor();
  useBodyClass('header-hidden', scroll.hidden && !menuOpen && !searchOpen);
  useBodyClass('search-open', searchOpen);
  const bar = useRef<HTMLDivElement>(null);
  const menuFits = useMiddleMenuFits(bar);
  return (
    <>
      <Marquee messages={data.marquee} />
      <div className={styles.topBar}>
        <div className={`container ${styles.topInner}`}>
          <CityLine city={data.city} cities={data.cities} />
          <nav aria-label="Информация" className={styles.topLinks}>
            <ShopLink to="/stores/">Магазины</ShopLink>
            <ShopLink to="/info/dostavka-i-oplata/">Доставка и оплата</ShopLink>
            <ShopLink to="/info/bonusnaya-programma/">Бонусная программа</ShopLink>
            <ShopLink to="/contacts/">Задать вопрос</ShopLink>
          </nav>
        </div>
      </div>
      {/* Where the middle menu does not fit, the burger takes its place (spec §4). */}
      <header className={styles.header} data-menu-tight={menuFits ? undefined : true}>
        <div className={`container ${styles.bar}`} ref={bar}>
          <button
            type="button"
            data-menu-toggle
            className={`${styles.icon} ${styles.burger}`}
            aria-label="Открыть меню"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon size={22} aria-hidden />
          </button>
          <Logo />
          <DesktopMenu {...where} />
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.icon}
              aria-label={searchOpen ? 'Закрыть поиск' : 'Поиск'}
              aria-expanded={searchOpen}
              aria-controls="header-search"
              onClick={() => setSearchOpen((v) => !v)}
            >
              <Search size={21} aria-hidden />
            </button>
            <AccountMenu user={visitor?.user.auth ? visitor.user : null} />
            <ShopLink
              to="/lk/like/"
              className={`${styles.icon} ${styles.hideMobile}`}
              aria-label={`Отложенные товары: ${counts.delayCount}`}
              data-testid="wishlist-link"
            >
              <Heart size={21} aria-hidden />
              {counts.delayCount > 0 && (
                <span className={styles.badge} data-testid="wishlist-count">
                  {counts.delayCount}
                </span>
              )}
            </ShopLink>
            <ShopLink
              to="/basket/"
              className={styles.icon}
              aria-label={`Корзина: ${counts.availableCount}`}
              data-testid="cart-link"
            >
              <ShoppingBag size={21} aria-hidden />
              {counts.availableCount > 0 && (
                <span className={styles.badge} data-testid="cart-count">
                  {counts.availableCount}
                </span>
              )}
            </ShopLink>
          </div>
        </div>
        <SearchBar open={searchOpen} onClose={() => setSearchOpen(false)} />
      </header>
      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} where={where} city={data.city} />
    </>
  );
}
