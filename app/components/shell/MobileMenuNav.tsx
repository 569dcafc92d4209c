import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { ShopLink } from '~/components/ui/ShopLink';
import { type ActiveMenuWhere, useActiveMenu } from '~/lib/menu';
import type { RootData } from '~/root';
import { MenuBlockItems } from './MenuBlockItems';
import { MobileMenuLinks } from './MobileMenuLinks';
import styles from './MobileMenu.module.css';

interface Props {
  onClose: () => void;
  where: ActiveMenuWhere;
  city: RootData['city'];
}

/** The mobile menu's contents: category tabs, then blocks whose columns of items expand and collapse. */
export function MobileMenuNav({ onClose, where, city }: Props) {
  const { menu, activeCategoryId } = useActiveMenu(where);
  const categories = menu.categories.filter((c) => !c.noMobile);
  const [categoryId, setCategoryId] = useState(activeCategoryId ?? categories[0]?.id);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: closes after a followed link; links follow on Enter too, which clicks
    <nav
      aria-label="Меню каталога"
      className={styles.menu}
      onClick={(e) => (e.target as HTMLElement).closest('a') && onClose()}
    >
      <div className={styles.tabs} role="tablist" aria-label="Разделы">
        {categories.map((c) => (
          <button
            key={c.id}
            type="button"
            role="tab"
            aria-selected={c.id === categoryId}
            className={styles.tab}
            onClick={() => setCategoryId(c.id)}
          >
            {c.name}
          </button>
        ))}
      </div>
      {categories.map((category) => (
        <div key={category.id} role="tabpanel" hidden={category.id !== categoryId} aria-label={category.name}>
          <ul className={styles.blocks}>
            {category.blocks.map((block) => {
              const isOpen = expanded.has(block.id);
              const panelId = `mobile-block-${block.id}`;
              return (
                <li key={block.id} className={styles.block}>
                  <button
                    type="button"
                    className={styles.blockToggle}
                    aria-expanded={isOpen}
                    aria-controls={panelId}
                    onClick={() => toggle(block.id)}
                    data-testid="mobile-block"
                  >
                    <span>{block.name}</span>
                    <ChevronDown size={18} aria-hidden className={styles.chevron} />
                  </button>
                  <div id={panelId} hidden={!isOpen} className={styles.panel}>
                    <MenuBlockItems block={block} />
                  </div>
                </li>
              );
            })}
            {category.blocks.length === 0 && (
              <li className={styles.block}>
                <ShopLink to={category.url} className={styles.blockToggle}>
                  {category.name}
                </ShopLink>
              </li>
            )}
          </ul>
        </div>
      ))}
      <MobileMenuLinks city={city} />
    </nav>
  );
}
