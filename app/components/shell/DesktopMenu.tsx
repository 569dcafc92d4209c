import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { KeptMarkup } from '~/components/ui/KeptMarkup';
import { ShopLink } from '~/components/ui/ShopLink';
import { type ActiveMenuWhere, useActiveMenu } from '~/lib/menu';
import type { MenuBlock } from '../../../domain/menu/menu';
import styles from './DesktopMenu.module.css';
import { MenuPrice } from './MenuPrice';

/** Spec §4/§9: a hovered block becomes active after 20 ms; leaving the menu closes the dropdown. */
const HOVER_DELAY_MS = 20;
const WINDOW_MARGIN = 16;

/**
 * The header's menu: the active category's blocks and their dropdowns. In the browser it reads the menu from
 * /menu.json (app/lib/menu.ts); until that has come it stays the server's HTML, its links working as links.
 */
export function DesktopMenu(where: ActiveMenuWhere) {
  return (
    <Suspense fallback={null}>
      <MenuBar {...where} />
    </Suspense>
  );
}

function MenuBar(where: ActiveMenuWhere) {
  const { menu, activeCategoryId } = useActiveMenu(where);
  const active = menu.categories.find((c) => c.id === activeCategoryId) ?? menu.categories[0];
  const [openBlock, setOpenBlock] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const hover = (id: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpenBlock(id), HOVER_DELAY_MS);
  };
  const close = () => {
    clearTimeout(timer.current);
    setOpenBlock(null);
  };
  // The server renders the menu once per version and active category (nothing is open there).
  return (
    <KeptMarkup
      as="nav"
      markupKey={`desktop-menu ${where.version} ${active?.id}`}
      className={styles.nav}
      aria-label="Главное меню"
      onMouseLeave={close}
    >
      {() => (
        <>
          <ul className={styles.categories}>
            {menu.categories.map((c) => (
              <li key={c.id}>
                <ShopLink
                  to={c.url}
                  className={`${styles.category} ${c.id === active?.id ? styles.activeCategory : ''}`}
                  aria-current={c.id === active?.id ? 'true' : undefined}
                  style={c.color ? { color: c.color } : undefined}
                >
                  {c.name}
                </ShopLink>
              </li>
            ))}
          </ul>
          {active && active.blocks.length > 0 && (
            <ul className={styles.blocks}>
              {active.blocks.map((block) => (
                <li
                  key={block.id}
                  className={styles.blockItem}
                  onMouseEnter={() => hover(block.id)}
                  onFocus={() => setOpenBlock(block.id)}
                  onKeyDown={(e) => {
                    if (e.key === 'Escape') {
                      close();
                      (e.currentTarget.querySelector('a') as HTMLAnchorElement | null)?.focus();
                    }
                  }}
                >
                  <ShopLink
                    to={block.url}
                    className={styles.block}
                    aria-expanded={openBlock === block.id}
                    data-testid="menu-block"
                  >
                    {block.name}
                  </ShopLink>
                  <Dropdown block={block} open={openBlock === block.id} onNavigate={close} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </KeptMarkup>
  );
}

function Dropdown({ block, open, onNavigate }: { block: MenuBlock; open: boolean; onNavigate: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shift, setShift] = useState(0);
  // Shift the dropdown left so it stays inside the window.
  useLayoutEffect(() => {
    if (!open || !ref.current) return;
    const el = ref.current;
    el.style.transform = '';
    const overflow = el.getBoundingClientRect().right - (window.innerWidth - WINDOW_MARGIN);
    setShift(Math.max(overflow, 0));
  }, [open]);
  if (block.columns.length === 0 && block.banners.length === 0) return null;
  return (
    <div
      ref={ref}
      className={styles.dropdown}
      data-open={open || undefined}
      style={shift ? { transform: `translateX(-${Math.ceil(shift)}px)` } : undefined}
      data-testid="menu-dropdown"
    >
      {block.columns.map((column) => (
        <ul key={column.id} className={styles.column}>
          {column.items.map((item) => (
            <li key={item.id} style={item.offset ? { marginTop: item.offset } : undefined}>
              <ShopLink
                to={item.url}
                onClick={onNavigate}
                className={[styles.item, item.bold && styles.bold, item.uline && styles.uline]
                  .filter(Boolean)
                  .join(' ')}
                style={item.color ? { color: item.color } : undefined}
              >
                <span>{item.name}</span>
                {item.hasNew && <span className={styles.new}>new</span>}
                <MenuPrice kopecks={item.minPrice} className={styles.price} />
              </ShopLink>
            </li>
          ))}
        </ul>
      ))}
      {block.banners.map((banner) => (
        <ShopLink key={banner.id} to={banner.url} className={styles.banner} onClick={onNavigate}>
          <img src={banner.src} alt="" width={180} height={270} loading="lazy" />
          <span>{banner.name}</span>
        </ShopLink>
      ))}
    </div>
  );
}
