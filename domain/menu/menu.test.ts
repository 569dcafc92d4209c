import { describe, expect, it } from 'vitest';
import { activeCategoryId, isMensPath, type RawMenu, resolveMenu, type SectionStat } from './menu';
import { createMenuService } from './menu.service';

const stats: SectionStat[] = [
  { id: 1, name: 'Женщинам', url: '/catalog/women/', minPrice: 300000, hasNew: true, count: 10 },
  { id: 2, name: 'Мужчинам', url: '/catalog/man/', minPrice: 450000, hasNew: false, count: 7 },
  { id: 3, name: 'Пуховики', url: '/catalog/women/puhoviki/', minPrice: 1299000, hasNew: true, count: 4 },
  { id: 4, name: 'Перчатки', url: '/catalog/women/perchatki/', minPrice: null, hasNew: false, count: 0 },
];
const styled = { bold: false, uline: false, color: null };
const raw: RawMenu = {
  categories: [
    { id: 10, name: null, url: null, sectionId: 1, visible: [], noMobile: false, size: null, sort: 10, ...styled },
    { id: 11, name: null, url: null, sectionId: 2, visible: [], noMobile: false, size: null, sort: 20, ...styled },
    {
      id: 12,
      name: 'Магазины',
      url: '/stores/',
      sectionId: null,
      visible: [],
      noMobile: false,
      size: null,
      sort: 30,
      ...styled,
    },
  ],
  blocks: [
    { id: 20, categoryId: 10, name: 'Одежда', url: '/catalog/women/', sectionId: null, sort: 10 },
    { id: 21, categoryId: 11, name: 'Бренды', url: '/brands/', sectionId: null, sort: 10 },
  ],
  columns: [
    { id: 30, blockId: 20, sort: 10 },
    { id: 31, blockId: 21, sort: 10 },
  ],
  items: [
    { id: 40, columnId: 30, name: null, url: null, sectionId: 3, offset: 0, sort: 10, ...styled },
    { id: 41, columnId: 30, name: null, url: null, sectionId: 4, offset: 0, sort: 20, ...styled },
    {
      id: 42,
      columnId: 30,
      name: 'С капюшоном',
      url: '/catalog/women/puhoviki/filter/hood-is-yes/apply/',
      sectionId: 3,
      offset: 0,
      sort: 5,
      ...styled,
    },
    { id: 43, columnId: 31, name: null, url: '/brands/x/', sectionId: null, offset: 0, sort: 10, ...styled },
    { id: 44, columnId: 31, name: 'Все бренды', url: '/brands/all/', sectionId: null, offset: 0, sort: 20, ...styled },
  ],
  banners: [],
};

describe('resolveMenu', () => {
  const menu = resolveMenu(raw, stats);

  it('takes missing names and urls from the linked section', () => {
    expect(menu.categories.map((c) => [c.name, c.url])).toEqual([
      ['Женщинам', '/catalog/women/'],
      ['Мужчинам', '/catalog/man/'],
      ['Магазины', '/stores/'],
    ]);
  });

  it('orders items, attaches minimum prices and new flags from their section', () => {
    const items = menu.categories[0]?.blocks[0]?.columns[0]?.items ?? [];
    expect(items.map((i) => [i.name, i.minPrice, i.hasNew])).toEqual([
      ['С капюшоном', 1299000, true],
      ['Пуховики', 1299000, true],
    ]);
  });

  it('hides items whose section is empty or whose name does not resolve', () => {
    const names = menu.categories.flatMap((c) =>
      c.blocks.flatMap((b) => b.columns.flatMap((col) => col.items.map((i) => i.name))),
    );
    expect(names).not.toContain('Перчатки');
    expect(names).toContain('Все бренды');
    expect(menu.categories[1]?.blocks[0]?.columns[0]?.items.map((i) => i.url)).toEqual(['/brands/all/']);
  });
});

describe('activeCategoryId', () => {
  const menu = resolveMenu(raw, stats);
  it('chooses the men’s category on men’s paths', () => {
    expect(activeCategoryId(menu, '/catalog/man/parki/', undefined)).toBe(11);
    expect(activeCategoryId(menu, '/brands/man/', undefined)).toBe(11);
    expect(activeCategoryId(menu, '/brands/nordvik/man/', undefined)).toBe(11);
  });
  it('matches single-segment paths to a category, block or item', () => {
    expect(activeCategoryId(menu, '/stores/', 'man')).toBe(12);
    expect(activeCategoryId(menu, '/brands/', undefined)).toBe(11);
  });
  it('falls back to the first category, or the second for the man gender cookie', () => {
    expect(activeCategoryId(menu, '/', undefined)).toBe(10);
    expect(activeCategoryId(menu, '/info/oferta/', undefined)).toBe(10);
    expect(activeCategoryId(menu, '/', 'man')).toBe(11);
    expect(activeCategoryId(menu, '/', 'woman')).toBe(10);
  });
  it('knows men’s paths by their segment, not by a substring', () => {
    expect(isMensPath('/catalog/man/')).toBe(true);
    expect(isMensPath('/catalog/mantle/')).toBe(false);
  });
});

describe('menu service', () => {
  it('loads once per time-to-live and shares a load in flight', async () => {
    let loads = 0;
    let clock = 0;
    const service = createMenuService(
      {
        loadMenu: async () => {
          loads++;
          return raw;
        },
        sectionStats: async () => stats,
      },
      { ttlMs: 1000, now: () => clock },
    );
    await Promise.all([service.menu(), service.menu()]);
    clock = 999;
    await service.menu();
    expect(loads).toBe(1);
    clock = 1001;
    await service.menu();
    expect(loads).toBe(2);
  });
  it('does not keep a failed load', async () => {
    let fail = true;
    const service = createMenuService({
      loadMenu: async () => {
        if (fail) throw new Error('db down');
        return raw;
      },
      sectionStats: async () => stats,
    });
    await expect(service.menu()).rejects.toThrow('db down');
    fail = false;
    await expect(service.menu()).resolves.toHaveProperty('categories');
  });
});
