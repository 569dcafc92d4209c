import { sql } from 'drizzle-orm';
import type { CodeValue, ProductProp, ShopAvailability } from '../../domain/catalog/product/product';
import type { ProductRepository, StoredItem, StoredOffer } from '../../domain/catalog/product/product.service';
import { PROPS } from '../../domain/catalog/filter/props';
import { sizeCode } from '../../domain/catalog/product/sizes';
import { type Db, queryRows } from '../client';
import { loadAvailability, loadOnlineStores } from './availability';

interface ItemRow {
  id: number;
  model_id: number;
  sort: number;
  code: string;
  url: string;
  name: string;
  article: string;
  category: string;
  section_name: string;
  description: string;
  is_new: boolean;
  props: Record<string, string>;
  model_props: CodeValue[];
  brand_id: number;
  brand_code: string;
  brand_name: string;
  color_code: string;
  color_name: string;
  color_hex: string;
}
interface OfferRow {
  id: number;
  product_id: number;
  size_name: string;
  size_sort: number;
  price: string | number;
  old_price: string | number | null;
}
interface StockRow {
  shop_id: number;
  shop_name: string;
  address: string;
  metro: string | null;
  hours: string;
  phone: string;
  city_id: number;
  city_name: string;
  offer_id: number;
  quantity: number;
}

/** Names of the filterable props come with the catalogue's reference data; the rows keep value codes. */
function propRows(props: Record<string, string>): ProductProp[] {
  const rows: ProductProp[] = [];
  for (const [code, info] of Object.entries(PROPS)) {
    const value = props[code];
    const valueName = info.values.find(([v]) => v === value)?.[1];
    if (value && valueName) rows.push({ code, name: info.name, value, valueName });
  }
  return rows;
}

const toOffer = (r: OfferRow): StoredOffer => ({
  id: Number(r.id),
  itemId: Number(r.product_id),
  sizeId: sizeCode(r.size_name),
  sizeName: r.size_name,
  sizeSort: Number(r.size_sort),
  price: Number(r.price),
  oldPrice: r.old_price == null ? null : Number(r.old_price),
});

export function productRepository(db: Db): ProductRepository {
  /** Expired view claims are deleted at most once per window by each process. */
  let lastPrune = 0;
  return {
    async idByCode(code) {
      const [row] = await queryRows<{ id: number }>(db, sql`select id from products where code = ${code} and active`);
      return row ? Number(row.id) : null;
    },

    async model(productId) {
      const items = await queryRows<ItemRow>(
        db,
        sql`
        select p.id, p.model_id, p.sort, p.code, p.url, p.name, p.article, p.category, s.name as section_name, p.description,
          p.is_new, p.props, p.model_props, b.id as brand_id, b.code as brand_code, b.name as brand_name, c.code as color_code, c.name as color_name, c.hex as color_hex
        from products p
        join brands b on b.id = p.brand_id
        join colors c on c.code = p.color_code
        join sections s on s.id = p.section_id
        where p.active and p.model_id = (select x.model_id from products x where x.id = ${productId} and x.active)
        order by c.sort, p.id`,
      );
      if (!items.some((r) => Number(r.id) === productId)) return null;
      const ids = items.map((r) => Number(r.id));
      const idList = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      const [offers, images, sections] = await Promise.all([
        queryRows<OfferRow>(
          db,
          sql`select id, product_id, size_name, size_sort, price, old_price from offers where product_id in (${idList}) order by size_sort, id`,
        ),
        queryRows<{ product_id: number; file: string; sort: number }>(
          db,
          sql`select product_id, file, sort from product_images where product_id in (${idList}) order by sort, id`,
        ),
        queryRows<{ name: string; url: string }>(
          db,
          sql`
          select s.name, s.url from sections s join products p on p.id = ${productId}
          where s.id = any(p.section_path)
          order by s.depth`,
        ),
      ]);
      const offerIds = offers.map((o) => Number(o.id));
      const [availability, stores] = await Promise.all([
        loadAvailability(db, offerIds),
        loadOnlineStores(db, offerIds),
      ]);
      const stored: StoredItem[] = items.map((r) => {
        const id = Number(r.id);
        return {
          id,
          sid: Number(r.model_id),
          sort: Number(r.sort),
          code: r.code,
          url: r.url,
          name: r.name,
          article: r.article,
          category: r.category,
          sectionName: r.section_name,
          description: r.description,
          isNew: Boolean(r.is_new),
          brand: { id: Number(r.brand_id), code: r.brand_code, name: r.brand_name, url: `/brands/${r.brand_code}/` },
          color: { code: r.color_code, name: r.color_name, hex: r.color_hex },
          props: propRows(r.props ?? {}),
          modelProps: r.model_props ?? [],
          images: images
            .filter((i) => Number(i.product_id) === id)
            .map((i) => ({ file: i.file, sort: Number(i.sort) })),
          offers: offers.filter((o) => Number(o.product_id) === id).map(toOffer),
        };
      });
      return { items: stored, sections, availability, stores };
    },

    async shopStock(productId) {
      const [product] = await queryRows<{ id: number }>(
        db,
        sql`select id from products where id = ${productId} and active`,
      );
      if (!product) return null;
      const offers = await queryRows<{ id: number; size_name: string }>(
        db,
        sql`
        select id, size_name from offers where product_id = ${productId} order by size_sort, id`,
      );
      const rows = await queryRows<StockRow>(
        db,
        sql`
        select s.id as shop_id, s.name as shop_name, s.address, s.metro, s.hours, s.phone,
          ci.id as city_id, ci.name as city_name, st.offer_id, st.quantity
        from stock st
        join offers o on o.id = st.offer_id
        join stores s on s.id = st.store_id and s.type = 'shop'
        join cities ci on ci.id = s.city_id
        where o.product_id = ${productId} and st.quantity > 0
        order by ci.sort, ci.id, s.sort, s.id`,
      );
      const result: ShopAvailability = {
        productId,
        offers: offers.map((o) => ({ id: Number(o.id), sizeName: o.size_name })),
        cities: [],
      };
      for (const r of rows) {
        let city = result.cities.at(-1);
        if (city?.id !== Number(r.city_id)) {
          city = { id: Number(r.city_id), name: r.city_name, shops: [] };
          result.cities.push(city);
        }
        let shop = city.shops.at(-1);
        if (shop?.id !== Number(r.shop_id)) {
          shop = {
            id: Number(r.shop_id),
            name: r.shop_name,
            address: r.address,
            metro: r.metro,
            hours: r.hours,
            phone: r.phone,
            quantities: {},
          };
          city.shops.push(shop);
        }
        shop.quantities[Number(r.offer_id)] = Number(r.quantity);
      }
      return result;
    },

    async productOfOffer(offerId) {
      const [row] = await queryRows<{ product_id: number }>(
        db,
        sql`select product_id from offers where id = ${offerId}`,
      );
      return row ? Number(row.product_id) : null;
    },

    async claimView(sessionId, productId, windowMs) {
      // The claim on (session, product) succeeds only for a first view or one older than the window, in one
      // statement, so concurrent requests cannot both count. The counters move later, in batches (addViews).
      const [row] = await queryRows<{ found: boolean; counted: boolean }>(
        db,
        sql`
        with product as (select id from products where id = ${productId} and active),
        -- Only a session whose browser has loaded a page (its visit made the row) counts, not a bare request.
        visitor as (select 1 from sessions where id = ${sessionId}),
        claim as (
          insert into product_views as v (session_id, product_id, viewed_at)
          select ${sessionId}, id, now() from product where exists (select 1 from visitor)
          on conflict (session_id, product_id) do update set viewed_at = excluded.viewed_at
            where v.viewed_at <= excluded.viewed_at - make_interval(secs => ${windowMs / 1000})
          returning product_id
        )
        select exists (select 1 from product) as found, exists (select 1 from claim) as counted`,
      );
      if (Date.now() - lastPrune > windowMs) {
        lastPrune = Date.now();
        await db.execute(
          sql`delete from product_views where viewed_at < now() - make_interval(secs => ${windowMs / 1000})`,
        );
      }
      if (!row?.found) return 'missing';
      return row.counted ? 'counted' : 'repeat';
    },

    async addViews(counts) {
      if (counts.length === 0) return;
      // Two array parameters whatever the number of products. In id order, so that processes flushing at once mostly
      // lock rows in one order; a deadlock all the same fails one flush, whose counts wait for the next.
      const sorted = [...counts].sort((a, b) => a.productId - b.productId);
      const ids = `{${sorted.map((c) => c.productId).join(',')}}`;
      const ns = `{${sorted.map((c) => c.views).join(',')}}`;
      await db.execute(sql`
        update products p set views = p.views + d.n, popularity = p.popularity + d.n
        from unnest(${ids}::int[], ${ns}::int[]) as d(id, n)
        where p.id = d.id`);
    },
  };
}
