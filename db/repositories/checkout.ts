import { type SQL, sql } from 'drizzle-orm';
import type {
  CheckoutRepository,
  LockedOrder,
  OrderLineFacts,
  OrderWrites,
  OrderShop,
  OrderSize,
} from '../../domain/order/ports';
import type { PickupPoint } from '../../domain/delivery/pickup';
import type { StoreKind } from '../../domain/inventory/availability';
import { bringingStores, type ShopSource, shopServes, slowestSource } from '../../domain/inventory/shop-serves';
import type { DeliveryType, OrderStatus } from '../../domain/order/process';
import type { PromoCode } from '../../domain/pricing/promo';
import type { Holiday, WeekHours } from '../../domain/stores/hours';
import { type Db, queryRows } from '../client';
import { type AddressRow, cabinetRepository, columns, toAddress } from './cabinet';
import { orderableOnlineSql, shopSourceSql } from './availability';
import type { BasketOwner } from '../../domain/basket/ports';

const ownerSql = (owner: BasketOwner): SQL =>
  owner.userId !== null
    ? sql`l.user_id = ${owner.userId}`
    : sql`l.session_id = ${owner.sessionId} and l.user_id is null`;

interface LineRow {
  id: number;
  offer_id: number;
  product_id: number;
  name: string;
  size_name: string;
  price: number;
  old_price: number | null;
  quantity: number;
  section_path: number[];
  brand_id: number;
}

const toLine = (r: LineRow): OrderLineFacts => ({
  lineId: Number(r.id),
  offerId: Number(r.offer_id),
  productId: Number(r.product_id),
  name: r.name,
  sizeName: r.size_name,
  price: Number(r.price),
  oldPrice: r.old_price !== null && Number(r.old_price) > Number(r.price) ? Number(r.old_price) : null,
  quantity: Number(r.quantity),
  sectionPath: r.section_path.map(Number),
  brandId: Number(r.brand_id),
});

export function checkoutRepository(db: Db): CheckoutRepository {
  /** The cart's lines of products on sale that can (or cannot) be bought online now. */
  async function cartLines(owner: BasketOwner, orderable: boolean): Promise<OrderLineFacts[]> {
    const rows = await queryRows<LineRow>(
      db,
      sql`
      select l.id, l.offer_id, p.id as product_id, p.name, o.size_name, o.price, o.old_price, l.quantity,
        p.section_path, p.brand_id
      from basket_lines l join offers o on o.id = l.offer_id join products p on p.id = o.product_id and p.active
      where ${ownerSql(owner)} and not l.delay and ${orderableOnlineSql(sql`o.id`)} = ${orderable}
      order by l.offer_id`,
    );
    return rows.map(toLine);
  }

  return {
    async confirmedPhones(sessionId, userId) {
      const rows = await queryRows<{ phone: string | null }>(
        db,
        sql`
        select confirmed_phone as phone from sessions where id = ${sessionId}
        union all select confirmed_phone from users where id = ${userId ?? 0}`,
      );
      return rows.map((r) => r.phone).filter((p): p is string => Boolean(p));
    },

    async orderByKey(sessionId, key) {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`select id from orders where session_id = ${sessionId} and idempotency_key = ${key}`,
      );
      return row ? Number(row.id) : null;
    },

    async ordersSince(phone, since) {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from orders where phone = ${phone} and created_at >= ${since.toISOString()}::timestamptz`,
      );
      return Number(row?.n ?? 0);
    },

    async deliveryPrices() {
      const rows = await queryRows<{ type: DeliveryType; price: number; free_from: number | null }>(
        db,
        sql`select type, price, free_from from delivery_prices`,
      );
      return Object.fromEntries(
        rows.map((r) => [
          r.type,
          { price: Number(r.price), freeFrom: r.free_from === null ? null : Number(r.free_from) },
        ]),
      );
    },

    orderLines: (owner) => cartLines(owner, true),

    soldOutLines: (owner) => cartLines(owner, false),

    async offerLine(offerId) {
      const [row] = await queryRows<LineRow>(
        db,
        sql`
        select 0 as id, o.id as offer_id, p.id as product_id, p.name, o.size_name, o.price, o.old_price, 1 as quantity,
          p.section_path, p.brand_id
        from offers o join products p on p.id = o.product_id and p.active
        where o.id = ${offerId}`,
      );
      return row ? toLine(row) : null;
    },

    async sizesOf(productIds) {
      if (productIds.length === 0) return new Map();
      const rows = await queryRows<{ product_id: number; offer_id: number; size_name: string; can_buy: boolean }>(
        db,
        sql`
        select o.product_id, o.id as offer_id, o.size_name, ${orderableOnlineSql(sql`o.id`)} as can_buy
        from offers o where o.product_id in ${productIds}
        order by o.product_id, o.size_sort, o.id`,
      );
      const sizes = new Map<number, OrderSize[]>();
      for (const r of rows) {
        const list = sizes.get(Number(r.product_id)) ?? [];
        list.push({ offerId: Number(r.offer_id), sizeName: r.size_name, canBuy: Boolean(r.can_buy) });
        sizes.set(Number(r.product_id), list);
      }
      return sizes;
    },

    async addresses(owner) {
      if (owner.userId !== null) return cabinetRepository(db).addresses(owner.userId);
      const rows = await queryRows<AddressRow>(
        db,
        sql`select * from addresses where session_id = ${owner.sessionId} order by id desc`,
      );
      return rows.map(toAddress);
    },

    async addAddress(owner, input, max) {
      if (owner.userId !== null) return cabinetRepository(db).addAddress(owner.userId, input, max);
      const c = columns(input);
      // One statement: the count and the insert cannot be split by a concurrent add of the same session.
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`
        insert into addresses (session_id, type, city, street, house, flat, entrance, floor, intercom, comment,
          postcode, post_address)
        select ${owner.sessionId}, ${c.type}, ${c.city}, ${c.street}, ${c.house}, ${c.flat}, ${c.entrance},
          ${c.floor}, ${c.intercom}, ${c.comment}, ${c.postcode}, ${c.postAddress}
        where (select count(*) from addresses where session_id = ${owner.sessionId}) < ${max}
        returning id`,
      );
      return row ? Number(row.id) : 'full';
    },

    async pickupPoints(cityId) {
      const rows = await queryRows<PickupPoint>(
        db,
        sql`select id, city_id as "cityId", name, address, hours, lat, lon from pickup_points
          where city_id = ${cityId ?? 0} order by id`,
      );
      return rows.map((r) => ({
        ...r,
        id: Number(r.id),
        cityId: Number(r.cityId),
        lat: Number(r.lat),
        lon: Number(r.lon),
      }));
    },

    async shopsOf(cityId, offerIds) {
      const shops = await queryRows<{
        id: number;
        name: string;
        address: string;
        hours: string;
        phone: string;
        metro: string | null;
        lat: string;
        lon: string;
      }>(
        db,
        sql`select id, name, address, hours, phone, metro, lat, lon from stores
          where type = 'shop' and city_id = ${cityId ?? 0} order by sort, id`,
      );
      const stock =
        offerIds.length === 0
          ? []
          : await queryRows<{ offer_id: number; store_id: number; type: StoreKind; quantity: number }>(
              db,
              sql`
              select k.offer_id, k.store_id, s.type, k.quantity from stock k join stores s on s.id = k.store_id
              where k.offer_id in ${offerIds} and k.quantity > 0`,
            );
      const restrictions =
        offerIds.length === 0
          ? []
          : await queryRows<{ offer_id: number; store_id: number }>(
              db,
              sql`select offer_id, store_id from offer_restrictions where offer_id in ${offerIds}`,
            );
      const allowedShopIds = new Map<number, number[]>();
      const allowedMovementStoreIds = new Map<number, number[]>();
      const warehouseStock = new Map<number, number>();
      for (const offerId of offerIds) {
        const own = stock
          .filter((k) => Number(k.offer_id) === offerId)
          .map((k) => ({ storeId: Number(k.store_id), storeType: k.type, quantity: Number(k.quantity) }));
        const banned = restrictions.filter((r) => Number(r.offer_id) === offerId).map((r) => Number(r.store_id));
        allowedShopIds.set(
          offerId,
          shops.map((s) => Number(s.id)).filter((id) => shopServes(id, own, banned) !== null),
        );
        allowedMovementStoreIds.set(offerId, bringingStores(own, banned));
        warehouseStock.set(
          offerId,
          own
            .filter((k) => k.storeType === 'online' && !banned.includes(k.storeId))
            .reduce((sum, k) => sum + k.quantity, 0),
        );
      }
      return {
        shops: shops.map((s) => ({ ...s, id: Number(s.id), lat: Number(s.lat), lon: Number(s.lon) })),
        allowedShopIds,
        allowedMovementStoreIds,
        warehouseStock,
      };
    },

    async shop(id) {
      const [row] = await queryRows<OrderShop>(
        db,
        sql`select id, name, address, hours, phone, metro, lat, lon from stores where id = ${id} and type = 'shop'`,
      );
      return row ? { ...row, id: Number(row.id), lat: Number(row.lat), lon: Number(row.lon) } : null;
    },

    async shopFor(shopId, offerIds) {
      const [row] = await queryRows<{
        name: string;
        address: string;
        reservable: boolean;
        time_zone: string;
        week_hours: WeekHours | null;
        holidays: Holiday[];
        sources: (ShopSource | null)[];
      }>(
        db,
        sql`
        select s.name, s.address, s.reservable, c.time_zone, s.week_hours, s.holidays,
          array(select ${shopSourceSql(sql`o.id`, sql`s.id`)} from offers o where o.id in ${offerIds}) as sources
        from stores s join cities c on c.id = s.city_id
        where s.id = ${shopId} and s.type = 'shop'`,
      );
      const sources = row?.sources.filter((source) => source !== null) ?? [];
      if (!row || sources.length < offerIds.length) return null;
      return {
        name: row.name,
        address: row.address,
        reservable: row.reservable,
        timeZone: row.time_zone,
        weekHours: row.week_hours,
        holidays: row.holidays,
        source: slowestSource(sources),
      };
    },

    async sessionPromoCodes(sessionId) {
      const rows = await queryRows<{ code: string }>(
        db,
        sql`select code from checkout_promo_codes where session_id = ${sessionId} order by created_at, code`,
      );
      return rows.map((r) => r.code);
    },

    async addPromoCode(sessionId, code) {
      await db.execute(sql`
        insert into checkout_promo_codes (session_id, code) values (${sessionId}, ${code}) on conflict do nothing`);
    },

    async removePromoCode(sessionId, code) {
      await db.execute(sql`delete from checkout_promo_codes where session_id = ${sessionId} and code = ${code}`);
    },

    async promo(code): Promise<PromoCode | null> {
      const [r] = await queryRows<{
        code: string;
        percent: number | null;
        amount: number | null;
        min_basket: number;
        starts_at: string | null;
        ends_at: string | null;
        section_ids: number[] | null;
        brand_ids: number[] | null;
        max_uses: number | null;
        per_customer: number | null;
        uses: number;
        stopped_at: string | null;
      }>(db, sql`select * from promo_codes where code = ${code}`);
      if (!r) return null;
      const num = (v: number | null) => (v === null ? null : Number(v));
      return {
        code: r.code,
        percent: num(r.percent),
        amount: num(r.amount),
        minBasket: Number(r.min_basket),
        startsAt: r.starts_at ? new Date(r.starts_at) : null,
        endsAt: r.ends_at ? new Date(r.ends_at) : null,
        sectionIds: r.section_ids?.map(Number) ?? null,
        brandIds: r.brand_ids?.map(Number) ?? null,
        maxUses: num(r.max_uses),
        perCustomer: num(r.per_customer),
        uses: Number(r.uses),
        stoppedAt: r.stopped_at ? new Date(r.stopped_at) : null,
      };
    },

    async promoUses(code, customer) {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from promo_code_uses where code = ${code} and customer = ${customer}`,
      );
      return Number(row?.n ?? 0);
    },

    async ownCardRemoved(sessionId) {
      const [row] = await queryRows<{ removed: boolean }>(
        db,
        sql`select discount_card_removed as removed from sessions where id = ${sessionId}`,
      );
      return row?.removed === true;
    },

    async setOwnCardRemoved(sessionId, removed) {
      await db.execute(sql`update sessions set discount_card_removed = ${removed} where id = ${sessionId}`);
    },

    async card(input) {
      const where = 'userId' in input ? sql`user_id = ${input.userId}` : sql`number = ${input.number}`;
      const [row] = await queryRows<{ number: string; percent: number; active: boolean; bonus_balance: number }>(
        db,
        sql`select number, percent, active, bonus_balance from discount_cards where ${where}`,
      );
      return row
        ? {
            number: row.number,
            percent: Number(row.percent),
            active: row.active,
            bonusBalance: Number(row.bonus_balance),
          }
        : null;
    },
  };
}

export function orderWrites(db: Db): OrderWrites {
  return {
    async lockPhoneOrdersSince(phone, since) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-phone:${phone}`}))`);
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from orders where phone = ${phone} and created_at >= ${since.toISOString()}::timestamptz`,
      );
      return Number(row?.n ?? 0);
    },

    async takePromo(code, customer, limits) {
      // The code's row lock queues concurrent orders, so each counts the uses the one before left.
      const [promo] = await queryRows<{ uses: number; stopped: boolean }>(
        db,
        sql`select uses, stopped_at is not null as stopped from promo_codes where code = ${code} for update`,
      );
      if (promo?.stopped) return 'stopped';
      if (!promo || (limits.maxUses !== null && Number(promo.uses) >= limits.maxUses)) return 'used';
      if (limits.perCustomer !== null) {
        const [mine] = await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from promo_code_uses where code = ${code} and customer = ${customer}`,
        );
        if (Number(mine?.n ?? 0) >= limits.perCustomer) return 'used';
      }
      await db.execute(sql`update promo_codes set uses = uses + 1 where code = ${code}`);
      return 'ok';
    },

    async insert(order, actor) {
      const lines = order.lines.map((l) => ({
        offer_id: l.offerId,
        product_id: l.productId,
        name: l.name,
        size_name: l.sizeName,
        price: l.price,
        old_price: l.oldPrice,
        quantity: l.quantity,
        total: l.total,
      }));
      const stock = order.stock.map((a) => ({ offer_id: a.offerId, store_id: a.storeId, quantity: a.quantity }));
      const spent = order.userId !== null && order.bonusesUsed > 0 ? -order.bonusesUsed : 0;
      // One statement: the order, its lines, the stock it took, its first status and the bonuses it spent. A key
      // already used inserts nothing (and waits for a save of it still running), so the transaction stays usable.
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`
        with o as (insert into orders (user_id, session_id, idempotency_key, status, delivery_type, delivery, name, last_name,
          second_name, email, phone, comment, is_disabled_call, items, discount, delivery_price, bonuses_used, total,
          reserved_until, payment_method, payment_due_at)
        values (${order.userId}, ${order.sessionId}, ${order.idempotencyKey}, ${order.status}, ${order.deliveryType},
          ${JSON.stringify(order.delivery)}::jsonb, ${order.name}, ${order.lastName}, ${order.secondName},
          ${order.email}, ${order.phone}, ${order.comment}, ${order.isDisabledCall}, ${order.items},
          ${order.discount}, ${order.deliveryPrice}, ${order.bonusesUsed}, ${order.total},
          ${order.reservedUntil?.toISOString() ?? null}, ${order.paymentMethod},
          ${order.paymentDueAt?.toISOString() ?? null})
        on conflict do nothing
        returning id),
        -- The order's own stock movements (written before its row existed) get its id (migration 0029).
        linked as (update stock_movements set order_id = (select id from o)
          where exists (select 1 from o) and xact = txid_current() and order_id is null and kind in ('order', 'reservation')),
        line_rows as (insert into order_lines (order_id, offer_id, product_id, name, size_name, price, old_price, quantity, total)
          select o.id, l.offer_id, l.product_id, l.name, l.size_name, l.price, l.old_price, l.quantity, l.total
          from o, jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as l(offer_id int, product_id int, name text,
            size_name text, price int, old_price int, quantity int, total int)),
        stock_rows as (insert into order_stock (order_id, offer_id, store_id, quantity)
          select o.id, a.offer_id, a.store_id, sum(a.quantity)
          from o, jsonb_to_recordset(${JSON.stringify(stock)}::jsonb) as a(offer_id int, store_id int, quantity int)
          group by o.id, a.offer_id, a.store_id),
        history as (insert into order_status_history (order_id, status, actor) select id, ${order.status}, ${actor} from o),
        bonuses as (insert into bonus_operations (user_id, order_id, kind, amount)
          select ${order.userId}::int, id, 'spend', ${spent}::int from o where ${spent}::int < 0)
        select id from o`,
      );
      return row ? Number(row.id) : null;
    },

    async spendBonuses(userId, amount) {
      const rows = await queryRows<{ user_id: number }>(
        db,
        sql`update discount_cards set bonus_balance = bonus_balance - ${amount}
          where user_id = ${userId} and bonus_balance >= ${amount} returning user_id`,
      );
      return rows.length === 1;
    },

    async notePromoUse(code, orderId, customer) {
      await db.execute(sql`
        insert into promo_code_uses (code, order_id, customer) values (${code}, ${orderId}, ${customer})`);
    },

    async lockForChange(id) {
      const [row] = await queryRows<{
        id: number;
        status: OrderStatus;
        delivery_type: DeliveryType;
        delivery: LockedOrder['delivery'];
        user_id: number | null;
        name: string;
        phone: string;
        email: string;
        items: number;
        discount: number;
        delivery_price: number;
        bonuses_used: number;
        bonuses_earned: number;
        total: number;
        reserved_until: string | Date | null;
        payment_method: LockedOrder['paymentMethod'];
        exported_at: string | Date | null;
      }>(
        db,
        sql`select id, status, delivery_type, delivery, user_id, name, phone, email, items, discount, delivery_price,
          bonuses_used, bonuses_earned, total, reserved_until, payment_method, exported_at
        from orders where id = ${id} for update`,
      );
      if (!row) return null;
      return {
        id: Number(row.id),
        state: row.status,
        deliveryType: row.delivery_type,
        delivery: row.delivery,
        userId: row.user_id === null ? null : Number(row.user_id),
        name: row.name,
        phone: row.phone,
        email: row.email,
        items: Number(row.items),
        discount: Number(row.discount),
        deliveryPrice: Number(row.delivery_price),
        bonusesUsed: Number(row.bonuses_used),
        bonusesEarned: Number(row.bonuses_earned),
        total: Number(row.total),
        reservedUntil: row.reserved_until === null ? null : new Date(row.reserved_until),
        paymentMethod: row.payment_method,
        exportedAt: row.exported_at === null ? null : new Date(row.exported_at),
      };
    },

    async recordStatus(id, from, to, actor, reason = null) {
      const moved = await queryRows<{ id: number }>(
        db,
        sql`update orders set status = ${to} where id = ${id} and status = ${from} returning id`,
      );
      if (moved.length === 0) return false;
      await db.execute(sql`
        insert into order_status_history (order_id, from_status, status, actor, reason)
        values (${id}, ${from}, ${to}, ${actor}, ${reason})`);
      return true;
    },

    async takenStock(id, offerIds) {
      const only = offerIds ? sql` and offer_id in ${offerIds.length > 0 ? offerIds : [0]}` : sql``;
      const rows = await queryRows<{ offer_id: number; store_id: number; quantity: number }>(
        db,
        sql`delete from order_stock where order_id = ${id}${only} returning offer_id, store_id, quantity`,
      );
      return rows.map((r) => ({
        offerId: Number(r.offer_id),
        storeId: Number(r.store_id),
        quantity: Number(r.quantity),
      }));
    },

    async returnPromoUses(id) {
      await db.execute(sql`
        with gone as (delete from promo_code_uses where order_id = ${id} returning code)
        update promo_codes p set uses = greatest(p.uses - g.n, 0)
        from (select code, count(*)::int as n from gone group by code) g where p.code = g.code`);
    },

    async returnBonuses(userId, orderId, amount) {
      await db.execute(
        sql`update discount_cards set bonus_balance = bonus_balance + ${amount} where user_id = ${userId}`,
      );
      await db.execute(sql`
        insert into bonus_operations (user_id, order_id, kind, amount) values (${userId}, ${orderId}, 'refund', ${amount})`);
    },

    async creditBonuses(userId, orderId, amount) {
      // The unique index on (order, kind) makes the credit once per order, whoever calls twice.
      const credited = await queryRows<{ id: number }>(
        db,
        sql`insert into bonus_operations (user_id, order_id, kind, amount)
          select ${userId}, ${orderId}, 'credit', ${amount} where exists (select 1 from discount_cards where user_id = ${userId})
          on conflict (order_id, kind) where kind in ('credit', 'reverse') do nothing returning id`,
      );
      if (credited.length === 0) return;
      await db.execute(
        sql`update discount_cards set bonus_balance = bonus_balance + ${amount} where user_id = ${userId}`,
      );
      await db.execute(sql`update orders set bonuses_earned = ${amount} where id = ${orderId}`);
    },

    async reverseBonuses(userId, orderId) {
      const reversed = await queryRows<{ amount: number }>(
        db,
        sql`insert into bonus_operations (user_id, order_id, kind, amount)
          select user_id, order_id, 'reverse', -amount from bonus_operations
          where order_id = ${orderId} and kind = 'credit' and user_id = ${userId}
          on conflict (order_id, kind) where kind in ('credit', 'reverse') do nothing returning amount`,
      );
      const amount = -Number(reversed[0]?.amount ?? 0);
      if (amount === 0) return;
      await db.execute(
        sql`update discount_cards set bonus_balance = bonus_balance - ${amount} where user_id = ${userId}`,
      );
    },

    async setPickupCode(id, codeHash) {
      const taken = await queryRows<{ id: number }>(
        db,
        sql`select id from orders where pickup_code_hash = ${codeHash} and status = 'ready' and id <> ${id} limit 1`,
      );
      if (taken.length > 0) return false;
      await db.execute(sql`update orders set pickup_code_hash = ${codeHash} where id = ${id}`);
      return true;
    },

    async pickupCodeIs(id, codeHash) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`select id from orders where id = ${id} and pickup_code_hash = ${codeHash}`,
      );
      return rows.length === 1;
    },

    async setTrackingNumber(id, trackingNumber) {
      await db.execute(sql`update orders set tracking_number = ${trackingNumber} where id = ${id}`);
    },

    async addNote(id, staffId, text) {
      await db.execute(sql`insert into order_notes (order_id, staff_id, text) values (${id}, ${staffId}, ${text})`);
    },

    async addNoteOnce(id, staffId, text) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`insert into order_notes (order_id, staff_id, text) select ${id}, ${staffId}, ${text}
          where not exists (select 1 from order_notes where order_id = ${id} and text = ${text}) returning id`,
      );
      return rows.length > 0;
    },

    async lines(id) {
      const rows = await queryRows<{
        id: number;
        offer_id: number;
        name: string;
        price: number;
        old_price: number | null;
        quantity: number;
        total: number;
        returned: boolean;
      }>(
        db,
        sql`select id, offer_id, name, price, old_price, quantity, total, returned
          from order_lines where order_id = ${id} order by id`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        offerId: Number(r.offer_id),
        name: r.name,
        price: Number(r.price),
        oldPrice: r.old_price === null ? null : Number(r.old_price),
        quantity: Number(r.quantity),
        total: Number(r.total),
        returned: r.returned,
      }));
    },

    async returnLines(id, lineIds, sums) {
      if (lineIds.length > 0)
        await db.execute(sql`update order_lines set returned = true where order_id = ${id} and id in ${lineIds}`);
      await db.execute(sql`
        update orders set items = ${sums.items}, discount = ${sums.discount}, bonuses_used = ${sums.bonusesUsed},
          total = ${sums.total}
        where id = ${id}`);
    },

    async clearTaken(owner, lineIds) {
      // One statement: the ordered lines, the checkout's promo codes and its removed card go together.
      const lines = lineIds.length > 0 ? sql`l.id in ${lineIds}` : sql`false`;
      await db.execute(sql`
        with taken as (delete from basket_lines l where ${ownerSql(owner)} and ${lines}),
          promos as (delete from checkout_promo_codes where session_id = ${owner.sessionId})
        update sessions set discount_card_removed = false where id = ${owner.sessionId}`);
    },
  };
}
