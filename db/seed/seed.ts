import path from 'node:path';
import { getTableName, sql } from 'drizzle-orm';
import type { Catalog } from './catalog';
import type { Db } from '../client';
import * as t from '../schema';
import { insertMany } from './bulk-insert';
import { buildContent } from './content';
import { limitDesigns } from './design-pool';
import { designKey } from './images';

/** Enough distinct pictures for the demo catalogue; larger catalogues reuse them (and never draw more). */
const MAX_DESIGNS = 1600;

const CATALOG_TABLES = [
  t.landingPages,
  t.faqItems,
  t.contentPages,
  t.menuBanners,
  t.menuItems,
  t.menuColumns,
  t.menuBlocks,
  t.menuCategories,
  t.offerRestrictions,
  t.pickupPoints,
  t.stockDocumentLines,
  t.stockDocuments,
  t.stockMovements,
  t.stock,
  t.stores,
  t.cities,
  t.productImages,
  t.offers,
  t.products,
  t.colors,
  t.brands,
  t.sections,
];

/** VYUGA10: 10 %, no limits; WELCOME500: 500 ₽ off from 5 000 ₽, once per customer; ODIN: 15 %, one use in all. */
export const DEMO_PROMO_CODES = [
  { code: 'VYUGA10', percent: 10 },
  { code: 'WELCOME500', amount: 50_000, minBasket: 500_000, perCustomer: 1 },
  { code: 'ODIN', percent: 15, maxUses: 1 },
];

/** Tables whose triggers keep product_facets in step. */
const FACET_SOURCES = ['products', 'offers', 'stock'];

export interface SeedOptions {
  log?: (message: string) => void;
}

/**
 * Replaces the catalogue tables with `catalog`. Sessions, users and orders are left alone. The photos are only named
 * here (by their design key): the image route draws each on its first request (`server/images/demo-sources.ts`).
 */
export async function seedCatalog(db: Db, catalog: Catalog, options: SeedOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const files = new Map<number, string>();
  const pick = limitDesigns(
    catalog.images.map((i) => i.design),
    MAX_DESIGNS,
  );
  for (const image of catalog.images) files.set(image.id, `${designKey(pick(image.design))}.jpg`);
  const fileOf = (src: string) =>
    src.startsWith('image:') ? `/images/source/${files.get(Number(src.slice(6)))}` : src;

  await db.transaction(async (tx) => {
    await tx.execute(
      sql.raw(`truncate ${CATALOG_TABLES.map((x) => `"${getTableName(x)}"`).join(', ')} restart identity`),
    );
    // The facet triggers would recompute the same products for every chunk; one rebuild at the end is enough.
    for (const table of FACET_SOURCES) await tx.execute(sql.raw(`alter table "${table}" disable trigger user`));
    await insertMany(tx, t.sections, catalog.sections);
    await insertMany(tx, t.brands, catalog.brands);
    await insertMany(tx, t.colors, catalog.colors);
    await insertMany(tx, t.products, catalog.products);
    await insertMany(tx, t.offers, catalog.offers);
    await insertMany(
      tx,
      t.productImages,
      catalog.images.map((i) => ({
        id: i.id,
        productId: i.productId,
        sort: i.sort,
        file: path.basename(files.get(i.id) as string),
      })),
    );
    await insertMany(tx, t.cities, catalog.cities);
    await insertMany(tx, t.stores, catalog.stores);
    await insertMany(tx, t.stock, catalog.stock);
    await insertMany(tx, t.offerRestrictions, catalog.restrictions);
    await insertMany(tx, t.pickupPoints, catalog.pickupPoints);
    await insertMany(tx, t.menuCategories, catalog.menu.categories);
    await insertMany(tx, t.menuBlocks, catalog.menu.blocks);
    await insertMany(tx, t.menuColumns, catalog.menu.columns);
    await insertMany(tx, t.menuItems, catalog.menu.items);
    await insertMany(
      tx,
      t.menuBanners,
      catalog.menu.banners.map((b) => ({ ...b, src: fileOf(b.src) })),
    );
    const content = buildContent(catalog);
    await insertMany(tx, t.contentPages, content.pages);
    await insertMany(tx, t.faqItems, content.faq);
    await insertMany(
      tx,
      t.landingPages,
      content.landings.map((l) => ({ ...l, hero: files.get(Number(l.hero.slice('image:'.length))) as string })),
    );
    // The demo promo codes the README lists; a code already there (and its uses) is kept.
    await tx
      .insert(t.promoCodes)
      .values(DEMO_PROMO_CODES.map((p) => ({ ...p })))
      .onConflictDoNothing();
    await tx.execute(sql`select rebuild_product_facets()`);
    for (const table of FACET_SOURCES) await tx.execute(sql.raw(`alter table "${table}" enable trigger user`));
    // The triggers were off for the load: the stock's history starts with one opening movement per row.
    await tx.execute(sql`insert into stock_movements (offer_id, store_id, delta, quantity, kind, reason, xact)
      select offer_id, store_id, quantity, quantity, 'import', 'Начальные остатки демо-каталога', txid_current()
      from stock where quantity <> 0`);
    // Rows came with fixed ids: move each sequence past them so later inserts do not collide.
    for (const table of CATALOG_TABLES) {
      const name = getTableName(table);
      if (name === 'stock' || name === 'colors' || name === 'offer_restrictions') continue;
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('"${name}"', 'id'), coalesce((select max(id) from "${name}"), 0) + 1, false)`,
        ),
      );
    }
  });
  await db.execute(sql`analyze`);
  log(
    `каталог: ${catalog.products.length} товаров, ${catalog.offers.length} предложений, ${catalog.stores.length} складов и магазинов`,
  );
}
