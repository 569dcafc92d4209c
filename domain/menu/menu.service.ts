import { type CacheOptions, cachedFor } from '../cache';
import { SHELL } from '../cache-tags';
import { type Menu, type RawMenu, resolveMenu, type SectionStat } from './menu';

export interface MenuRepository {
  loadMenu(): Promise<RawMenu>;
  sectionStats(): Promise<SectionStat[]>;
}

export interface MenuService {
  menu(): Promise<Menu>;
}

/**
 * The menu changes only when the catalogue does, yet every page shows it: keep the resolved menu for `ttlMs`
 * and let one load serve all the requests that arrive while it runs.
 */
export function createMenuService(
  repo: MenuRepository,
  { ttlMs = 60_000, now = Date.now, invalidations }: CacheOptions = {},
): MenuService {
  const menu = cachedFor(
    () => Promise.all([repo.loadMenu(), repo.sectionStats()]).then(([raw, stats]) => resolveMenu(raw, stats)),
    // Section counts move with the catalogue; the minute's lag is fine for them, not for a menu edit.
    { ttlMs, now, dropOn: { invalidations, tags: [SHELL] } },
  );
  return { menu: menu.get };
}
