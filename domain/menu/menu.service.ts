import { cachedFor } from '../cache';
import { type Invalidations, SHELL } from '../cache-tags';
import { type Menu, type RawMenu, resolveMenu, type SectionStat } from './menu';

export interface MenuRepository {
  loadMenu(): Promise<RawMenu>;
  sectionStats(): Promise<SectionStat[]>;
}

export interface MenuService {
  menu(): Promise<Menu>;
  /** Forget the cached menu, e.g. after the catalogue changed. */
  invalidate(): void;
}

/**
 * The menu changes only when the catalogue does, yet every page shows it: keep the resolved menu for `ttlMs`
 * and let one load serve all the requests that arrive while it runs.
 */
export function createMenuService(
  repo: MenuRepository,
  {
    ttlMs = 60_000,
    now = Date.now,
    invalidations,
  }: { ttlMs?: number; now?: () => number; invalidations?: Invalidations } = {},
): MenuService {
  const menu = cachedFor(
    () => Promise.all([repo.loadMenu(), repo.sectionStats()]).then(([raw, stats]) => resolveMenu(raw, stats)),
    // Section counts move with the catalogue; the minute's lag is fine for them, not for a menu edit.
    { ttlMs, now, dropOn: { invalidations, tags: [SHELL] } },
  );
  return { menu: menu.get, invalidate: menu.clear };
}
