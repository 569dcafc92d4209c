import { sql } from 'drizzle-orm';
import type { PromoAdminRepository, PromoRow, PromoWrite } from '../../domain/pricing/promo-admin';
import { orderNumber } from '../../domain/order/process';
import { type Db, queryRows } from '../client';

interface Row {
  code: string;
  percent: number | null;
  amount: number | null;
  min_basket: number;
  starts_at: string | Date | null;
  ends_at: string | Date | null;
  section_ids: number[] | null;
  brand_ids: number[] | null;
  max_uses: number | null;
  per_customer: number | null;
  uses: number;
  revenue: number | string | null;
  stopped_at: string | Date | null;
  created_at: string | Date;
}

const num = (v: number | null) => (v === null ? null : Number(v));
const date = (v: string | Date | null) => (v === null ? null : new Date(v));

const rowOf = (r: Row): PromoRow => ({
  code: r.code,
  percent: num(r.percent),
  amount: num(r.amount),
  minBasket: Number(r.min_basket),
  startsAt: date(r.starts_at),
  endsAt: date(r.ends_at),
  sectionIds: r.section_ids?.map(Number) ?? null,
  brandIds: r.brand_ids?.map(Number) ?? null,
  maxUses: num(r.max_uses),
  perCustomer: num(r.per_customer),
  uses: Number(r.uses),
  revenue: Number(r.revenue ?? 0),
  stoppedAt: date(r.stopped_at),
  createdAt: new Date(r.created_at),
});

/** A list of ids as an int[] parameter (null: no list, every section or brand). */
const intArray = (ids: number[] | null) =>
  ids === null ? sql`null::int[]` : sql`string_to_array(${ids.join(',')}, ',')::int[]`;
const moment = (at: Date | null) => (at === null ? sql`null::timestamptz` : sql`${at.toISOString()}::timestamptz`);

/** Each code with the revenue of its orders that are not cancelled. */
const SELECT = sql`select p.*, coalesce((
    select sum(o.total) from promo_code_uses u join orders o on o.id = u.order_id
    where u.code = p.code and o.status <> 'cancelled'), 0) as revenue
  from promo_codes p`;

/** The back office's reads and writes of promo codes (issue 28.3). Money in kopecks. */
export function promoAdminRepository(db: Db): PromoAdminRepository {
  return {
    async list() {
      const rows = await queryRows<Row>(db, sql`${SELECT} where p.batch_id is null order by p.created_at desc, p.code`);
      return rows.map(rowOf);
    },
    async get(code) {
      const [row] = await queryRows<Row>(db, sql`${SELECT} where p.code = ${code}`);
      return row ? rowOf(row) : null;
    },
    async uses(code) {
      const rows = await queryRows<{
        order_id: number;
        name: string;
        last_name: string;
        phone: string;
        created_at: string | Date;
        total: number;
        status: string;
      }>(
        db,
        sql`select u.order_id, o.name, o.last_name, o.phone, o.created_at, o.total, o.status
          from promo_code_uses u join orders o on o.id = u.order_id
          where u.code = ${code} order by o.created_at desc, u.order_id desc limit 500`,
      );
      return rows.map((r) => ({
        orderId: Number(r.order_id),
        number: orderNumber(Number(r.order_id)),
        customer: [r.name, r.last_name].filter(Boolean).join(' '),
        phone: r.phone,
        at: new Date(r.created_at).toISOString(),
        total: Number(r.total) / 100,
        status: r.status,
      }));
    },
    async insert(p: PromoWrite) {
      const rows = await queryRows<{ code: string }>(
        db,
        sql`insert into promo_codes (code, percent, amount, min_basket, starts_at, ends_at, section_ids, brand_ids,
            max_uses, per_customer)
          values (${p.code}, ${p.percent}, ${p.amount}, ${p.minBasket}, ${moment(p.startsAt)}, ${moment(p.endsAt)},
            ${intArray(p.sectionIds)}, ${intArray(p.brandIds)}, ${p.maxUses}, ${p.perCustomer})
          on conflict (code) do nothing returning code`,
      );
      return rows.length === 1;
    },
    async update(p: PromoWrite) {
      await db.execute(
        sql`update promo_codes set percent = ${p.percent}, amount = ${p.amount}, min_basket = ${p.minBasket},
            starts_at = ${moment(p.startsAt)}, ends_at = ${moment(p.endsAt)}, section_ids = ${intArray(p.sectionIds)},
            brand_ids = ${intArray(p.brandIds)}, max_uses = ${p.maxUses}, per_customer = ${p.perCustomer}
          where code = ${p.code}`,
      );
    },
    async stop(code, at) {
      await db.execute(
        // The one-use codes of its batches (issue 47.5) stop with it.
        sql`update promo_codes set stopped_at = ${at.toISOString()}::timestamptz
          where (code = ${code} or batch_id in (select id from promo_batches where rule_code = ${code}))
            and stopped_at is null`,
      );
    },
    async sections() {
      const rows = await queryRows<{ id: number; name: string; depth: number }>(
        db,
        sql`select id, name, depth from sections order by path, sort, id`,
      );
      return rows.map((r) => ({ id: Number(r.id), name: `${'— '.repeat(Math.max(Number(r.depth) - 1, 0))}${r.name}` }));
    },
    async brands() {
      const rows = await queryRows<{ id: number; name: string }>(
        db,
        sql`select id, name from brands order by name, id`,
      );
      return rows.map((r) => ({ id: Number(r.id), name: r.name }));
    },
  };
}
