import { ChevronDown } from 'lucide-react';
import { Suspense } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { MenuBlockItems } from '~/components/shell/MenuBlockItems';
import { MobileMenuLinks } from '~/components/shell/MobileMenuLinks';
import menuStyles from '~/components/shell/MobileMenu.module.css';
import { ShopLink } from '~/components/ui/ShopLink';
import { useMenuGender } from '~/lib/gender';
import { type ActiveMenuWhere, useActiveMenu } from '~/lib/menu';
// The root's type only: importing the root module itself would split it into a chunk of its own.
import type { RootData } from '~/root';
import { cachePolicy } from '../../contract/cache-policy';
import styles from './menu.module.css';

/** The shell's menu (app/lib/menu.ts) is the page's data: the page needs no loader of its own. */
export const headers = cachePolicy('public');

export function meta() {
  // The catalogue's own page is /catalog/; this one is a way through it.
  return [{ title: `Меню — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex, follow' }];
}

/**
 * Spec §2 «a menu page»: the phone menu as a page, the bottom menu's «Каталог». The phone menu itself is a dialog
 * drawn at its first opening, so without JavaScript (or before it runs) this is the way to the whole menu. Every
 * category is on the page, the visitor's first; blocks open and close as `<details>`, which need no script.
 */
export default function MenuPage() {
  const { menuVersion, city, genderCookie } = useRouteLoaderData('root') as RootData;
  const { pathname } = useLocation();
  const gender = useMenuGender(pathname, genderCookie);
  return (
    <main id="main" className={`container ${styles.page}`}>
      <h1 className={styles.title}>Меню</h1>
      {/* Until the browser has the menu (a client navigation here fetches it once), the server's HTML stays. */}
      <Suspense fallback={null}>
        <MenuNav where={{ version: menuVersion, pathname, gender: gender ?? undefined }} city={city} />
      </Suspense>
    </main>
  );
}

function MenuNav({ where, city }: { where: ActiveMenuWhere; city: RootData['city'] }) {
  const { menu, activeCategoryId: activeId } = useActiveMenu(where);
  const categories = menu.categories
    .filter((c) => !c.noMobile)
    .sort((a, b) => Number(b.id === activeId) - Number(a.id === activeId));
  return (
    <nav aria-label="Меню каталога" className={menuStyles.menu}>
      {categories.map((category) => (
        <section key={category.id} aria-labelledby={`menu-category-${category.id}`}>
          <h2 id={`menu-category-${category.id}`} className={styles.category}>
            <ShopLink to={category.url}>{category.name}</ShopLink>
          </h2>
          {category.blocks.length > 0 && (
            <ul className={menuStyles.blocks}>
              {category.blocks.map((block) => (
                <li key={block.id} className={menuStyles.block}>
                  <details>
                    <summary className={menuStyles.blockToggle}>
                      <span>{block.name}</span>
                      <ChevronDown size={18} aria-hidden className={menuStyles.chevron} />
                    </summary>
                    <div className={menuStyles.panel}>
                      <MenuBlockItems block={block} />
                    </div>
                  </details>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <MobileMenuLinks city={city} />
    </nav>
  );
}
