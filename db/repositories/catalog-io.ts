import { type SQL, sql } from 'drizzle-orm';
import type { ImportCounts, IoOffer, IoStore, OfferChange } from '../../domain/catalog/io/catalog-io';
import type { NewModel } from '../../domain/catalog/io/catalog-io-new';
import type {
  CatalogIoReads,
  CatalogIoWrites,
  LockedState,
  StoredPreview,
} from '../../domain/catalog/io/catalog-io.service';
import { type Db, queryRows, ts } from '../client';
import { STOCK_COUNT_LOCK } from './stock';
import { stockMoveSetting } from './stock-moves';

/** Held by an apply that creates products, from its check of the articles to its commit. */
const NEW_PRODUCTS_LOCK = 2_026_047;

const intArray = (values: Iterable<number>): SQL => sql`${`{${[...new Set(values)].join(',')}}`}::int[]`;
const json = (value: unknown): SQL => sql`${JSON.stringify(value)}::jsonb`;
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

interface OfferRow {
  id: number;
  product_id: number;
  code: string;
  article: string;
  name: string;
  color: string;
  size_name: string;
  onec_id: string | null;
  barcode: string | null;
  price: string | number;
  old_price: string | number | null;
  published: boolean;
  owned: boolean;
  /** `store:quantity` pairs joined by commas. */
  stock: string;
}

const offerOf = (r: OfferRow): IoOffer => {
  const stock: Record<number, number> = {};
  if (r.stock)
    for (const pair of r.stock.split(',')) {
      const [store, quantity] = pair.split(':');
      stock[Number(store)] = Number(quantity);
    }
  return {
    offerId: Number(r.id),
    productId: Number(r.product_id),
    productCode: r.code,
    article: r.article,
    name: r.name,
    color: r.color,
    size: r.size_name,
    onecId: r.onec_id,
    barcode: r.barcode,
    price: Number(r.price),
    oldPrice: r.old_price === null ? null : Number(r.old_price),
    published: r.published,
    ownedBy1C: r.owned,
    stock,
  };
};

/** The offers of the table, with their product, colour, 1C id and stock by store. */
const offersWhere = (db: Db, where: SQL, tail: SQL) =>
  queryRows<OfferRow>(
    db,
    sql`select o.id, o.product_id, p.code, p.article, p.name, coalesce(c.name, p.color_code) as color, o.size_name,
        x.onec_id, o.barcode, o.price, o.old_price, not p.unpublished as published, x.offer_id is not null as owned,
        coalesce((select string_agg(k.store_id || ':' || k.quantity, ',') from stock k where k.offer_id = o.id), '')
          as stock
      from offers o join products p on p.id = o.product_id
        left join colors c on c.code = p.color_code
        left join exchange_offers x on x.offer_id = o.id
      where ${where} ${tail}`,
  ).then((rows) => rows.map(offerOf));

/** Which of `articles` the shop's products have, lower-cased. */
async function articlesTaken(db: Db, articles: readonly string[]) {
  if (articles.length === 0) return [];
  const rows = await queryRows<{ a: string }>(
    db,
    sql`select distinct lower(p.article) as a from products p
      where lower(p.article) in (select lower(x) from jsonb_array_elements_text(${json(articles)}) as x)`,
  );
  return rows.map((r) => r.a);
}

/** Which of `barcodes` offers have, with the least offer id of each. */
async function barcodesTaken(db: Db, barcodes: readonly string[]) {
  if (barcodes.length === 0) return [];
  const rows = await queryRows<{ barcode: string; offer_id: number }>(
    db,
    sql`select barcode, min(id) as offer_id from offers
      where barcode in (select jsonb_array_elements_text(${json(barcodes)})) group by barcode`,
  );
  return rows.map((r) => ({ barcode: r.barcode, offerId: Number(r.offer_id) }));
}

/** A preview's kept changes: the offers' and, since new products came in, `{ offers, created }`. */
type Kept = OfferChange[] | { offers: OfferChange[]; created: NewModel[] };

export function catalogIoReads(db: Db): CatalogIoReads {
  return {
    async stores() {
      const rows = await queryRows<IoStore>(db, sql`select id, code, name from stores order by sort, id`);
      return rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name }));
    },
    offers: (after, limit) => offersWhere(db, sql`o.id > ${after}`, sql`order by o.id limit ${limit}`),
    offersByIds: (ids) =>
      ids.length === 0 ? Promise.resolve([]) : offersWhere(db, sql`o.id = any(${intArray(ids)})`, sql``),
    async savePreview(p: StoredPreview) {
      // Previews older than a day are of no use: each save clears them.
      await db.execute(sql`delete from catalog_imports where created_at < now() - interval '1 day'`);
      await db.execute(sql`insert into catalog_imports (token, staff_id, file_name, changes, counts)
        values (${p.token}, ${p.staffId}, ${p.fileName}, ${json({ offers: p.changes, created: p.created })},
          ${json(p.counts)})`);
    },
    async newProductRefs() {
      const [sections, brands, colours] = await Promise.all([
        queryRows<{ id: number; name: string }>(db, sql`select id, name from sections order by id`),
        queryRows<{ id: number; name: string }>(db, sql`select id, name from brands order by id`),
        queryRows<{ code: string; name: string }>(db, sql`select code, name from colors order by sort, name`),
      ]);
      return {
        sections: sections.map((r) => ({ id: Number(r.id), name: r.name })),
        brands: brands.map((r) => ({ id: Number(r.id), name: r.name })),
        colours,
      };
    },
    articlesTaken: (articles) => articlesTaken(db, articles),
    barcodesTaken: (barcodes) => barcodesTaken(db, barcodes),
  };
}

const key = (offerId: number, storeId: number) => `${offerId}:${storeId}`;

export function catalogIoWrites(db: Db): CatalogIoWrites {
  return {
    async claimPreview(token, staffId, since) {
      // One statement: of two applies of one token at once, the second waits for the first's row and finds it applied.
      const [row] = await queryRows<{
        file_name: string;
        changes: Kept | string;
        counts: ImportCounts | string;
      }>(
        db,
        sql`update catalog_imports set applied_at = now()
          where token = ${token} and staff_id = ${staffId} and applied_at is null and created_at >= ${ts(since)}
          returning file_name, changes, counts`,
      );
      if (!row) return null;
      const kept = parsed(row.changes);
      return {
        token,
        staffId,
        fileName: row.file_name,
        changes: Array.isArray(kept) ? kept : kept.offers,
        created: Array.isArray(kept) ? [] : kept.created,
        counts: parsed(row.counts),
      };
    },

    async lock(changes, staffId, newStock = false) {
      const offerIds = changes.map((c) => c.offerId);
      const productIds = changes.filter((c) => c.published).map((c) => c.productId);
      const state: LockedState = { prices: new Map(), published: new Map(), stock: new Map() };
      const cells = changes.flatMap((c) => c.stock.map((s) => ({ o: c.offerId, s: s.storeId })));
      // First, before any row: shared with orders taking stock, as a stock document takes it (the 1C import waits for
      // it alone), so the import queues where they do. The select also tells the stock triggers what the movements are.
      if (cells.length > 0 || newStock)
        await db.execute(
          sql`select pg_advisory_xact_lock_shared(${STOCK_COUNT_LOCK}), ${stockMoveSetting({
            kind: 'other',
            reason: 'Импорт каталога из файла',
            staffId,
          })}`,
        );
      if (productIds.length > 0) {
        const rows = await queryRows<{ id: number; unpublished: boolean }>(
          db,
          sql`select id, unpublished from products where id = any(${intArray(productIds)}) order by id for update`,
        );
        for (const r of rows) state.published.set(Number(r.id), !r.unpublished);
      }
      const offers = await queryRows<{ id: number; price: string | number; old_price: string | number | null }>(
        db,
        sql`select id, price, old_price from offers where id = any(${intArray(offerIds)}) order by id for update`,
      );
      for (const o of offers)
        state.prices.set(Number(o.id), {
          price: Number(o.price),
          oldPrice: o.old_price === null ? null : Number(o.old_price),
        });
      if (cells.length > 0) {
        const wanted = json(cells);
        await db.execute(sql`insert into stock (offer_id, store_id, quantity)
          select x.o, x.s, 0 from jsonb_to_recordset(${wanted}) as x(o int, s int) order by x.o, x.s
          on conflict (offer_id, store_id) do nothing`);
        const rows = await queryRows<{ offer_id: number; store_id: number; quantity: number }>(
          db,
          sql`select k.offer_id, k.store_id, k.quantity from stock k
            join jsonb_to_recordset(${wanted}) as x(o int, s int) on k.offer_id = x.o and k.store_id = x.s
            order by k.offer_id, k.store_id for update of k`,
        );
        for (const r of rows) state.stock.set(key(Number(r.offer_id), Number(r.store_id)), Number(r.quantity));
      }
      return state;
    },

    async apply(changes) {
      const prices = changes
        .filter((c) => c.price || c.oldPrice)
        .map((c) => ({
          id: c.offerId,
          // The side not changed is as the lock read it (the apply compared it).
          p: c.price?.after ?? null,
          op: c.oldPrice ? c.oldPrice.after : null,
          keep: c.oldPrice === undefined,
        }));
      if (prices.length > 0)
        await db.execute(sql`update offers o set price = coalesce(x.p, o.price),
            old_price = case when x.keep then o.old_price else x.op end
          from jsonb_to_recordset(${json(prices)}) as x(id int, p bigint, op bigint, keep boolean)
          where o.id = x.id`);
      const held = new Map<number, boolean>();
      for (const c of changes) if (c.published) held.set(c.productId, !c.published.after);
      if (held.size > 0)
        await db.execute(sql`update products p set unpublished = x.u
          from jsonb_to_recordset(${json([...held].map(([id, u]) => ({ id, u })))}) as x(id int, u boolean)
          where p.id = x.id`);
      const cells = changes.flatMap((c) => c.stock.map((s) => ({ o: c.offerId, s: s.storeId, q: s.after })));
      if (cells.length > 0)
        await db.execute(sql`update stock k set quantity = x.q
          from jsonb_to_recordset(${json(cells)}) as x(o int, s int, q int)
          where k.offer_id = x.o and k.store_id = x.s and k.quantity <> x.q`);
    },

    async articlesTaken(articles) {
      // Two applies making products at once: the second waits here for the first to commit, then its check sees the
      // first's articles (each statement reads what was committed before it), so a model is made once.
      await db.execute(sql`select pg_advisory_xact_lock(${NEW_PRODUCTS_LOCK})`);
      return articlesTaken(db, articles);
    },

    barcodesTaken: (barcodes) => barcodesTaken(db, barcodes),

    async recordAudit(entries) {
      if (entries.length === 0) return;
      const records = entries.map((e) => ({
        at: e.at.toISOString(),
        s: e.staffId,
        m: e.staffEmail,
        c: e.client,
        a: e.action,
        e: e.entity,
        i: e.entityId,
        x: e.changes,
      }));
      await db.execute(sql`insert into audit_log (at, staff_id, staff_email, client, action, entity, entity_id, changes)
        select x.at, x.s, x.m, x.c, x.a, x.e, x.i, x.x
        from jsonb_to_recordset(${json(records)}) as x(at timestamptz, s int, m text, c text, a text, e text, i text,
          x jsonb)`);
    },

    async insertNewStock(cells) {
      if (cells.length === 0) return;
      const records = cells.map((c) => ({ p: c.productId, z: c.size, s: c.storeId, q: c.quantity }));
      await db.execute(sql`insert into stock (offer_id, store_id, quantity)
        select o.id, x.s, x.q from jsonb_to_recordset(${json(records)}) as x(p int, z text, s int, q int)
          join offers o on o.product_id = x.p and o.size_name = x.z
        order by o.id, x.s`);
    },
  };
}
