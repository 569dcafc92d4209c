import { type SQL, sql } from 'drizzle-orm';
import type { FilterDef } from '../../domain/catalog/filter/filter-facets';
import type {
  ListingItem,
  ListingReference,
  ListingRepository,
  ListingScope,
  SectionNode,
} from '../../domain/catalog/listing/listing.service';
import { FILTER_HINTS, PROPS } from '../../domain/catalog/filter/props';
import { sizeCode } from '../../domain/catalog/product/sizes';
import { type Db, queryRows } from '../client';
import { loadAvailability, loadOnlineStores } from './availability';
import { facetSource } from './facet-source';
import { toProductCard } from './product-cards';

/** `array[$1, $2]::type[]`: drizzle would spread a JS array into a list, so arrays are built explicitly. */
export function pgArray(values: readonly (string | number)[], type: 'int' | 'text'): SQL {
  if (values.length === 0) return sql.raw(`'{}'::${type}[]`);
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;
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
  rating_count: number;
  rating_sum: number;
  sort: number;
  category: string;
  color_code: string;
}

/**
 * The cards of a page's products, by primary key, in the page's order. Brand and colour names come from the
 * reference data, not from joins: planning a join costs PGlite more than the rows do.
 */
async function cards(db: Db, order: number[], ref: ListingReference): Promise<ListingItem[]> {
  if (order.length === 0) return [];
  const rows = await queryRows<ItemRow>(
    db,
    sql`
    select p.id, p.model_id, p.name, p.brand_id, p.url, p.min_price, p.old_price, p.discount_percent, p.is_new,
      p.sort, p.category, p.color_code, p.rating_count, p.rating_sum,
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
  const facets = facetSource(db);
  /** The current facet index and, for a search's words, their lexemes (read beside it). */
  const current = async (scope: ListingScope) => {
    const text = scope.kind === 'search' && scope.match.text.length ? scope.match.text.join(' ') : null;
    const [index, lexemes] = await Promise.all([facets.fresh(), text ? facets.lexemes(text) : []]);
    return { index, lexemes };
  };
  return {
    reference: () => loadReference(db),
    async scopeTotals(scope, ref) {
      const { index, lexemes } = await current(scope);
      return index.scopeTotals(scope, ref, lexemes);
    },
    async listing(query, ref) {
      const { index, lexemes } = await current(query.scope);
      const { live, ids } = index.listing(query, ref, lexemes);
      return { live, items: await cards(db, ids, ref) };
    },
    async offers(productIds) {
      if (productIds.length === 0) return { offers: [], availability: [], stores: await loadOnlineStores(db, []) };
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
        sizeId: sizeCode(r.size_name),
        sizeName: r.size_name,
        sizeSort: Number(r.size_sort),
        price: Number(r.price),
        oldPrice: r.old_price == null ? null : Number(r.old_price),
      }));
      const ids = offers.map((o) => o.id);
      const [availability, stores] = await Promise.all([loadAvailability(db, ids), loadOnlineStores(db, ids)]);
      return { offers, availability: [...availability.values()], stores };
    },
    async productUrls() {
      const rows = await queryRows<{ url: string; created_at: string | Date }>(
        db,
        sql`select url, created_at from products where active order by id`,
      );
      return rows.map((r) => ({ url: r.url, updatedAt: new Date(r.created_at) }));
    },
    async warm() {
      await facets.fresh();
    },
  };
}
