import { type SQL, sql } from 'drizzle-orm';
import {
  addCounts,
  type CatalogueBatch,
  type CatalogueStore,
  emptyCounts,
  type FileScope,
  type ImportLog,
} from '../../domain/exchange/catalogue-import';
import {
  genderOf,
  kindOf,
  normalName,
  ONE_SIZE,
  offerPrice,
  type OfferInput,
  type PriceRole,
  type PropertyMapping,
  sizeSort,
  slug,
} from '../../domain/exchange/catalogue-mapping';
import type { ImportCounts, ImportIssue } from '../../domain/exchange/ports';
import { type Db, queryRows, ts } from '../client';
import { STOCK_COUNT_LOCK } from './stock';
import { stockMoveSetting } from './stock-moves';
import { onSaleSql } from './on-sale';
import { variantPriceCtes } from './variant-prices';

/** One import writes at a time: two 1C sessions at once would race for the same new sections, brands and variants. */
const IMPORT_LOCK = 2_026_026;
/** The colour of an offer 1C gives none for. */
const OTHER_COLOR = { code: 'other', name: 'Другой', hex: '#b9b4ad' };
const NO_BRAND = 'Без бренда';
const MAX_ERRORS = 500;

const json = (value: unknown): SQL => sql`${JSON.stringify(value)}::jsonb`;
/** The texts of a list as a set for `in (…)`. */
const textSet = (values: Iterable<string>): SQL =>
  sql`(select jsonb_array_elements_text(${json([...new Set(values)])}))`;
const intArray = (values: Iterable<number>): SQL => sql`${`{${[...new Set(values)].join(',')}}`}::int[]`;
/** The last of each key: a file naming the same `Ид` twice must not make one upsert touch a row twice. */
const lastBy = <T>(items: T[], key: (item: T) => string): T[] => [...new Map(items.map((i) => [key(i), i])).values()];

interface LogRow {
  id: number;
  status: ImportLog['status'];
  position: number;
  scope: FileScope | string;
  counts: ImportCounts | string;
  errors: ImportIssue[] | string;
}

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const logOf = (r: LogRow): ImportLog => ({
  id: Number(r.id),
  status: r.status,
  position: Number(r.position),
  scope: parsed(r.scope),
  counts: parsed(r.counts),
  errors: parsed(r.errors),
});

type Tx = Pick<Db, 'execute'>;

/** The catalogue import's writes (domain/exchange/catalogue-import.ts) on the shop's tables. */
export function exchangeCatalogueStore(db: Db, clock: () => Date): CatalogueStore {
  return {
    async openLog(request, now) {
      const [found] = await queryRows<LogRow>(
        db,
        sql`select id, status, position, scope, counts, errors from exchange_log
          where session_key = ${request.sessionKey} and file_name = ${request.fileName} and type <> 'sale'
          order by id desc limit 1`,
      );
      if (found && found.status !== 'failure') return logOf(found);
      const scope: FileScope = { parts: [], changesOnly: false, sawStock: false, validated: false, catalogueId: '' };
      const [made] = await queryRows<LogRow>(
        db,
        sql`insert into exchange_log (session_key, staff_id, type, file_name, started_at, status, scope, counts)
          values (${request.sessionKey}, ${request.staffId}, ${request.type ?? 'catalog'}, ${request.fileName},
            ${ts(now)}, 'progress', ${json(scope)}, ${json(emptyCounts())})
          returning id, status, position, scope, counts, errors`,
      );
      return logOf(made as LogRow);
    },

    async mappings() {
      const properties = await queryRows<{ onec_id: string; target: string | null; values: unknown }>(
        db,
        sql`select onec_id, target, values from exchange_properties`,
      );
      const types = await queryRows<{ onec_id: string; role: PriceRole | null }>(
        db,
        sql`select onec_id, role from exchange_price_types`,
      );
      return {
        properties: new Map(
          properties.map((p) => [
            p.onec_id,
            { target: p.target, values: parsed(p.values as Record<string, string>) } as PropertyMapping,
          ]),
        ),
        priceRoles: new Map(types.map((t) => [t.onec_id, t.role])),
      };
    },

    writeBatch(logId, batch, log) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
        const counts = emptyCounts();
        const errors: ImportIssue[] = [];
        await writeGroups(tx, batch.groups, counts, errors);
        await writeProperties(tx, batch.properties);
        await writePriceTypes(tx, batch.priceTypes);
        await writeWarehouses(tx, batch.warehouses);
        const joined = await writeProducts(tx, logId, log.scope.catalogueId, batch.products, counts, errors);
        // The file's own mention of an offer is newer than one that waited for its product.
        await writeOffers(tx, logId, [...joined, ...batch.offers], counts, errors, clock());
        const total = addCounts(structuredClone(log.counts), counts);
        total.records = log.position;
        await tx.execute(sql`update exchange_log set position = ${log.position}, scope = ${json(log.scope)},
          counts = ${json(total)}, errors = ${json([...log.errors, ...errors].slice(0, MAX_ERRORS))}
          where id = ${logId}`);
        return { counts, errors };
      });
    },

    async startPackage(sessionKey) {
      await db.execute(sql`update exchange_log set session_key = session_key || '#' || id
        where session_key = ${sessionKey} and type <> 'sale'`);
    },

    finishPackage(sessionKey) {
      return db.transaction(async (tx) => {
        // The zeroing below is the 1C import's stock movement (migration 0029).
        await tx.execute(
          sql`select pg_advisory_xact_lock(${IMPORT_LOCK}), ${stockMoveSetting({ kind: 'import', reason: 'Обмен с 1С' })}`,
        );
        const counts = emptyCounts();
        // Each file's latest try: one that failed and was sent again counts as the retry went.
        const logs = await queryRows<{ id: number; status: string; scope: FileScope | string }>(
          tx,
          sql`select distinct on (file_name) id, status, scope from exchange_log
            where session_key = ${sessionKey} and type <> 'sale' order by file_name, id desc`,
        );
        // A file not finished yet would have its products and stock taken for gone.
        if (logs.length === 0 || logs.some((l) => l.status !== 'success')) return null;
        const full = logs.map((l) => parsed(l.scope)).filter((s) => !s.changesOnly);
        // Written by this session or any later one (a rerun, another 1C node) counts as mentioned.
        const since = Math.min(...logs.map((l) => Number(l.id)));
        const catalogues = (part: FileScope['parts'][number]) =>
          textSet(
            full
              .filter((s) => s.parts.includes(part) && (part !== 'offers' || s.sawStock))
              .map((s) => s.catalogueId ?? ''),
          );
        if (full.some((s) => s.parts.includes('catalogue'))) {
          const hidden = await queryRows<{ onec_id: string }>(
            tx,
            sql`with gone as (
                update exchange_products set deleted = true
                where not deleted and catalogue_id in ${catalogues('catalogue')}
                  and (seen_log is null or seen_log < ${since}) returning onec_id),
              hide as (update products p set active = false from exchange_variants v
                where v.onec_product_id in (select onec_id from gone) and p.id = v.product_id and p.active)
              select onec_id from gone`,
          );
          counts.products.removed += hidden.length;
        }
        if (full.some((s) => s.parts.includes('offers') && s.sawStock)) {
          const zeroed = await queryRows<{ offer_id: number }>(
            tx,
            sql`update stock k set quantity = 0
              from exchange_offers x join offers o on o.id = x.offer_id
                join exchange_variants v on v.product_id = o.product_id
                join exchange_products e on e.onec_id = v.onec_product_id
              where k.offer_id = x.offer_id and k.quantity > 0 and e.catalogue_id in ${catalogues('offers')}
                and (x.stock_seen_log is null or x.stock_seen_log < ${since})
              returning k.offer_id`,
          );
          counts.stock.removed += zeroed.length;
        }
        return counts;
      });
    },

    async closeLog(logId, log, now) {
      await db.execute(sql`update exchange_log set status = ${log.status}, finished_at = ${ts(now)},
        position = ${log.position}, scope = ${json(log.scope)}, counts = ${json(log.counts)},
        errors = ${json(log.errors.slice(0, MAX_ERRORS))} where id = ${logId}`);
    },
  };
}

async function nextIds(tx: Tx, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count})`,
  );
  return rows.map((r) => Number(r.id));
}

interface SectionRow {
  id: number;
  url: string;
  depth: number;
  path: number[] | string;
  gender: string | null;
}

const pathOf = (p: number[] | string): number[] =>
  typeof p === 'string' ? p.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number) : p.map(Number);

/**
 * Groups → sections: a group seen before keeps the section it points at (the back office may re-point it); a new one
 * adopts the section of its name under its parent's, or gets a new one. A group marked deleted leaves its section be:
 * products may still be in it.
 */
async function writeGroups(tx: Tx, groups: CatalogueBatch['groups'], counts: ImportCounts, errors: ImportIssue[]) {
  for (const group of groups) {
    if (group.deleted) continue;
    const [mapped] = await queryRows<{ section_id: number }>(
      tx,
      sql`update exchange_sections set name = ${group.name} where onec_id = ${group.id} returning section_id`,
    );
    if (mapped) continue;
    let parent: SectionRow | null = null;
    if (group.parentId) {
      [parent = null] = await queryRows<SectionRow>(
        tx,
        sql`select s.id, s.url, s.depth, s.path, s.gender from exchange_sections x join sections s on s.id = x.section_id
          where x.onec_id = ${group.parentId}`,
      );
      if (!parent) {
        errors.push({ id: group.id, message: `Родительская группа ${group.parentId} не загружена: группа пропущена.` });
        continue;
      }
    }
    const [same] = await queryRows<{ id: number }>(
      tx,
      sql`select id from sections where coalesce(parent_id, 0) = ${parent?.id ?? 0}
        and lower(name) = lower(${group.name}) order by id limit 1`,
    );
    let sectionId = same ? Number(same.id) : 0;
    if (!same) {
      const code = slug(group.name, 'razdel');
      const base = parent?.url ?? '/catalog/';
      const taken = new Set(
        (await queryRows<{ url: string }>(tx, sql`select url from sections where url like ${`${base}${code}%`}`)).map(
          (r) => r.url,
        ),
      );
      let url = `${base}${code}/`;
      for (let n = 2; taken.has(url); n++) url = `${base}${code}-${n}/`;
      [sectionId = 0] = await nextIds(tx, 'sections', 1);
      const path = [...(parent ? pathOf(parent.path) : []), sectionId];
      await tx.execute(sql`insert into sections (id, parent_id, code, name, url, sort, depth, path, gender)
        values (${sectionId}, ${parent?.id ?? null}, ${url.slice(base.length, -1)}, ${group.name}, ${url}, 500,
          ${(parent?.depth ?? 0) + 1}, ${intArray(path)}, ${parent ? parent.gender : genderOf(group.name)})`);
      counts.sections.created++;
    }
    await tx.execute(sql`insert into exchange_sections (onec_id, name, section_id)
      values (${group.id}, ${group.name}, ${sectionId})`);
  }
}

async function writeProperties(tx: Tx, properties: CatalogueBatch['properties']) {
  if (properties.length === 0) return;
  const rows = lastBy(properties, (p) => p.onecId).map((p) => ({
    onec_id: p.onecId,
    name: p.name,
    target: p.mapping.target,
    values: p.mapping.values,
  }));
  await tx.execute(sql`insert into exchange_properties as e (onec_id, name, target, values)
    select onec_id, name, target, values from jsonb_to_recordset(${json(rows)})
      as x(onec_id text, name text, target text, values jsonb)
    on conflict (onec_id) do update set name = excluded.name, target = excluded.target,
      values = e.values || excluded.values`);
}

async function writePriceTypes(tx: Tx, types: CatalogueBatch['priceTypes']) {
  if (types.length === 0) return;
  const rows = lastBy(types, (t) => t.onecId).map((t) => ({ onec_id: t.onecId, name: t.name, role: t.role }));
  // A type seen before keeps its role: the back office may have set it.
  await tx.execute(sql`insert into exchange_price_types (onec_id, name, role)
    select onec_id, name, role from jsonb_to_recordset(${json(rows)}) as x(onec_id text, name text, role text)
    on conflict (onec_id) do update set name = excluded.name`);
}

async function writeWarehouses(tx: Tx, warehouses: CatalogueBatch['warehouses']) {
  if (warehouses.length === 0) return;
  const rows = lastBy(warehouses, (w) => w.id).map((w) => ({ onec_id: w.id, name: w.name }));
  // A new warehouse gives the stock of the store of its `Ид` as code, or of its name; else none until mapped.
  await tx.execute(sql`insert into exchange_warehouses (onec_id, name, store_id)
    select x.onec_id, x.name, (select s.id from stores s where s.code = x.onec_id or lower(s.name) = lower(x.name)
        order by (s.code = x.onec_id) desc, s.id limit 1)
    from jsonb_to_recordset(${json(rows)}) as x(onec_id text, name text)
    on conflict (onec_id) do update set name = excluded.name`);
}

/** Brand ids by lower-case name, made when new. */
async function brandIds(tx: Tx, names: string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(names.map((n) => n.toLowerCase()))];
  const found = await queryRows<{ id: number; key: string }>(
    tx,
    sql`select id, lower(name) as key from brands where lower(name) in ${textSet(wanted)}`,
  );
  const ids = new Map(found.map((r) => [r.key, Number(r.id)]));
  for (const name of names) {
    if (ids.has(name.toLowerCase())) continue;
    const [id = 0] = await nextIds(tx, 'brands', 1);
    await tx.execute(sql`insert into brands (id, code, name, text)
      values (${id}, ${`${slug(name, 'brand')}-${id}`}, ${name}, '')`);
    ids.set(name.toLowerCase(), id);
  }
  return ids;
}

/** A colour's name as `normalName` has it, in SQL: lower case, `ё` as `е`, single spaces. */
const NORMAL_COLOR_NAME = sql`btrim(regexp_replace(replace(lower(name), 'ё', 'е'), '[ \t\n\r\f\v\u00a0]+', ' ', 'g'))`;

/** Colour codes by normal name (`normalName`: «Черный» finds «Чёрный») or by code, made when new. */
async function colorCodes(tx: Tx, names: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(names.map(normalName))];
  const codes = new Map<string, string>();
  if (wanted.length === 0) return codes;
  const found = await queryRows<{ code: string; key: string }>(
    tx,
    sql`select code, ${NORMAL_COLOR_NAME} as key from colors
      where ${NORMAL_COLOR_NAME} in ${textSet(wanted)} or code in ${textSet(wanted)}`,
  );
  for (const r of found) codes.set(r.key, r.code);
  for (const r of found) if (!codes.has(r.code)) codes.set(r.code, r.code);
  for (const name of names) {
    const key = normalName(name);
    if (codes.has(key)) continue;
    const base = key === normalName(OTHER_COLOR.name) ? OTHER_COLOR.code : slug(name, 'color');
    // A code another colour has already is never taken over: the next free one is.
    for (let n = 1; !codes.has(key); n++) {
      const code = n === 1 ? base : `${base}-${n}`;
      const [made] = await queryRows<{ code: string }>(
        tx,
        sql`insert into colors (code, name, hex, sort)
          values (${code}, ${name.trim()}, ${OTHER_COLOR.hex}, (select coalesce(max(sort), 0) + 10 from colors))
          on conflict (code) do nothing returning code`,
      );
      if (made) codes.set(key, made.code);
    }
  }
  return codes;
}

interface ExchangeProductRow {
  onec_id: string;
  name: string;
  article: string;
  description: string;
  section_id: number;
  brand_id: number;
  color_code: string | null;
  props: Record<string, string> | string;
  images: string[] | string;
  deleted: boolean;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
const sorted = (v: unknown): unknown =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
    : v;
const textArray = (v: string[] | string): string[] =>
  typeof v === 'string'
    ? v
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean)
        .map((s) => s.replace(/^"|"$/g, ''))
    : v;

/**
 * 1C products: their rows here, copied onto their colour variants (only where something differs, so an identical
 * package changes nothing and drops no cached page). Answers the offers that were waiting for these products.
 */
async function writeProducts(
  tx: Tx,
  logId: number,
  catalogueId: string,
  products: CatalogueBatch['products'],
  counts: ImportCounts,
  errors: ImportIssue[],
): Promise<OfferInput[]> {
  if (products.length === 0) return [];
  const groupIds = products.flatMap((p) => (p.groupId ? [p.groupId] : []));
  const sections = new Map(
    (
      await queryRows<{ onec_id: string; section_id: number }>(
        tx,
        sql`select onec_id, section_id from exchange_sections where onec_id in ${textSet(groupIds)}`,
      )
    ).map((r) => [r.onec_id, Number(r.section_id)]),
  );
  const ready = products.filter((p) => {
    if (p.groupId && sections.has(p.groupId)) return true;
    errors.push({
      id: p.onecId,
      message: p.groupId
        ? `Группа ${p.groupId} не загружена: товар пропущен.`
        : 'У товара нет группы каталога: товар пропущен.',
    });
    return false;
  });
  if (ready.length === 0) return [];
  const brands = await brandIds(
    tx,
    ready.map((p) => p.brandName ?? NO_BRAND),
  );
  const colors = await colorCodes(
    tx,
    ready.flatMap((p) => (p.colorName ? [p.colorName] : [])),
  );
  const rows = lastBy(ready, (p) => p.onecId).map((p) => ({
    onec_id: p.onecId,
    name: p.name,
    article: p.article,
    description: p.description,
    section_id: sections.get(p.groupId as string) as number,
    brand_id: brands.get((p.brandName ?? NO_BRAND).toLowerCase()) as number,
    color_code: p.colorName ? (colors.get(normalName(p.colorName)) ?? null) : null,
    props: p.props,
    catalogue_id: catalogueId,
    images: p.images,
    deleted: p.deleted,
  }));
  const before = new Map(
    (
      await queryRows<ExchangeProductRow>(
        tx,
        sql`select onec_id, name, article, description, section_id, brand_id, color_code, props, images, deleted
          from exchange_products where onec_id in ${textSet(rows.map((r) => r.onec_id))}`,
      )
    ).map((r) => [r.onec_id, r]),
  );
  for (const r of rows) {
    const old = before.get(r.onec_id);
    if (!old) counts.products.created++;
    else if (
      old.name !== r.name ||
      old.article !== r.article ||
      old.description !== r.description ||
      Number(old.section_id) !== r.section_id ||
      Number(old.brand_id) !== r.brand_id ||
      old.color_code !== r.color_code ||
      !sameJson(parsed(old.props), r.props) ||
      !sameJson(textArray(old.images), r.images) ||
      old.deleted !== r.deleted
    )
      counts.products.changed++;
  }
  await tx.execute(sql`insert into exchange_products as e
      (onec_id, name, article, description, section_id, brand_id, color_code, props, catalogue_id, images, deleted,
        seen_log)
    select onec_id, name, article, description, section_id, brand_id, color_code, props, catalogue_id, images, deleted,
      ${logId}
    from jsonb_to_recordset(${json(rows)}) as x(onec_id text, name text, article text, description text,
      section_id int, brand_id int, color_code text, props jsonb, catalogue_id text, images text[], deleted boolean)
    on conflict (onec_id) do update set name = excluded.name, article = excluded.article,
      description = excluded.description, section_id = excluded.section_id, brand_id = excluded.brand_id,
      color_code = excluded.color_code, props = excluded.props, catalogue_id = excluded.catalogue_id,
      images = excluded.images, deleted = excluded.deleted, seen_log = excluded.seen_log`);
  const ids = textSet(rows.map((r) => r.onec_id));
  await copyToVariants(tx, sql`v.onec_product_id in ${ids}`);
  const photos = await queryRows<{ product_id: number }>(tx, replacePhotos(sql`v.onec_product_id in ${ids}`));
  counts.images.changed += new Set(photos.map((p) => p.product_id)).size;
  const joined = await queryRows<{ record: OfferInput | string }>(
    tx,
    sql`delete from exchange_pending_offers where onec_product_id in ${ids} returning record`,
  );
  return joined.map((r) => parsed(r.record));
}

/**
 * The 1C product's fields onto its variants where they differ; a variant is live when not deleted, priced and not
 * unpublished by the staff (a publish state 1C does not know, so an exchange never undoes it).
 */
async function copyToVariants(tx: Tx, where: SQL) {
  const live = onSaleSql({
    deletedBy1C: sql`e.deleted`,
    priced: sql`p.min_price > 0`,
    unpublished: sql`p.unpublished`,
  });
  await tx.execute(sql`update products p set name = e.name, article = e.article, description = e.description,
      section_id = e.section_id, section_path = s.path, brand_id = e.brand_id, props = e.props, gender = s.gender,
      category = lower(s.name), active = ${live}
    from exchange_variants v join exchange_products e on e.onec_id = v.onec_product_id
      join sections s on s.id = e.section_id
    where p.id = v.product_id and ${where}
      and (p.name, p.article, p.description, p.section_id, p.section_path, p.brand_id, p.props, p.gender, p.category, p.active)
        is distinct from
        (e.name, e.article, e.description, e.section_id, s.path, e.brand_id, e.props, s.gender, lower(s.name), ${live})`);
}

/** The variants' photos replaced by the 1C product's when the lists differ (a product 1C sends no photo for keeps its). */
const replacePhotos = (where: SQL): SQL => sql`with target as (
    select v.product_id, e.images from exchange_variants v join exchange_products e on e.onec_id = v.onec_product_id
    where ${where} and cardinality(e.images) > 0 and e.images is distinct from coalesce(
      (select array_agg(i.file order by i.sort, i.id) from product_images i where i.product_id = v.product_id), '{}')),
  gone as (delete from product_images i using target t where i.product_id = t.product_id)
  insert into product_images (product_id, file, sort)
  select t.product_id, f.file, f.n - 1 from target t, unnest(t.images) with ordinality as f(file, n)
  returning product_id`;

interface KnownProduct {
  onec_id: string;
  model_id: number | null;
  color_code: string | null;
  name: string;
  article: string;
  section_name: string;
}

/**
 * Offers: each to its product's variant of its colour (made when new) and its size; prices by role; stock by the
 * warehouses' stores. Offers of products not known yet wait in `exchange_pending_offers`.
 */
async function writeOffers(
  tx: Tx,
  logId: number,
  offers: OfferInput[],
  counts: ImportCounts,
  errors: ImportIssue[],
  now: Date,
) {
  if (offers.length === 0) return;
  const known = new Map(
    (
      await queryRows<KnownProduct>(
        tx,
        sql`select e.onec_id, e.model_id, e.color_code, e.name, e.article, s.name as section_name
          from exchange_products e join sections s on s.id = e.section_id
          where e.onec_id in ${textSet(offers.map((o) => o.onecProductId))}`,
      )
    ).map((r) => [r.onec_id, r]),
  );
  const waiting = offers.filter((o) => !known.has(o.onecProductId));
  if (waiting.length > 0) {
    const rows = lastBy(waiting, (o) => o.onecId).map((o) => ({
      onec_id: o.onecId,
      onec_product_id: o.onecProductId,
      record: o,
    }));
    await tx.execute(sql`insert into exchange_pending_offers (onec_id, onec_product_id, record, received_at)
      select onec_id, onec_product_id, record, ${ts(now)}
      from jsonb_to_recordset(${json(rows)}) as x(onec_id text, onec_product_id text, record jsonb)
      on conflict (onec_id) do update set onec_product_id = excluded.onec_product_id, record = excluded.record`);
  }
  // The last mention of an offer in a batch wins.
  const ready = lastBy(
    offers.filter((o) => known.has(o.onecProductId)),
    (o) => o.onecId,
  );
  if (ready.length === 0) return;
  const existing = new Map(
    (
      await queryRows<{
        onec_id: string;
        offer_id: number;
        product_id: number;
        color_code: string | null;
        size_name: string;
        size_sort: number;
        price: number;
        old_price: number | null;
      }>(
        tx,
        sql`select x.onec_id, x.offer_id, o.product_id, v.color_code, o.size_name, o.size_sort, o.price, o.old_price
          from exchange_offers x join offers o on o.id = x.offer_id
            left join exchange_variants v on v.product_id = o.product_id
          where x.onec_id in ${textSet(ready.map((o) => o.onecId))}`,
      )
    ).map((r) => [r.onec_id, r]),
  );

  // What the file does not give, a known offer keeps; a new one takes its product's colour and one size.
  const fallbackColor = (o: OfferInput) =>
    existing.get(o.onecId)?.color_code ?? known.get(o.onecProductId)?.color_code ?? null;
  const colors = await colorCodes(tx, [
    ...ready.flatMap((o) => (o.colorName ? [o.colorName] : [])),
    ...(ready.some((o) => !o.colorName && !fallbackColor(o)) ? [OTHER_COLOR.name] : []),
  ]);
  const colorOf = (o: OfferInput) =>
    (o.colorName ? colors.get(normalName(o.colorName)) : null) ??
    fallbackColor(o) ??
    (colors.get(normalName(OTHER_COLOR.name)) as string);
  const sizeOf = (o: OfferInput) => o.sizeName ?? existing.get(o.onecId)?.size_name ?? ONE_SIZE;
  const variants = await variantIds(tx, ready, colorOf, known, now);
  const variantOf = (o: OfferInput) => variants.get(`${o.onecProductId}\n${colorOf(o)}`) as number;

  const fresh = ready.filter((o) => !existing.has(o.onecId));
  const freshIds = await nextIds(tx, 'offers', fresh.length);
  const prices = new Map<string, number>();
  if (fresh.length > 0) {
    const rows = fresh.map((o, i) => {
      const price = offerPrice(o, null);
      prices.set(o.onecId, price.price);
      return {
        id: freshIds[i],
        onec_id: o.onecId,
        product_id: variantOf(o),
        size_name: sizeOf(o),
        size_sort: sizeSort(sizeOf(o)),
        ...price,
      };
    });
    await tx.execute(sql`with x as (select * from jsonb_to_recordset(${json(rows)})
        as x(id int, onec_id text, product_id int, size_name text, size_sort int, price bigint, old bigint)),
      made as (insert into offers (id, product_id, size_name, size_sort, price, old_price)
        select id, product_id, size_name, size_sort, price, old from x)
      insert into exchange_offers (onec_id, offer_id) select onec_id, id from x`);
    counts.offers.created += fresh.length;
  }
  const offerIds = new Map<string, number>([
    ...fresh.map((o, i): [string, number] => [o.onecId, freshIds[i] as number]),
    ...[...existing.values()].map((r): [string, number] => [r.onec_id, Number(r.offer_id)]),
  ]);

  const moved: { id: number; product_id: number; size_name: string; size_sort: number }[] = [];
  const left: number[] = [];
  const repriced: object[] = [];
  for (const o of ready) {
    const row = existing.get(o.onecId);
    if (!row) continue;
    const target = { product_id: variantOf(o), size_name: sizeOf(o), size_sort: sizeSort(sizeOf(o)) };
    if (
      Number(row.product_id) !== target.product_id ||
      row.size_name !== target.size_name ||
      Number(row.size_sort) !== target.size_sort
    ) {
      moved.push({ id: Number(row.offer_id), ...target });
      left.push(Number(row.product_id));
    }
    const current = { price: Number(row.price), old: row.old_price === null ? null : Number(row.old_price) };
    const next = offerPrice(o, current);
    prices.set(o.onecId, next.price);
    if (next.price !== current.price || next.old !== current.old)
      repriced.push({ id: Number(row.offer_id), price: next.price, old: next.old });
  }
  if (moved.length > 0) {
    await tx.execute(sql`update offers o set product_id = x.product_id, size_name = x.size_name, size_sort = x.size_sort
      from jsonb_to_recordset(${json(moved)}) as x(id int, product_id int, size_name text, size_sort int)
      where o.id = x.id`);
    counts.offers.changed += moved.length;
  }
  if (repriced.length > 0) {
    await tx.execute(sql`update offers o set price = x.price, old_price = x.old
      from jsonb_to_recordset(${json(repriced)}) as x(id int, price bigint, old bigint) where o.id = x.id`);
    counts.prices.changed += repriced.length;
  }
  for (const o of ready)
    if (o.noRetailPrice)
      errors.push({ id: o.onecId, message: 'Нет цены розничного типа (см. «Типы цен» в «Обмен с 1С»).' });

  // A size without a price is not sold: its stock waits for the price.
  const unpriced = new Set(ready.filter((o) => (prices.get(o.onecId) ?? 0) <= 0).map((o) => o.onecId));
  await writeStock(tx, logId, ready, offerIds, unpriced, counts, errors);
  await refreshVariants(tx, [...new Set([...variants.values(), ...left])]);
}

/** The variant (shop product) of each offer's product and colour, made when new; keys `onecProductId\ncolor`. */
async function variantIds(
  tx: Tx,
  offers: OfferInput[],
  colorOf: (o: OfferInput) => string,
  known: Map<string, KnownProduct>,
  now: Date,
): Promise<Map<string, number>> {
  const keys = [...new Map(offers.map((o) => [`${o.onecProductId}\n${colorOf(o)}`, o])).values()].map((o) => ({
    p: o.onecProductId,
    c: colorOf(o),
  }));
  const found = await queryRows<{ onec_product_id: string; color_code: string; product_id: number }>(
    tx,
    sql`select v.onec_product_id, v.color_code, v.product_id from exchange_variants v
      join jsonb_to_recordset(${json(keys)}) as x(p text, c text) on v.onec_product_id = x.p and v.color_code = x.c`,
  );
  const ids = new Map(found.map((r) => [`${r.onec_product_id}\n${r.color_code}`, Number(r.product_id)]));
  const missing = keys.filter((k) => !ids.has(`${k.p}\n${k.c}`));
  if (missing.length === 0) return ids;
  const newIds = await nextIds(tx, 'products', missing.length);
  const models = new Map<string, number>();
  const rows = missing.map((k, i) => {
    const id = newIds[i] as number;
    const product = known.get(k.p) as KnownProduct;
    // A model's id is its first variant's: above every id in the table, so it meets no other model's.
    const modelId = product.model_id ?? models.get(k.p) ?? id;
    models.set(k.p, modelId);
    ids.set(`${k.p}\n${k.c}`, id);
    return {
      id,
      model_id: Number(modelId),
      onec_id: k.p,
      color_code: k.c,
      code: `${slug(product.article || product.name, 'tovar')}-${k.c}-${id}`,
      kind: kindOf(product.section_name, product.name),
    };
  });
  await tx.execute(sql`with x as (select * from jsonb_to_recordset(${json(rows)})
      as x(id int, model_id int, onec_id text, color_code text, code text, kind text)),
    made as (insert into products (id, model_id, section_id, section_path, brand_id, code, url, name, article, category,
        kind, gender, color_code, description, props, model_props, is_new, min_price, old_price, discount_percent,
        popularity, sort, active, created_at)
      select x.id, x.model_id, e.section_id, s.path, e.brand_id, x.code, '/product/' || x.code || '/', e.name,
        e.article, lower(s.name), x.kind, s.gender, x.color_code, e.description, e.props, '[]'::jsonb, false, 0, null,
        0, 0, 500, false, ${ts(now)}
      from x join exchange_products e on e.onec_id = x.onec_id join sections s on s.id = e.section_id),
    models as (update exchange_products e set model_id = x.model_id from x where e.onec_id = x.onec_id
      and e.model_id is null)
    insert into exchange_variants (onec_product_id, color_code, product_id) select onec_id, color_code, id from x`);
  await tx.execute(
    sql`insert into product_images (product_id, file, sort)
      select v.product_id, f.file, f.n - 1 from exchange_variants v join exchange_products e on e.onec_id = v.onec_product_id,
        unnest(e.images) with ordinality as f(file, n)
      where v.product_id = any(${intArray(rows.map((r) => r.id))})`,
  );
  return ids;
}

/**
 * Stock of each offer in each store: 1C's count by the warehouses' stores, less what the shop's orders not yet handed
 * to 1C hold there (1C does not know them yet). Stores the warehouses give stock to but the offer's list omits go to
 * zero; a total with no warehouses goes to the web warehouse.
 */
async function writeStock(
  tx: Tx,
  logId: number,
  offers: OfferInput[],
  offerIds: Map<string, number>,
  unpriced: ReadonlySet<string>,
  counts: ImportCounts,
  errors: ImportIssue[],
) {
  const withStock = offers.filter((o) => o.stock || o.deleted);
  if (withStock.length === 0) return;
  const mapping = new Map(
    (
      await queryRows<{ onec_id: string; store_id: number | null }>(
        tx,
        sql`select onec_id, store_id from exchange_warehouses`,
      )
    ).map((r) => [r.onec_id, r.store_id === null ? null : Number(r.store_id)]),
  );
  const [online] = await queryRows<{ id: number }>(
    tx,
    sql`select id from stores where type = 'online' order by sort, id limit 1`,
  );
  const owned = new Set([...mapping.values()].filter((s): s is number => s !== null));
  const unknown = new Set<string>();
  const rows: { o: number; s: number; q: number }[] = [];
  for (const offer of withStock) {
    const offerId = offerIds.get(offer.onecId) as number;
    const want = new Map<number, number>();
    const stores = new Set(owned);
    if (offer.stock && !offer.deleted) {
      for (const w of offer.stock.warehouses) {
        const store = mapping.get(w.warehouseId);
        if (store === undefined) unknown.add(w.warehouseId);
        if (store == null) continue;
        want.set(store, (want.get(store) ?? 0) + w.quantity);
      }
      if (offer.stock.warehouses.length === 0 && offer.stock.total !== null && online) {
        want.set(Number(online.id), offer.stock.total);
        stores.add(Number(online.id));
      }
    } else if (online) stores.add(Number(online.id));
    const sold = !unpriced.has(offer.onecId);
    for (const store of stores) rows.push({ o: offerId, s: store, q: sold ? (want.get(store) ?? 0) : 0 });
  }
  for (const id of unknown)
    errors.push({ id, message: 'Склад не описан в пакете (нет в «Склады»): его остатки не загружены.' });
  if (rows.length > 0) {
    // Alone against orders taking stock: the held units read below are all that are committed (see stock.ts).
    await tx.execute(
      sql`select pg_advisory_xact_lock(${STOCK_COUNT_LOCK}), ${stockMoveSetting({ kind: 'import', reason: 'Обмен с 1С' })}`,
    );
    rows.sort((x, y) => x.o - y.o || x.s - y.s);
    const changed = await queryRows<{ inserted: boolean; quantity: number }>(
      tx,
      sql`with x as (select * from jsonb_to_recordset(${json(rows)}) as x(o int, s int, q int)),
        held as (select os.offer_id, os.store_id, sum(os.quantity)::int as q
          from order_stock os join orders r on r.id = os.order_id
          where r.exported_at is null and r.status not in ('cancelled', 'returned')
            and os.offer_id in (select distinct o from x)
          group by os.offer_id, os.store_id),
        want as (select x.o, x.s, greatest(x.q - coalesce(h.q, 0), 0) as q
          from x left join held h on h.offer_id = x.o and h.store_id = x.s)
        insert into stock as k (offer_id, store_id, quantity)
        select w.o, w.s, w.q from want w
        where w.q > 0 or exists (select 1 from stock t where t.offer_id = w.o and t.store_id = w.s)
        on conflict (offer_id, store_id) do update set quantity = excluded.quantity
          where k.quantity <> excluded.quantity
        returning (xmax = 0) as inserted, k.quantity`,
    );
    for (const r of changed) {
      if (r.inserted) counts.stock.created++;
      else if (Number(r.quantity) === 0) counts.stock.removed++;
      else counts.stock.changed++;
    }
  }
  await tx.execute(sql`update exchange_offers set stock_seen_log = ${logId}
    where onec_id in ${textSet(withStock.map((o) => o.onecId))}`);
}

/**
 * A variant's lowest price, its old price and discount, and whether it is live, from its offers; a variant whose
 * offers all went to another colour has none left and goes out of sale.
 */
async function refreshVariants(tx: Tx, productIds: number[]) {
  if (productIds.length === 0) return;
  await tx.execute(sql`with ${variantPriceCtes(intArray(productIds))},
    next as (
      select a.product_id, a.min_price, a.old_price, a.pct,
        ${onSaleSql({ deletedBy1C: sql`e.deleted`, priced: sql`a.min_price > 0`, unpublished: sql`p.unpublished` })} as live
      from prices a join products p on p.id = a.product_id
        join exchange_variants v on v.product_id = a.product_id join exchange_products e on e.onec_id = v.onec_product_id)
    update products p set min_price = n.min_price, old_price = n.old_price, discount_percent = n.pct, active = n.live
    from next n where p.id = n.product_id
      and (p.min_price, p.old_price, p.discount_percent, p.active) is distinct from (n.min_price, n.old_price, n.pct, n.live)`);
}
