import { type SQL, sql } from 'drizzle-orm';
import type { FilterState } from '../../domain/catalog/filter/filter';
import type { FilterDef, LiveCounts, ScopeTotals } from '../../domain/catalog/filter/filter-facets';
import type {
  ListingItem,
  ListingQuery,
  ListingReference,
  ListingRepository,
  ListingScope,
  SectionNode,
} from '../../domain/catalog/listing/listing.service';
import type { SortValue } from '../../domain/catalog/listing/sort';
import { FILTER_HINTS, PROPS } from '../../domain/catalog/filter/props';
import { type Db, queryRows } from '../client';
import { loadAvailability } from './availability';
import { toProductCard } from './product-cards';

/** `array[$1, $2]::type[]`: drizzle would spread a JS array into a list, so arrays are built explicitly. */
export function pgArray(values: readonly (string | number)[], type: 'int' | 'text'): SQL {
  if (values.length === 0) return sql.raw(`'{}'::${type}[]`);
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;
}

/** The text the russian full-text index is built on (migration 0001, products_search_idx): keep it identical. */
export const SEARCH_VECTOR = sql`to_tsvector('russian', p.name || ' ' || p.category || ' ' || p.article)`;

/** The section and every section below it. */
function sectionAndBelow(ref: ListingReference, sectionId: number): number[] {
  const ids = [sectionId];
  for (let i = 0; i < ids.length; i++) for (const s of ref.sections) if (s.parentId === ids[i]) ids.push(s.id);
  return ids;
}

/** The listing's own products, on product_facets `f`. */
export function scopeSql(scope: ListingScope, ref: ListingReference): SQL {
  if (scope.kind === 'section')
    return sql`f.section_id = any(${pgArray(sectionAndBelow(ref, scope.sectionId), 'int')})`;
  if (scope.kind === 'brand') {
    return scope.gender
      ? sql`f.brand_id = ${scope.brandId} and f.gender = ${scope.gender}`
      : sql`f.brand_id = ${scope.brandId}`;
  }
  const { text, brandIds, colorCodes, props, articles } = scope.match;
  const parts: SQL[] = [];
  if (brandIds.length) parts.push(sql`f.brand_id = any(${pgArray(brandIds, 'int')})`);
  if (colorCodes.length) parts.push(sql`f.color_code = any(${pgArray(colorCodes, 'text')})`);
  for (const [code, values] of Object.entries(props))
    parts.push(sql`(f.props ->> ${code}) = any(${pgArray(values, 'text')})`);
  const textParts: SQL[] = [];
  if (text.length) textParts.push(sql`${SEARCH_VECTOR} @@ plainto_tsquery('russian', ${text.join(' ')})`);
  if (articles.length)
    textParts.push(
      sql`(${sql.join(
        articles.map((a) => sql`upper(p.article) like ${`${a}%`}`),
        sql` or `,
      )})`,
    );
  if (textParts.length)
    parts.push(sql`f.product_id in (select p.id from products p where ${sql.join(textParts, sql` and `)})`);
  return parts.length ? sql.join(parts, sql` and `) : sql`false`;
}

const PROP_CODES = Object.keys(PROPS).filter((code) => /^[a-z]+$/.test(code));

/** The condition of one chosen filter code on product_facets `f`; codes were checked against the reference data. */
function matchSql(code: string, filter: FilterState, ref: ListingReference): SQL | null {
  const range = filter.ranges[code];
  if (range) {
    // The URL speaks roubles, the database kopecks.
    const parts: SQL[] = [];
    if (range.from != null) parts.push(sql`f.min_price >= ${range.from * 100}`);
    if (range.to != null) parts.push(sql`f.min_price <= ${range.to * 100 + 99}`);
    return parts.length ? sql.join(parts, sql` and `) : null;
  }
  const values = filter.lists[code];
  if (!values?.length) return null;
  if (code === 'brand') {
    const ids = ref.brands.filter((b) => values.includes(b.code)).map((b) => b.id);
    return sql`f.brand_id = any(${pgArray(ids, 'int')})`;
  }
  if (code === 'color') return sql`f.color_code = any(${pgArray(values, 'text')})`;
  if (code === 'size') return sql`f.size_codes && ${pgArray(values, 'text')}`;
  if (code === 'shop') return sql`f.shop_codes && ${pgArray(values, 'text')}`;
  if (PROP_CODES.includes(code)) return sql`(f.props ->> ${code}) = any(${pgArray(values, 'text')})`;
  return null;
}

/** What a facet groups by, on product_facets `f`; sizes are a set per product and are counted apart. */
const GROUP_VALUE: Record<string, SQL> = {
  brand: sql`f.brand_id::text`,
  color: sql`f.color_code`,
  // Prop codes are the catalogue's own identifiers ([a-z]+), written into the statement.
  ...Object.fromEntries(PROP_CODES.map((code) => [code, sql.raw(`(f.props ->> '${code}')`)])),
};

const ORDER: Record<SortValue, SQL> = {
  default_desc: sql`f.popularity desc, f.product_id`,
  price_asc: sql`f.min_price, f.popularity desc, f.product_id`,
  price_desc: sql`f.min_price desc, f.popularity desc, f.product_id`,
  new_desc: sql`f.created_at desc, f.product_id`,
  discount_desc: sql`f.discount_percent desc, f.popularity desc, f.product_id`,
};

interface GroupRow {
  code: string;
  value: string | null;
  fail: number;
  n: string | number;
  lo: string | number | null;
  hi: string | number | null;
}

/**
 * Products of a scope grouped by filter value and by `fail`, the set of chosen filter codes a product fails (a bit
 * per code, `bits`); `keep` drops products no count needs. One materialised pass: grouping sets for the single-valued
 * codes, an unnest for the sizes and one for the shops, and per `fail` the count and price bounds. A code's counts
 * read only the products that fail nothing or that code alone, so the others are not grouped under it: at 200 000
 * products most kept rows fail one other code, and the shops' unnest was most of the work.
 */
async function groupedCounts(
  db: Db,
  scope: ListingScope,
  ref: ListingReference,
  filter: { fail: SQL; keep: SQL; bits: Record<string, number> },
) {
  // `offset 0` keeps the subquery apart, so `fail` is computed once per product and the projection (the prop
  // lookups) only for the products kept.
  const grouped = ref.filters.filter((d) => d.kind === 'list' && GROUP_VALUE[d.code]);
  const g = (i: number) => sql.identifier(`g${i}`);
  const counts = (code: string, column: string) => sql.raw(`(${column} = 0 or ${column} = ${filter.bits[code] ?? 0})`);
  const bitsOf = grouped.map((d) => filter.bits[d.code] ?? 0).filter((bit) => bit > 0);
  const rows = await queryRows<GroupRow>(
    db,
    sql`
    with s as materialized (
      select ${sql.join(
        grouped.map((d, i) => sql`case when ${counts(d.code, 'f.fail')} then ${GROUP_VALUE[d.code]} end as ${g(i)}`),
        sql`, `,
      )}, f.size_codes, f.shop_codes, f.min_price, f.fail
      from (select f.*, ${filter.fail} as fail from product_facets f where f.active and ${scopeSql(scope, ref)} offset 0) f
      where ${filter.keep}
    )
    select case ${sql.join(
      grouped.map((d, i) => sql`when grouping(${g(i)}) = 0 then ${d.code}`),
      sql` `,
    )} end as code,
      coalesce(${sql.join(
        grouped.map((_, i) => g(i)),
        sql`, `,
      )}) as value, fail, count(*) as n, null::bigint as lo, null::bigint as hi
    from s where s.fail = any(${pgArray([0, ...bitsOf], 'int')}) group by grouping sets (${sql.join(
      grouped.map((_, i) => sql`(${g(i)}, fail)`),
      sql`, `,
    )})
    union all
    select 'size', z, fail, count(*), null, null from s, unnest(s.size_codes) z where ${counts('size', 's.fail')} group by z, fail
    union all
    select 'shop', z, fail, count(*), null, null from s, unnest(s.shop_codes) z where ${counts('shop', 's.fail')} group by z, fail
    union all
    select '#', null, fail, count(*), min(s.min_price), max(s.min_price) from s where s.fail = 0 group by fail`,
  );
  const brandCode = new Map(ref.brands.map((b) => [String(b.id), b.code]));
  return rows.map((r) => ({
    code: r.code,
    value: r.code === 'brand' && r.value != null ? (brandCode.get(r.value) ?? null) : r.value,
    fail: Number(r.fail),
    n: Number(r.n),
    lo: r.lo == null ? null : Number(r.lo),
    hi: r.hi == null ? null : Number(r.hi),
  }));
}

/** Every value the scope has, ignoring all filters: what the filter lists at all. */
async function scopeTotals(db: Db, scope: ListingScope, ref: ListingReference): Promise<ScopeTotals> {
  const totals: ScopeTotals = { count: 0, values: {}, price: null };
  for (const row of await groupedCounts(db, scope, ref, { fail: sql`0`, keep: sql`true`, bits: {} })) {
    if (row.code === '#') {
      totals.count = row.n;
      totals.price = row.lo == null || row.hi == null ? null : { min: row.lo, max: row.hi };
    } else if (row.value != null) {
      totals.values[row.code] = { ...totals.values[row.code], [row.value]: row.n };
    }
  }
  return totals;
}

/**
 * The counts the chosen filters change. A product failing two or more chosen codes counts nowhere, so it is dropped
 * before grouping; with one chosen code only the products that pass are needed (that code's own counts are the
 * scope totals). Nothing is chosen: nothing to count here.
 */
async function liveCounts(db: Db, query: ListingQuery, ref: ListingReference): Promise<LiveCounts | null> {
  const bits: Record<string, number> = {};
  const failParts: SQL[] = [];
  for (const def of ref.filters) {
    const match = matchSql(def.code, query.filter, ref);
    if (!match) continue;
    const bit = 1 << failParts.length;
    bits[def.code] = bit;
    failParts.push(sql`(case when ${match} then 0 else ${sql.raw(String(bit))} end)`);
  }
  if (failParts.length === 0) return null;
  const fail = sql.join(failParts, sql` | `);
  const keep = failParts.length === 1 ? sql`f.fail = 0` : sql`f.fail & (f.fail - 1) = 0`;
  const live: LiveCounts = { bits, groups: [], count: 0, minPrice: null };
  for (const row of await groupedCounts(db, query.scope, ref, { fail, keep, bits })) {
    if (row.code === '#') {
      if (row.fail === 0) {
        live.count = row.n;
        live.minPrice = row.lo;
      }
    } else if (row.value != null) {
      live.groups.push({ code: row.code, value: row.value, fail: row.fail, n: row.n });
    }
  }
  return live;
}

interface ItemRow {
  id: number;
  model_id: number;
  name: string;
  brand_id: number;
  url: string;
  min_price: string | number;
  old_price: string | number | null;
  discount_percent: number;
  is_new: boolean;
  images: string[] | null;
  colors_count: string | number;
  sort: number;
  category: string;
  color_code: string;
}

/**
 * One page of cards in two short statements: the page's ids, picked and ordered on the narrow table, then the card
 * data of those few by primary key. Brand and colour names come from the reference data, not from joins: planning
 * a join costs PGlite more than the rows do.
 */
async function pageItems(db: Db, query: ListingQuery, ref: ListingReference): Promise<ListingItem[]> {
  const conditions = [sql`f.active`, scopeSql(query.scope, ref)];
  for (const def of ref.filters) {
    const match = matchSql(def.code, query.filter, ref);
    if (match) conditions.push(match);
  }
  // Sold-out products go last whatever the sort.
  const ids = await queryRows<{ product_id: number }>(
    db,
    sql`
    select f.product_id from product_facets f
    where ${sql.join(conditions, sql` and `)}
    order by (f.size_codes = '{}'::text[]), ${ORDER[query.sort]}
    limit ${query.limit} offset ${query.offset}`,
  );
  if (ids.length === 0) return [];
  const order = ids.map((r) => Number(r.product_id));
  const rows = await queryRows<ItemRow>(
    db,
    sql`
    select p.id, p.model_id, p.name, p.brand_id, p.url, p.min_price, p.old_price, p.discount_percent, p.is_new,
      p.sort, p.category, p.color_code,
      (select array_agg(i.file order by i.sort) from (select file, sort from product_images where product_id = p.id order by sort limit 2) i) as images,
      (select count(*) from products m where m.model_id = p.model_id and m.active) as colors_count
    from products p
    where p.id = any(${pgArray(order, 'int')})`,
  );
  const brandName = new Map(ref.brands.map((b) => [b.id, b.name]));
  const colorName = new Map((ref.filters.find((f) => f.code === 'color')?.values ?? []).map((v) => [v.value, v.name]));
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return order.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const card = toProductCard({ ...r, brand_name: brandName.get(Number(r.brand_id)) ?? '' });
    return [
      {
        ...card,
        sort: Number(r.sort),
        category: r.category,
        color: { code: r.color_code, name: colorName.get(r.color_code) ?? r.color_code },
      },
    ];
  });
}

async function loadReference(db: Db): Promise<ListingReference> {
  const [sections, brands, brandCounts, colors, sizes, shops] = await Promise.all([
    queryRows<{
      id: number;
      parent_id: number | null;
      name: string;
      url: string;
      depth: number;
      sort: number;
      gender: string | null;
      count: string | number;
      min_price: string | number | null;
      has_new: boolean | null;
    }>(
      db,
      sql`
      select s.id, s.parent_id, s.name, s.url, s.depth, s.sort, s.gender,
        coalesce(x.count, 0) as count, x.min_price, coalesce(x.has_new, false) as has_new
      from sections s
      left join (
        select unnest(section_path) as section_id, count(*) as count, min(min_price) as min_price, bool_or(is_new) as has_new
        from products where active group by 1
      ) x on x.section_id = s.id`,
    ),
    queryRows<{ id: number; code: string; name: string; text: string }>(
      db,
      sql`select id, code, name, text from brands`,
    ),
    queryRows<{ brand_id: number; count: string | number; men: string | number }>(
      db,
      sql`
      select brand_id, count(*) as count, count(*) filter (where gender = 'man') as men from products where active group by brand_id`,
    ),
    queryRows<{ code: string; name: string; hex: string }>(
      db,
      sql`select code, name, hex from colors order by sort, code`,
    ),
    queryRows<{ code: string; name: string }>(
      db,
      sql`
      select lower(size_name) as code, min(size_name) as name from offers group by 1 order by min(size_sort), 1`,
    ),
    queryRows<{ code: string; name: string; city: string }>(
      db,
      sql`
      select s.code, s.name, c.name as city from stores s join cities c on c.id = s.city_id
      where s.type = 'shop' order by c.sort, s.sort, s.id`,
    ),
  ]);
  const sectionNodes: SectionNode[] = sections.map((r) => ({
    id: Number(r.id),
    parentId: r.parent_id == null ? null : Number(r.parent_id),
    name: r.name,
    url: r.url,
    depth: Number(r.depth),
    sort: Number(r.sort),
    gender: r.gender,
    count: Number(r.count),
    minPrice: r.min_price == null ? null : Number(r.min_price),
    hasNew: Boolean(r.has_new),
  }));
  const counts = new Map(
    brandCounts.map((r) => [Number(r.brand_id), { count: Number(r.count), menCount: Number(r.men) }]),
  );
  const brandList = brands
    .map((b) => ({
      id: Number(b.id),
      code: b.code,
      name: b.name,
      text: b.text,
      ...(counts.get(Number(b.id)) ?? { count: 0, menCount: 0 }),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'ru'));
  const filters: FilterDef[] = [
    { code: 'brand', name: 'Бренд', kind: 'list', values: brandList.map((b) => ({ value: b.code, name: b.name })) },
    {
      code: 'size',
      name: 'Размер',
      kind: 'list',
      hint: FILTER_HINTS.size,
      values: sizes.map((s) => ({ value: s.code, name: s.name })),
    },
    {
      code: 'color',
      name: 'Цвет',
      kind: 'list',
      values: colors.map((c) => ({ value: c.code, name: c.name, hex: c.hex })),
    },
    ...Object.entries(PROPS).map(
      ([code, info]): FilterDef => ({
        code,
        name: info.name,
        kind: 'list',
        hint: FILTER_HINTS[code],
        values: info.values.map(([value, name]) => ({ value, name })),
      }),
    ),
    {
      code: 'shop',
      name: 'В наличии в магазине',
      kind: 'list',
      hint: FILTER_HINTS.shop,
      values: shops.map((s) => ({ value: s.code, name: `${s.city}, ${s.name}` })),
    },
    { code: 'price', name: 'Цена', kind: 'range', hint: FILTER_HINTS.price, values: [] },
  ];
  return { sections: sectionNodes, brands: brandList, filters };
}

export function listingRepository(db: Db): ListingRepository {
  return {
    reference: () => loadReference(db),
    scopeTotals: (scope, ref) => scopeTotals(db, scope, ref),
    async listing(query, ref) {
      const [live, items] = await Promise.all([liveCounts(db, query, ref), pageItems(db, query, ref)]);
      return { live, items };
    },
    async offers(productIds) {
      if (productIds.length === 0) return { offers: [], availability: [] };
      const rows = await queryRows<{
        id: number;
        product_id: number;
        size_name: string;
        size_sort: number;
        price: string | number;
        old_price: string | number | null;
      }>(
        db,
        sql`
        select id, product_id, size_name, size_sort, price, old_price from offers
        where product_id = any(${pgArray(productIds, 'int')}) order by product_id, size_sort, id`,
      );
      const offers = rows.map((r) => ({
        id: Number(r.id),
        itemId: Number(r.product_id),
        sizeName: r.size_name,
        sizeSort: Number(r.size_sort),
        price: Number(r.price),
        oldPrice: r.old_price == null ? null : Number(r.old_price),
      }));
      const availability = await loadAvailability(
        db,
        offers.map((o) => o.id),
      );
      return { offers, availability: [...availability.values()] };
    },
    async productUrls() {
      const rows = await queryRows<{ url: string; created_at: string | Date }>(
        db,
        sql`select url, created_at from products where active order by id`,
      );
      return rows.map((r) => ({ url: r.url, updatedAt: new Date(r.created_at) }));
    },
  };
}
