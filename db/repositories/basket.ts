import { type SQL, sql } from 'drizzle-orm';
import { type BasketRow, type CatalogLine, MAX_BASKET_LINES } from '../../domain/basket/basket';
import type { BasketOwner, BasketRepository, OwnerRef, StoredLine } from '../../domain/basket/ports';
import { type Db, preparedRows, queryRows } from '../client';
import { onlineStockSql } from './availability';

/** The user a session is bound to (a row, or none), as a subquery. */
const sessionUser = (sessionId: string) =>
  sql`(select u.id from sessions s join users u on u.id = s.user_id where s.id = ${sessionId})`;

/** The owner's lines, for basket_lines aliased `l`. */
export function ownerSql(owner: OwnerRef): SQL {
  if (owner.userId === 'session')
    return sql`(l.user_id = ${sessionUser(owner.sessionId)}
      or (l.session_id = ${owner.sessionId} and l.user_id is null and not exists ${sessionUser(owner.sessionId)}))`;
  return owner.userId != null
    ? sql`l.user_id = ${owner.userId}`
    : sql`l.session_id = ${owner.sessionId} and l.user_id is null`;
}

/** The unique index a new line of this owner collides with: the partial index's columns and its predicate. */
function conflictTarget(owner: BasketOwner): SQL {
  return owner.userId != null
    ? sql`(user_id, offer_id, delay) where user_id is not null`
    : sql`(session_id, offer_id, delay) where user_id is null`;
}

/**
 * Serialises the writes that add lines to one owner's basket until their transaction ends (a transaction-scoped
 * advisory lock in a key space of its own, the first key 5100): a line count read after it stays true until the
 * insert commits, so concurrent adds cannot pass `MAX_BASKET_LINES` together.
 */
function lockOwner(owner: BasketOwner): SQL {
  const key = owner.userId != null ? `user:${owner.userId}` : `session:${owner.sessionId}`;
  return sql`select pg_advisory_xact_lock(5100, hashtext(${key}))`;
}

/** Whether the owner's cart (or wishlist) has no room for a line of the offer it does not hold yet. */
async function listFull(tx: Pick<Db, 'execute'>, owner: BasketOwner, delay: boolean, offerId: number) {
  const [row] = await queryRows<{ lines: number; has: boolean }>(
    tx,
    sql`
    select count(*)::int as lines, coalesce(bool_or(l.offer_id = ${offerId}), false) as has
    from basket_lines l where ${ownerSql(owner)} and l.delay = ${delay}`,
  );
  return !row?.has && Number(row?.lines ?? 0) >= MAX_BASKET_LINES;
}

/**
 * An offer's catalogue data and the units an online order can take of it (one number, counted in SQL: a basket reads
 * no stock rows), for offers aliased `o`, products `p`, brands `b`, colors `c`.
 */
const catalogColumns = sql`o.id as offer_id, p.id as product_id, p.name as product_name, b.name as brand_name,
  p.category, c.name as color_name, p.url, o.size_name, o.price, o.old_price, ${onlineStockSql(sql`o.id`)} as stock,
  (select i.file from product_images i where i.product_id = p.id order by i.sort limit 1) as image`;

/** The owner's lines with their catalogue data, newest first. */
const linesOf = (owner: OwnerRef) => sql`
  select l.id, l.delay, l.quantity, ${catalogColumns}
  from basket_lines l
    join offers o on o.id = l.offer_id
    join products p on p.id = o.product_id and p.active
    join brands b on b.id = p.brand_id
    left join colors c on c.code = p.color_code
  where ${ownerSql(owner)}
  order by l.created_at desc, l.id desc`;

interface CatalogRow {
  offer_id: number;
  product_id: number;
  product_name: string;
  brand_name: string;
  category: string;
  color_name: string | null;
  url: string;
  image: string | null;
  size_name: string;
  price: string | number;
  old_price: string | number | null;
  stock: number;
}

interface LineRow extends CatalogRow {
  id: number;
  delay: boolean;
  quantity: number;
}

const toCatalogLine = (r: CatalogRow): CatalogLine => ({
  offerId: Number(r.offer_id),
  productId: Number(r.product_id),
  productName: r.product_name,
  brandName: r.brand_name,
  category: r.category,
  colorName: r.color_name ?? '',
  url: r.url,
  image: r.image,
  sizeName: r.size_name,
  price: Number(r.price),
  oldPrice: r.old_price == null ? null : Number(r.old_price),
  stock: Number(r.stock),
});

// Object.assign, not `{ ...line, id }`: a spread followed by more properties takes V8's slow path (Node 20), about
// 3 µs a row, which was a tenth of the basket state's time.
const toRow = (r: LineRow): BasketRow =>
  Object.assign(toCatalogLine(r), { id: Number(r.id), delay: Boolean(r.delay), quantity: Number(r.quantity) });

const toStored = (r: { id: number; offer_id: number; delay: boolean; quantity: number }): StoredLine => ({
  id: Number(r.id),
  offerId: Number(r.offer_id),
  delay: Boolean(r.delay),
  quantity: Number(r.quantity),
});

export function basketRepository(db: Db): BasketRepository {
  return {
    async counts(owner) {
      // The lines the basket shows: a product taken off sale leaves the counts as it leaves the basket.
      const [row] = await queryRows<{ available: number; delay: number }>(
        db,
        sql`
        select coalesce(sum(l.quantity) filter (where not l.delay), 0)::int as available, (count(*) filter (where l.delay))::int as delay
        from basket_lines l
          join offers o on o.id = l.offer_id
          join products p on p.id = o.product_id and p.active
        where ${ownerSql(owner)}`,
      );
      return { availableCount: Number(row?.available ?? 0), delayCount: Number(row?.delay ?? 0) };
    },

    async rows(owner) {
      return (await preparedRows<LineRow>(db, linesOf(owner))).map(toRow);
    },

    async snapshot(owner, offerId) {
      const [row] = await preparedRows<{ user_id: number | null; offer: CatalogRow | null; lines: LineRow[] }>(
        db,
        sql`
        select ${owner.userId === 'session' ? sessionUser(owner.sessionId) : sql`${owner.userId}::int`} as user_id,
          (select row_to_json(t) from (
            select ${catalogColumns} from offers o
              join products p on p.id = o.product_id and p.active
              join brands b on b.id = p.brand_id
              left join colors c on c.code = p.color_code
            where o.id = ${offerId}) t) as offer,
          (select coalesce(json_agg(x), '[]') from (${linesOf(owner)}) x) as lines`,
      );
      const userId = row?.user_id == null ? null : Number(row.user_id);
      return {
        owner: { sessionId: owner.sessionId, userId },
        offer: row?.offer ? toCatalogLine(row.offer) : null,
        rows: (row?.lines ?? []).map(toRow),
      };
    },

    async onlineStock(offerIds) {
      if (offerIds.length === 0) return new Map();
      const rows = await queryRows<{ id: number; stock: number }>(
        db,
        sql`
        select o.id, ${onlineStockSql(sql`o.id`)} as stock
        from offers o join products p on p.id = o.product_id and p.active
        where o.id in ${offerIds}`,
      );
      return new Map(rows.map((r) => [Number(r.id), Number(r.stock)]));
    },

    async addLine(owner, offerId, { delay, quantity, cap }) {
      // One statement (migration 0032): the owner's lock, the list's line cap, the session row and the upsert.
      const [row] = await queryRows<{
        outcome: 'added' | 'over_stock' | 'full';
        line_id: number;
        line_quantity: number;
      }>(
        db,
        sql`select * from basket_add_line(${owner.sessionId}, ${owner.userId}::int, ${offerId}::int, ${delay},
          ${quantity}::int, ${cap}::int, ${MAX_BASKET_LINES}::int)`,
      );
      if (row?.outcome === 'added')
        return { outcome: 'added', lineId: Number(row.line_id), quantity: Number(row.line_quantity) };
      return { outcome: row?.outcome === 'full' ? 'full' : 'over_stock' };
    },

    async removeFromWishlist(owner, offerId) {
      await db.execute(
        sql`delete from basket_lines l where ${ownerSql(owner)} and l.offer_id = ${offerId} and l.delay`,
      );
    },

    async line(owner, lineId) {
      const [row] = await queryRows<{ id: number; offer_id: number; delay: boolean; quantity: number }>(
        db,
        sql`
        select l.id, l.offer_id, l.delay, l.quantity from basket_lines l where l.id = ${lineId} and ${ownerSql(owner)}`,
      );
      return row ? toStored(row) : null;
    },

    async deleteLine(owner, lineId) {
      await db.execute(sql`delete from basket_lines l where l.id = ${lineId} and ${ownerSql(owner)}`);
    },

    async setQuantity(owner, lineId, quantity) {
      await db.execute(sql`
        update basket_lines l set quantity = ${quantity}, updated_at = now()
        where l.id = ${lineId} and not l.delay and ${ownerSql(owner)}`);
    },

    async sameProduct(a, b) {
      const [row] = await queryRows<{ same: boolean }>(
        db,
        sql`select (select product_id from offers where id = ${a}) = (select product_id from offers where id = ${b}) as same`,
      );
      return row?.same === true;
    },

    async changeOffer(owner, lineId, offerId, cap) {
      await db.transaction(async (tx) => {
        await tx.execute(lockOwner(owner));
        const [line] = await queryRows<{ quantity: number }>(
          tx,
          sql`select l.quantity from basket_lines l where l.id = ${lineId} and not l.delay and ${ownerSql(owner)}`,
        );
        if (!line) return;
        const [merged] = await queryRows<{ id: number }>(
          tx,
          sql`
          update basket_lines l set quantity = least(l.quantity + ${Number(line.quantity)}, ${cap}), updated_at = now()
          where l.offer_id = ${offerId} and not l.delay and ${ownerSql(owner)} returning l.id`,
        );
        if (merged) await tx.execute(sql`delete from basket_lines l where l.id = ${lineId} and ${ownerSql(owner)}`);
        else
          await tx.execute(sql`
            update basket_lines l set offer_id = ${offerId}, quantity = least(l.quantity, ${cap}), updated_at = now()
            where l.id = ${lineId} and ${ownerSql(owner)}`);
      });
    },

    async moveToWishlist(owner, lineId) {
      return db.transaction(async (tx) => {
        await tx.execute(lockOwner(owner));
        const [line] = await queryRows<{ offer_id: number }>(
          tx,
          sql`select l.offer_id from basket_lines l where l.id = ${lineId} and not l.delay and ${ownerSql(owner)}`,
        );
        if (!line) return 'moved';
        if (await listFull(tx, owner, true, Number(line.offer_id))) return 'full';
        const [moved] = await queryRows<{ offer_id: number }>(
          tx,
          sql`
          delete from basket_lines l where l.id = ${lineId} and not l.delay and ${ownerSql(owner)} returning l.offer_id`,
        );
        if (!moved) return 'moved';
        await tx.execute(sql`
          insert into basket_lines (session_id, user_id, offer_id, delay, quantity)
          values (${owner.sessionId}, ${owner.userId}, ${Number(moved.offer_id)}, true, 1)
          on conflict ${conflictTarget(owner)} do nothing`);
        return 'moved';
      });
    },

    async mergeSources(sessionId, userId) {
      const rows = await queryRows<{
        id: number;
        offer_id: number;
        delay: boolean;
        quantity: number;
        user_id: number | null;
      }>(
        db,
        sql`
        select l.id, l.offer_id, l.delay, l.quantity, l.user_id from basket_lines l
        where (l.session_id = ${sessionId} and l.user_id is null) or l.user_id = ${userId}
        order by l.created_at desc, l.id desc`,
      );
      return {
        visitor: rows.filter((r) => r.user_id == null).map(toStored),
        user: rows.filter((r) => r.user_id != null).map(toStored),
      };
    },

    async replaceWithMerged(sessionId, userId, lines) {
      const owner = { sessionId, userId };
      await db.transaction(async (tx) => {
        await tx.execute(lockOwner(owner));
        for (const line of lines) {
          await tx.execute(sql`
            insert into basket_lines (session_id, user_id, offer_id, delay, quantity)
            values (${sessionId}, ${userId}, ${line.offerId}, ${line.delay}, ${line.quantity})
            on conflict ${conflictTarget(owner)} do update set quantity = excluded.quantity, updated_at = now()`);
        }
        await tx.execute(sql`delete from basket_lines where session_id = ${sessionId} and user_id is null`);
        await tx.execute(sql`
          insert into sessions (id, user_id) values (${sessionId}, ${userId})
          on conflict (id) do update set user_id = excluded.user_id, last_seen_at = now()`);
      });
    },
  };
}
