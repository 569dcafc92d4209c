import { type SQL, sql } from 'drizzle-orm';
import type { SearchMatch } from '../../domain/catalog/listing/listing.service';
import type { OrderStatus } from '../../domain/order/process';
import type { DeskQuery } from '../../domain/search/desk-query';
import type { CustomerHit, DeskSearchReads, OrderHit, ProductHit } from '../../domain/search/desk-search.service';
import { type Db, queryRows } from '../client';
import { pgArray } from './listing';

/** `%text%` for `like`/`ilike`, its own `%`, `_` and `\` taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => `%${escapeLike(text)}%`;
const startsWith = (text: string) => `${escapeLike(text)}%`;
const any = (parts: SQL[]) => (parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`);
const every = (parts: SQL[]) => sql`(${sql.join(parts, sql` and `)})`;

/** The phone conditions on a phone column (`orders_phone_trgm_idx`, `users_phones_trgm_idx`: a part is found inside). */
function phoneParts(q: DeskQuery, column: SQL): SQL[] {
  const parts: SQL[] = [];
  if (q.phone) parts.push(sql`${column} = ${q.phone}`);
  if (q.phoneDigits) parts.push(sql`${column} like ${contains(q.phoneDigits)}`);
  if (q.phonePrefix) parts.push(sql`${column} like ${startsWith(q.phonePrefix)}`);
  return parts;
}

/** An order's name and email as one text (`orders_contact_trgm_idx`). */
const ORDER_CONTACT = sql`(o.name || ' ' || o.last_name || ' ' || o.email)`;

/**
 * The search on `orders o` (the desk's list filter and the back office's search alike): the order's number, the
 * phone in any spelling or its part, the carrier's tracking number, the email or the name (every word).
 */
export function orderSearchSql(q: DeskQuery): SQL {
  const parts = phoneParts(q, sql`o.phone`);
  if (q.orderId !== null) parts.push(sql`o.id = ${q.orderId}`);
  if (q.code) parts.push(sql`upper(o.tracking_number) = ${q.code}`);
  if (q.words.length) parts.push(every(q.words.map((w) => sql`${ORDER_CONTACT} ilike ${contains(w)}`)));
  return any(parts);
}

/** The shop's own search of a query (stems, brands, colours, props, article prefixes) as SQL on `products p`. */
function matchSql(match: SearchMatch): SQL | null {
  const parts: SQL[] = [];
  if (match.text.length)
    parts.push(
      sql`to_tsvector('russian', p.name || ' ' || p.category || ' ' || p.article) @@ plainto_tsquery('russian', ${match.text.join(' ')})`,
    );
  if (match.brandIds.length) parts.push(sql`p.brand_id = any(${pgArray(match.brandIds, 'int')})`);
  if (match.colorCodes.length) parts.push(sql`p.color_code = any(${pgArray(match.colorCodes, 'text')})`);
  // A prop's value as containment, on `products_props_idx` (gin).
  for (const [code, values] of Object.entries(match.props))
    parts.push(any(values.map((value) => sql`p.props @> ${JSON.stringify({ [code]: value })}::jsonb`)));
  if (match.articles.length) parts.push(any(match.articles.map((a) => sql`p.article ilike ${startsWith(a)}`)));
  return parts.length ? every(parts) : null;
}

/**
 * The search on `products p` (the catalog desk's list filter and the back office's search alike): the shop's own
 * search when `match` is given, the name's part (`products_name_trgm_idx`), the full text, the article's start
 * (`products_article_trgm_idx`), the product's code, a size's barcode (`offers_barcode_idx`) and a 1C id of the
 * product or a size (`exchange_variants`' and `exchange_offers`' keys). The lookups are `= any(array(…))`, not
 * `in (…)`: so each is one more index scan of the `or`, and the whole stays a bitmap scan, never a pass over products.
 */
export function productSearchSql(q: DeskQuery, match: SearchMatch | null): SQL {
  if (!q.text) return sql`true`;
  const parts: SQL[] = [
    sql`p.name ilike ${contains(q.text)}`,
    sql`to_tsvector('russian', p.name || ' ' || p.category || ' ' || p.article) @@ plainto_tsquery('russian', ${q.text})`,
    sql`p.code = ${q.text.toLowerCase()}`,
  ];
  // Each word in the russian configuration: the product's text, its brand's or its colour's name («чёрная куртка»).
  if (q.words.length)
    parts.push(
      every([
        ...q.words.map((w) => {
          const query = sql`plainto_tsquery('russian', ${w})`;
          return sql`(numnode(${query}) = 0
            or to_tsvector('russian', p.name || ' ' || p.category || ' ' || p.article) @@ ${query}
            or p.brand_id = any(array(select b.id from brands b where to_tsvector('russian', b.name) @@ ${query}))
            or p.color_code = any(array(select c.code from colors c where to_tsvector('russian', c.name) @@ ${query})))`;
        }),
        // Stop words alone («для») find nothing.
        sql`numnode(plainto_tsquery('russian', ${q.words.join(' ')})) > 0`,
      ]),
    );
  const matched = match ? matchSql(match) : null;
  if (matched) parts.push(matched);
  if (q.token) {
    parts.push(sql`p.article ilike ${startsWith(q.token)}`);
    parts.push(
      sql`p.id = any(array(select v.product_id from exchange_variants v where v.onec_product_id = ${q.token}))`,
    );
    parts.push(sql`p.id = any(array(select f.product_id from exchange_offers e join offers f on f.id = e.offer_id
      where e.onec_id = ${q.token}))`);
  }
  if (q.barcode) parts.push(sql`p.id = any(array(select f.product_id from offers f where f.barcode = ${q.barcode}))`);
  return any(parts);
}

/** A user's phones as one text (`users_phones_trgm_idx`) and their name and email (`users_contact_trgm_idx`). */
const USER_PHONES = sql`(coalesce(u.confirmed_phone, '') || ' ' || coalesce(u.phone, ''))`;
const USER_CONTACT = sql`(u.name || ' ' || u.last_name || ' ' || u.second_name || ' ' || u.email)`;

function userSearchSql(q: DeskQuery): SQL {
  const parts: SQL[] = [];
  if (q.phone) parts.push(sql`(u.confirmed_phone = ${q.phone} or u.phone = ${q.phone})`);
  if (q.phoneDigits) parts.push(sql`${USER_PHONES} like ${contains(q.phoneDigits)}`);
  if (q.phonePrefix)
    parts.push(
      sql`(${USER_PHONES} like ${startsWith(q.phonePrefix)} or ${USER_PHONES} like ${`% ${startsWith(q.phonePrefix)}`})`,
    );
  if (q.words.length) parts.push(every(q.words.map((w) => sql`${USER_CONTACT} ilike ${contains(w)}`)));
  return any(parts);
}

const iso = (value: string | Date) => new Date(value).toISOString();

export function deskSearchRepository(db: Pick<Db, 'execute'>): DeskSearchReads {
  return {
    async orders(q, { shopId, limit }) {
      const scope = shopId === undefined ? sql`true` : sql`(o.delivery->>'shopId')::int = ${shopId}`;
      const rows = await queryRows<{
        id: number;
        status: OrderStatus;
        total: number;
        created_at: string | Date;
        name: string;
        last_name: string;
        phone: string;
        email: string;
        tracking_number: string | null;
        delivery: { address?: string; shop?: string; point?: string };
        found: number;
      }>(
        db,
        sql`select o.id, o.status, o.total, o.created_at, o.name, o.last_name, o.phone, o.email, o.tracking_number,
            o.delivery, count(*) over () as found
          from orders o where ${scope} and ${orderSearchSql(q)}
          order by (o.id = ${q.orderId ?? -1}) desc, o.created_at desc, o.id desc limit ${limit}`,
      );
      return {
        total: Number(rows[0]?.found ?? 0),
        rows: rows.map(
          (r): OrderHit => ({
            id: Number(r.id),
            status: r.status,
            total: Number(r.total),
            createdAt: iso(r.created_at),
            name: `${r.name} ${r.last_name}`.trim(),
            phone: r.phone,
            email: r.email,
            trackingNumber: r.tracking_number,
            place: r.delivery.shop ?? r.delivery.point ?? r.delivery.address ?? '',
          }),
        ),
      };
    },

    async products(q, match, limit) {
      // The size a barcode or a 1C id names, to show which one it was.
      const size = q.token
        ? sql`(select f.size_name from offers f left join exchange_offers e on e.offer_id = f.id
            where f.product_id = p.id and (f.barcode = ${q.token} or e.onec_id = ${q.token}) limit 1)`
        : sql`null::text`;
      const rows = await queryRows<{
        id: number;
        name: string;
        article: string;
        brand: string | null;
        color: string | null;
        active: boolean;
        size: string | null;
        found: number;
      }>(
        db,
        sql`select p.id, p.name, p.article, b.name as brand, c.name as color, p.active, ${size} as size,
            count(*) over () as found
          from products p left join brands b on b.id = p.brand_id left join colors c on c.code = p.color_code
          where ${productSearchSql(q, match)}
          order by (p.article ilike ${q.token ? startsWith(q.token) : ''}) desc, p.active desc, p.popularity desc, p.id desc
          limit ${limit}`,
      );
      return {
        total: Number(rows[0]?.found ?? 0),
        rows: rows.map(
          (r): ProductHit => ({
            id: Number(r.id),
            name: r.name,
            article: r.article,
            brand: r.brand ?? '',
            color: r.color ?? '',
            published: Boolean(r.active),
            size: r.size,
          }),
        ),
      };
    },

    async customers(q, { guests, limit }) {
      const accounts = await queryRows<{
        id: number;
        name: string;
        last_name: string;
        email: string;
        phone: string | null;
        orders: number;
        found: number;
      }>(
        db,
        sql`select u.id, u.name, u.last_name, u.email, coalesce(u.confirmed_phone, u.phone) as phone,
            (select count(*) from orders o where o.user_id = u.id)::int as orders, count(*) over () as found
          from users u where ${userSearchSql(q)} order by u.id desc limit ${limit}`,
      );
      const rows: CustomerHit[] = accounts.map((r) => ({
        id: Number(r.id),
        name: `${r.name} ${r.last_name}`.trim(),
        phone: r.phone,
        email: r.email,
        orders: Number(r.orders),
      }));
      let total = Number(accounts[0]?.found ?? 0);
      if (guests) {
        // A guest is the phone of orders placed without an account; their latest order names them.
        const found = await queryRows<{
          id: number;
          phone: string;
          name: string;
          email: string;
          orders: number;
          n: number;
        }>(
          db,
          sql`select g.id, g.phone, g.name, g.email, g.orders, count(*) over () as n from (
              select distinct on (o.phone) o.id, o.phone, trim(o.name || ' ' || o.last_name) as name, o.email,
                count(*) over (partition by o.phone)::int as orders, o.created_at
              from orders o
              where o.user_id is null and ${orderSearchSql({ ...q, orderId: null, code: null })}
              order by o.phone, o.created_at desc) g
            order by g.created_at desc limit ${limit}`,
        );
        total += Number(found[0]?.n ?? 0);
        for (const g of found.slice(0, Math.max(0, limit - rows.length)))
          rows.push({
            id: null,
            guestOrderId: Number(g.id),
            name: g.name,
            phone: g.phone,
            email: g.email,
            orders: Number(g.orders),
          });
      }
      return { rows, total };
    },
  };
}
