import { describe, expect, it } from 'vitest';
import { adviseForProduct } from '../../domain/catalog/size/product-advice';
import { BRANDS } from './catalog-data';
import { buildCatalog } from './catalog';

describe('demo catalogue', () => {
  const catalog = buildCatalog({ seed: 20261121, products: 900 });

  it('is the same for the same seed and differs for another', () => {
    const again = buildCatalog({ seed: 20261121, products: 900 });
    expect(JSON.stringify(again.products)).toBe(JSON.stringify(catalog.products));
    expect(JSON.stringify(again.stock)).toBe(JSON.stringify(catalog.stock));
    const other = buildCatalog({ seed: 1, products: 900 });
    expect(JSON.stringify(other.products)).not.toBe(JSON.stringify(catalog.products));
  });

  it('has men’s and women’s sections three levels deep, with accessories', () => {
    expect(Math.max(...catalog.sections.map((s) => s.depth))).toBe(3);
    expect(catalog.sections.filter((s) => s.depth === 1).map((s) => s.name)).toEqual(['Женщинам', 'Мужчинам']);
    for (const name of ['Пуховики', 'Шапки', 'Шарфы', 'Перчатки'])
      expect(catalog.sections.some((s) => s.name === name)).toBe(true);
    expect(catalog.brands.length).toBeGreaterThanOrEqual(15);
    expect(catalog.brands.every((b) => b.text.length > 20)).toBe(true);
    expect(BRANDS.length).toBe(catalog.brands.length);
  });

  it('groups colour variants by model, each with its own url', () => {
    const byModel = new Map<number, string[]>();
    for (const p of catalog.products) byModel.set(p.modelId, [...(byModel.get(p.modelId) ?? []), p.colorCode]);
    expect([...byModel.values()].some((colors) => colors.length >= 3)).toBe(true);
    expect([...byModel.values()].every((colors) => new Set(colors).size === colors.length)).toBe(true);
    expect(new Set(catalog.products.map((p) => p.url)).size).toBe(catalog.products.length);
  });

  it('has 4–8 sizes per garment, prices 3 000–90 000 roubles and about a quarter discounted', () => {
    const offersOf = new Map<number, number>();
    for (const o of catalog.offers) offersOf.set(o.productId, (offersOf.get(o.productId) ?? 0) + 1);
    for (const p of catalog.products.filter((x) => !['hat', 'scarf', 'gloves'].includes(x.kind))) {
      expect(offersOf.get(p.id)).toBeGreaterThanOrEqual(4);
      expect(offersOf.get(p.id)).toBeLessThanOrEqual(8);
    }
    expect(catalog.offers.every((o) => o.price >= 300000 && o.price <= 9000000)).toBe(true);
    const share = catalog.products.filter((p) => p.oldPrice).length / catalog.products.length;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.35);
    expect(catalog.products.some((p) => p.isNew)).toBe(true);
  });

  it('has 3–5 images per product and photo-model props on garments', () => {
    const imagesOf = new Map<number, number>();
    for (const i of catalog.images) imagesOf.set(i.productId, (imagesOf.get(i.productId) ?? 0) + 1);
    expect(catalog.products.every((p) => (imagesOf.get(p.id) ?? 0) >= 3 && (imagesOf.get(p.id) ?? 0) <= 5)).toBe(true);
    const jacket = catalog.products.find((p) => p.kind === 'down-jacket');
    expect(jacket?.modelProps.map((m) => m.code)).toEqual([
      'RAZMER_IZDELIYA_NA_FOTOMODELI',
      'ROST_FOTOMODELI',
      'OBEMY_FOTOMODELI',
    ]);
    expect(Object.keys(jacket?.props ?? {})).toEqual(
      expect.arrayContaining(['material', 'insulation', 'length', 'season', 'hood']),
    );
  });

  it('dresses most photo models in their size, and some models run small or large', () => {
    const fits = catalog.products
      .filter((p) => p.modelProps.length)
      .map((p) => {
        const advice = adviseForProduct(
          { gender: p.gender === 'man' ? 'man' : 'woman', height: 170, chest: 84, waist: 64, hips: 92 },
          { category: p.category, modelProps: p.modelProps, sizes: [] },
        );
        return /маломерит/.test(advice.text) ? 'small' : /большемерит/.test(advice.text) ? 'large' : 'true';
      });
    const share = (kind: string) => fits.filter((f) => f === kind).length / fits.length;
    expect(share('true')).toBeGreaterThan(0.5);
    expect(share('small')).toBeGreaterThan(0.1);
    expect(share('large')).toBeGreaterThan(0.1);
  });

  it('has shops in several cities, online and movement stores, and every kind of stock', () => {
    expect(catalog.stores.filter((s) => s.type === 'shop').length).toBeGreaterThanOrEqual(20);
    expect(catalog.stores.some((s) => s.type === 'online')).toBe(true);
    expect(catalog.stores.some((s) => s.type === 'movement')).toBe(true);
    expect(catalog.cities.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Москва', 'Санкт-Петербург', 'Екатеринбург', 'Новосибирск', 'Казань']),
    );
    const typeOf = new Map(catalog.stores.map((s) => [s.id, s.type]));
    const kinds = new Map<number, Set<string>>();
    for (const row of catalog.stock)
      kinds.set(row.offerId, (kinds.get(row.offerId) ?? new Set()).add(typeOf.get(row.storeId) as string));
    const soldOut = catalog.offers.filter((o) => !kinds.has(o.id));
    expect(soldOut.length).toBeGreaterThan(0);
    expect([...kinds.values()].some((k) => k.size === 1 && k.has('shop'))).toBe(true);
    expect([...kinds.values()].some((k) => k.size === 1 && k.has('movement'))).toBe(true);
    expect([...kinds.values()].some((k) => k.has('online'))).toBe(true);
  });

  it('builds the menu for both genders, with entries that borrow their section’s name', () => {
    expect(catalog.menu.categories.filter((c) => c.sectionId !== null && c.name === null)).toHaveLength(2);
    expect(catalog.menu.items.some((i) => i.name === null && i.sectionId !== null)).toBe(true);
    expect(catalog.menu.banners.length).toBeGreaterThan(0);
  });

  it('scales to a large catalogue of the same shape', () => {
    const large = buildCatalog({ seed: 3, products: 20000 });
    expect(large.products).toHaveLength(20000);
    expect(large.sections).toHaveLength(catalog.sections.length);
  });
});
