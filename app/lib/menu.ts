import { createContext, use, useContext } from 'react';
import { menuJsonUrl } from '../../domain/menu/menu-version';
import { activeCategoryId, type Menu } from '../../domain/menu/menu';

/**
 * The header's menu, apart from the page's hydration data (issue 46.3: the data carried the 7.7 KiB menu a second
 * time after the page's own links). The server renders from the menu its root loader read (`entry.server.tsx` puts it
 * here); the browser fetches `/menu.json?v=…` by the version the page names, which the page's head preloads and
 * browsers and CDNs keep for a year. Until it has arrived, the parts that read it stay the server's HTML (they suspend
 * while hydrating, and React hydrates them when it comes).
 */
export const ServedMenuContext = createContext<Menu | null>(null);

const EMPTY: Menu = { categories: [] };
const RETRIES = 2;

type Tracked = Promise<Menu> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: Menu };
const loads = new Map<string, Tracked>();

async function fetchMenu(version: string): Promise<Menu> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(menuJsonUrl(version), { credentials: 'same-origin' });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return (await res.json()) as Menu;
    } catch (error) {
      if (attempt >= RETRIES) {
        // The page stays usable: its sections are in the page, and the bottom menu leads to /menu/.
        console.warn('Не удалось загрузить меню', error);
        return EMPTY;
      }
      await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
    }
  }
}

/** The menu of `version`, fetched once; marked fulfilled when it arrives, so `use` then reads it without suspending. */
export function loadMenu(version: string): Tracked {
  let load = loads.get(version);
  if (!load) {
    const tracked: Tracked = fetchMenu(version);
    tracked.status = 'pending';
    tracked.then((menu) => {
      tracked.status = 'fulfilled';
      tracked.value = menu;
    });
    loads.set(version, tracked);
    load = tracked;
  }
  return load;
}

/** The header's menu: the server's at render, the fetched one in the browser (suspends until it is there). */
export function useMenu(version: string): Menu {
  const served = useContext(ServedMenuContext);
  if (served) return served;
  if (typeof document === 'undefined') return EMPTY;
  return use<Menu>(loadMenu(version) as Promise<Menu>);
}

/** Which menu (its version) and where the visitor is: the address and the menu's gender pick the active category. */
export interface ActiveMenuWhere {
  version: string;
  pathname: string;
  gender: string | undefined;
}

/** The menu and its active category (spec §4: it follows the address). */
export function useActiveMenu({ version, pathname, gender }: ActiveMenuWhere) {
  const menu = useMenu(version);
  return { menu, activeCategoryId: activeCategoryId(menu, pathname, gender) };
}

// The page's head preloads the menu it was drawn with: ask for it as this module loads, before React hydrates.
if (typeof document !== 'undefined') {
  const preloaded = document.querySelector<HTMLLinkElement>('link[data-menu-version]')?.dataset.menuVersion;
  if (preloaded) loadMenu(preloaded);
}
