import type { Menu } from './menu';

export interface PublishedMenu {
  menu: Menu;
  /** The menu as `/menu.json` answers it. */
  json: string;
  /** A short hash of `json`: the address's version, so the answer can be kept for a year. */
  version: string;
}

const published = new WeakMap<Menu, PublishedMenu>();

/**
 * The menu as the browser fetches it (issue 46.3): its JSON and the version naming it. The menu service keeps one
 * resolved menu a while, so this is worked out once per menu, not per page.
 */
export function publishMenu(menu: Menu): PublishedMenu {
  let entry = published.get(menu);
  if (!entry) {
    const json = JSON.stringify(menu);
    entry = { menu, json, version: fnv1a(json) };
    published.set(menu, entry);
  }
  return entry;
}

/** The menu's address with its version: `/menu.json?v=…`. */
export function menuJsonUrl(version: string): string {
  return `/menu.json?v=${version}`;
}

/** FNV-1a over the UTF-16 code units, 52 bits kept (exact in a double), as 13 hex digits. */
function fnv1a(text: string): string {
  // Two 32-bit halves of a 64-bit FNV-1a, as JavaScript's numbers cannot multiply 64-bit integers exactly.
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (let i = 0; i < text.length; i++) {
    h0 ^= text.charCodeAt(i);
    // Multiply by the 64-bit FNV prime 0x100000001b3 in 16-bit limbs.
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3;
    const t2 = h2 * 0x1b3 + (h0 << 8);
    const t3 = h3 * 0x1b3 + (h1 << 8);
    const c1 = t1 + (t0 >>> 16);
    const c2 = t2 + (c1 >>> 16);
    h0 = t0 & 0xffff;
    h1 = c1 & 0xffff;
    h2 = c2 & 0xffff;
    h3 = (t3 + (c2 >>> 16)) & 0xffff;
  }
  return ((h3 & 0xf) * 2 ** 48 + h2 * 2 ** 32 + h1 * 2 ** 16 + h0).toString(16).padStart(13, '0');
}
