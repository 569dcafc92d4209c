/** The spec's menu (§3): rows may leave name and url empty and borrow them from their section. */

export interface SectionStat {
  id: number;
  name: string;
  url: string;
  /** Lowest price below the section, kopecks; null when it has no products. */
  minPrice: number | null;
  hasNew: boolean;
  count: number;
}

interface Linked {
  id: number;
  name: string | null;
  url: string | null;
  sectionId: number | null;
}
interface Styled {
  bold: boolean;
  uline: boolean;
  color: string | null;
}

export interface RawMenu {
  categories: (Linked & Styled & { visible: number[]; noMobile: boolean; size: string | null; sort: number })[];
  blocks: (Linked & { categoryId: number; sort: number })[];
  columns: { id: number; blockId: number; sort: number }[];
  items: (Linked & Styled & { columnId: number; offset: number; sort: number })[];
  banners: {
    id: number;
    blockId: number;
    name: string;
    url: string;
    src: string;
    sectionId: number | null;
    sort: number;
  }[];
}

export interface MenuItem extends Styled {
  id: number;
  name: string;
  url: string;
  minPrice: number | null;
  hasNew: boolean;
  offset: number;
}
export interface MenuColumn {
  id: number;
  items: MenuItem[];
}
export interface MenuBanner {
  id: number;
  name: string;
  url: string;
  src: string;
}
export interface MenuBlock {
  id: number;
  name: string;
  url: string;
  minPrice: number | null;
  columns: MenuColumn[];
  banners: MenuBanner[];
}
export interface MenuCategory extends Styled {
  id: number;
  name: string;
  url: string;
  visible: number[];
  noMobile: boolean;
  size: string | null;
  blocks: MenuBlock[];
}
export interface Menu {
  categories: MenuCategory[];
}

const bySort = <T extends { sort: number; id: number }>(a: T, b: T) => a.sort - b.sort || a.id - b.id;

/** Fills names and urls from sections, attaches prices and "new" flags, and drops what cannot be shown. */
export function resolveMenu(raw: RawMenu, stats: SectionStat[]): Menu {
  const sections = new Map(stats.map((s) => [s.id, s]));
  const link = (row: Linked) => {
    const section = row.sectionId == null ? undefined : sections.get(row.sectionId);
    return { section, name: row.name?.trim() || section?.name || '', url: row.url?.trim() || section?.url || '' };
  };
  const items = (columnId: number): MenuItem[] =>
    raw.items
      .filter((i) => i.columnId === columnId)
      .sort(bySort)
      .flatMap((row) => {
        const { section, name, url } = link(row);
        // Hidden when its section is empty (or unknown) or when no name or url resolves.
        if (!name || !url || (row.sectionId != null && !section?.count)) return [];
        return [
          {
            id: row.id,
            name,
            url,
            offset: row.offset,
            bold: row.bold,
            uline: row.uline,
            color: row.color,
            minPrice: section?.minPrice ?? null,
            hasNew: section?.hasNew ?? false,
          },
        ];
      });
  const blocks = (categoryId: number): MenuBlock[] =>
    raw.blocks
      .filter((b) => b.categoryId === categoryId)
      .sort(bySort)
      .flatMap((row) => {
        const { section, name, url } = link(row);
        if (!name || !url) return [];
        const columns = raw.columns
          .filter((c) => c.blockId === row.id)
          .sort(bySort)
          .map((c) => ({ id: c.id, items: items(c.id) }))
          .filter((c) => c.items.length > 0);
        const banners = raw.banners
          .filter((b) => b.blockId === row.id)
          .sort(bySort)
          .map(({ id, name, url, src }) => ({ id, name, url, src }));
        return [{ id: row.id, name, url, minPrice: section?.minPrice ?? null, columns, banners }];
      });
  const categories = raw.categories
    .slice()
    .sort(bySort)
    .flatMap((row) => {
      const { name, url } = link(row);
      if (!name || !url) return [];
      return [
        {
          id: row.id,
          name,
          url,
          visible: row.visible,
          noMobile: row.noMobile,
          size: row.size,
          bold: row.bold,
          uline: row.uline,
          color: row.color,
          blocks: blocks(row.id),
        },
      ];
    });
  return { categories };
}

const MEN_SEGMENT = 'man';
const WOMEN_SEGMENT = 'women';

/** Spec §3, §6: the `user_gender` cookie says `man` or `woman`; `man` selects the men's menu. */
export type GenderCookie = 'man' | 'woman';
export const GENDER_COOKIE = 'user_gender';

/** The gender a catalogue path belongs to, remembered in the cookie for the pages whose address does not decide. */
export function genderOfPath(pathname: string): GenderCookie | null {
  const segments = pathname.split('/');
  if (segments.includes(MEN_SEGMENT)) return 'man';
  return segments.includes(WOMEN_SEGMENT) ? 'woman' : null;
}

/** The profile keeps `M`/`F` (the profile call's values); the cookie carries the spec's. */
export function genderCookieOfProfile(gender: string): GenderCookie | '' {
  return gender === 'M' ? 'man' : gender === 'F' ? 'woman' : '';
}

/** A men's path has a `man` segment: /catalog/man/..., /brands/man/, /brands/{brand}/man/. */
export function isMensPath(pathname: string): boolean {
  return pathname.split('/').includes(MEN_SEGMENT);
}

/**
 * The active category (spec §4): men's paths choose the men's category; a single-segment path matches a
 * category, block or item by url; otherwise the first category, or the second when the gender cookie is `man`.
 */
export function activeCategoryId(menu: Menu, pathname: string, genderCookie: string | undefined): number | null {
  const { categories } = menu;
  if (categories.length === 0) return null;
  if (isMensPath(pathname)) {
    const mens = categories.find((c) => isMensPath(c.url));
    if (mens) return mens.id;
  }
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 1) {
    const path = `/${segments[0]}/`;
    const match = categories.find(
      (c) =>
        c.url === path ||
        c.blocks.some((b) => b.url === path || b.columns.some((col) => col.items.some((i) => i.url === path))),
    );
    if (match) return match.id;
  }
  const fallback = genderCookie === MEN_SEGMENT ? (categories[1] ?? categories[0]) : categories[0];
  return fallback?.id ?? null;
}
