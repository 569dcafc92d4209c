import { Hono } from 'hono';
import { type PublishedMenu, publishMenu } from '../../domain/menu/menu-version';
import type { MenuService } from '../../domain/menu/menu.service';

/** A version the menu had a moment ago: a page kept by the page cache or a CDN may still name it. */
const KEPT_VERSIONS = 8;

export const MENU_JSON_PATH = '/menu.json';
/** The answer of the version asked for: it never changes under its address. */
export const MENU_CACHE_FOREVER = 'public, max-age=31536000, immutable';
/**
 * The menu of now under a version this process does not know (another worker's, or one from before a restart): kept
 * by no one, so no cache holds a menu under a version that named another.
 */
export const MENU_CACHE_BRIEF = 'no-store';

/**
 * `GET /menu.json?v=…` (issue 46.3): the header's menu for the browser, apart from every page's hydration data, which
 * carried it a second time after the page's own links. The page names the version it was drawn with; this process
 * answers that very menu while it remembers it, kept for a year by browsers and CDNs, and otherwise the menu of now,
 * kept by no cache (the page's browser then redraws the menu from it).
 */
export function menuJsonRoutes(menus: MenuService) {
  const recent = new Map<string, PublishedMenu>();
  return new Hono().get(MENU_JSON_PATH, async (c) => {
    const now = publishMenu(await menus.menu());
    recent.delete(now.version);
    recent.set(now.version, now);
    if (recent.size > KEPT_VERSIONS) recent.delete(recent.keys().next().value as string);
    const asked = c.req.query('v');
    const kept = asked ? recent.get(asked) : undefined;
    return c.body(kept?.json ?? now.json, 200, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': kept ? MENU_CACHE_FOREVER : MENU_CACHE_BRIEF,
      'x-menu-version': (kept ?? now).version,
    });
  });
}
