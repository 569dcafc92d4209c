import { type SQL, sql } from 'drizzle-orm';
import type {
  AlertOwner,
  ClaimedAlert,
  StockAlertsRepository,
  StockSubscriptionView,
  UnconfirmedAlert,
} from '../../domain/stock-alerts/stock-alerts.service';
import { arrivalPath } from '../../domain/stock-alerts/stock-alerts.service';
import { type Db, queryRows, ts } from '../client';
import { orderableOnlineSql } from './availability';
import { enqueueOne } from './outbox';

/** One sweep at a time across processes: the day's cap is counted and spent under it. */
const SWEEP_LOCK = 2_026_044;

/**
 * Whether the offer `offerId` can be bought now: online (the rule of `canBuyOnline`), or, for a subscription made in
 * the city `cityId`, in one of that city's shops.
 */
export function alertAvailableSql(offerId: SQL, cityId: SQL): SQL {
  return sql`(${orderableOnlineSql(offerId)} or (${cityId} is not null and exists (
    select 1 from stock k join stores st on st.id = k.store_id
    where k.offer_id = ${offerId} and k.quantity > 0 and st.type = 'shop' and st.city_id = ${cityId}
      and not exists (select 1 from offer_restrictions r where r.offer_id = k.offer_id and r.store_id = k.store_id))))`;
}

/**
 * Whether the token's links still work at `at`: until `token_until`, or, for a row made before it was kept, while its
 * latest letter (the «came back» one, or the confirm letter) is newer than `issuedAfter`.
 */
const liveToken = (at: Date, issuedAfter: Date) =>
  sql`coalesce(token_until > ${ts(at)}, coalesce(sent_at, created_at) > ${ts(issuedAfter)})`;

/** The delays as one array parameter, read 1-based by the number of resends made so far plus one. */
const delayArray = (delays: readonly number[]) => sql`${`{${delays.join(',')}}`}::int[]`;

const ownerWhere = (owner: AlertOwner): SQL =>
  'userId' in owner ? sql`a.user_id = ${owner.userId}` : sql`a.session_id = ${owner.sessionId} and a.user_id is null`;

interface ViewRow {
  id: number;
  offer_id: number;
  channel: 'email' | 'sms';
  state: StockSubscriptionView['state'];
  product_id: number;
  product_name: string;
  code: string;
  size_name: string;
  available: boolean;
  created_at: string;
}

export function stockAlertsRepository(db: Db): StockAlertsRepository {
  return {
    async offer(offerId, cityId) {
      const [row] = await queryRows<{ product_id: number; name: string; size_name: string; available: boolean }>(
        db,
        sql`select o.product_id, p.name, o.size_name,
          ${alertAvailableSql(sql`o.id`, sql`${cityId}::int`)} as available
        from offers o join products p on p.id = o.product_id
        where o.id = ${offerId} and p.active and not p.unpublished`,
      );
      return row
        ? {
            productId: Number(row.product_id),
            productName: row.name,
            sizeName: row.size_name,
            available: Boolean(row.available),
          }
        : null;
    },

    async account(userId) {
      const [row] = await queryRows<{ confirmed_phone: string | null; email: string; email_confirmed: boolean }>(
        db,
        sql`select confirmed_phone, email, email_confirmed from users where id = ${userId}`,
      );
      if (!row) return null;
      const phone = (row.confirmed_phone ?? '').replace(/\D/g, '');
      return {
        confirmedPhone: /^7\d{10}$/.test(phone) ? phone : null,
        confirmedEmail: row.email_confirmed && row.email ? row.email : null,
      };
    },

    async open(row) {
      return db.transaction(async (tx) => {
        const inserted = await queryRows<{ id: number; state: 'pending' | 'active' }>(
          tx,
          sql`insert into stock_alerts (offer_id, product_id, channel, address, user_id, session_id, city_id, state,
            token, created_at, confirmed_at, token_until)
          values (${row.offerId}, ${row.productId}, ${row.channel}, ${row.address}, ${row.userId}, ${row.sessionId},
            ${row.cityId}, ${row.state}, ${row.token}, ${ts(row.at)},
            ${row.state === 'active' ? ts(row.at) : null}, ${ts(row.tokenUntil)})
          on conflict (offer_id, channel, address) where state in ('pending', 'active') do nothing
          returning id, state`,
        );
        const made = inserted[0];
        if (made) {
          const letter = row.letter(Number(made.id), row.token);
          if (letter) {
            const messageId = await enqueueOne(tx, letter);
            await tx.execute(sql`update stock_alerts set message_id = ${messageId} where id = ${made.id}`);
          }
          return {
            subscription: { id: Number(made.id), offerId: row.offerId, channel: row.channel, state: made.state },
            created: true,
          };
        }
        // The open one of the same offer and address: the same answer, no second letter. A logged-in shopper takes
        // it into their cabinet only when the address is proven theirs (their confirmed email or phone: `active` at
        // once); anyone else naming that address learns nothing of it (it answers `pending`, as a new one would).
        const owns = row.state === 'active';
        const [open] = await queryRows<{ id: number; state: 'pending' | 'active' }>(
          tx,
          sql`update stock_alerts set user_id = coalesce(user_id, ${owns ? row.userId : null})
          where offer_id = ${row.offerId} and channel = ${row.channel} and address = ${row.address}
            and state in ('pending', 'active')
          returning id, state`,
        );
        if (!open) throw new Error('stock_alerts: the open subscription is gone');
        return {
          subscription: {
            id: Number(open.id),
            offerId: row.offerId,
            channel: row.channel,
            state: owns ? open.state : 'pending',
          },
          created: false,
        };
      });
    },

    async confirm(token, at, issuedAfter) {
      const [row] = await queryRows<{ state: string; was: string; live: boolean }>(
        db,
        sql`with found as (select id, state, ${liveToken(at, issuedAfter)} as live from stock_alerts
            where token = ${token}),
          upd as (update stock_alerts a set state = 'active', confirmed_at = ${ts(at)}
            from found where a.id = found.id and found.live and a.state = 'pending' returning a.id)
        select found.state as was, found.live, (select count(*) from upd)::text as state from found`,
      );
      if (!row) return 'invalid';
      if (!row.live) return 'expired';
      if (row.state !== '0') return 'confirmed';
      return row.was === 'cancelled' ? 'invalid' : 'already';
    },

    async cancelByToken(token, at, issuedAfter) {
      const [row] = await queryRows<{ was: string; changed: string; live: boolean }>(
        db,
        sql`with found as (select id, state, ${liveToken(at, issuedAfter)} as live from stock_alerts
            where token = ${token}),
          upd as (update stock_alerts a set state = 'cancelled', cancelled_at = ${ts(at)}
            from found where a.id = found.id and found.live and a.state in ('pending', 'active') returning a.id)
        select found.state as was, found.live, (select count(*) from upd)::text as changed from found`,
      );
      if (!row) return 'invalid';
      if (!row.live) return 'expired';
      return row.changed !== '0' ? 'removed' : 'absent';
    },

    async list(owner, productId) {
      const rows = await queryRows<ViewRow>(
        db,
        sql`select a.id, a.offer_id, a.channel, a.state, a.product_id, p.name as product_name, p.code, o.size_name,
          ${alertAvailableSql(sql`a.offer_id`, sql`a.city_id`)} as available, a.created_at::text as created_at
        from stock_alerts a join offers o on o.id = a.offer_id join products p on p.id = a.product_id
        where ${ownerWhere(owner)} ${productId === null ? sql`` : sql`and a.product_id = ${productId}`}
          and (a.state <> 'cancelled' or a.cancelled_at > now() - interval '30 days')
        order by a.id desc limit 100`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        offerId: Number(r.offer_id),
        channel: r.channel,
        state: r.state,
        productId: Number(r.product_id),
        productName: r.product_name,
        sizeName: r.size_name,
        url: arrivalPath(r.code, Number(r.offer_id)).replace('&utm_source=stock_alert', ''),
        available: Boolean(r.available),
        createdAt: r.created_at,
      }));
    },

    async cancel(owner, id, at) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update stock_alerts a set state = 'cancelled', cancelled_at = ${ts(at)}
        where a.id = ${id} and ${ownerWhere(owner)} and a.state in ('pending', 'active') returning a.id`,
      );
      return rows.length > 0;
    },

    async sweep({ at, since, limit, message, confirmLetter, resendDelays, tokenUntil }) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK})`);
        // The messages the outbox gave up, from the outbox's side (its failed rows are few and pruned), each
        // subscription's at most `resendDelays.length` times. A «came back» one: the subscription waits again
        // (`active`, told when the delay is over and the size still there); `sent_at` cleared, as nothing reached.
        const retry = sql`m.failed_at is not null and a.resends < ${resendDelays.length}`;
        const due = sql`m.failed_at + make_interval(secs => (${delayArray(resendDelays)})[a.resends + 1])`;
        const reopened = await queryRows<{ id: number }>(
          tx,
          sql`update stock_alerts a set state = 'active', sent_at = null, resends = a.resends + 1, resend_at = ${due}
          from outbox m
          where m.kind = 'stock-alert' and m.id = a.message_id and a.state = 'sent' and ${retry}
          returning a.id`,
        );
        // A confirm letter: the same letter again once its delay is over, its link working from now.
        const unconfirmed = await queryRows<{
          id: number;
          address: string;
          token: string;
          name: string;
          size_name: string;
        }>(
          tx,
          sql`select a.id, a.address, a.token, p.name, o.size_name
          from outbox m join stock_alerts a on a.message_id = m.id
            join offers o on o.id = a.offer_id join products p on p.id = a.product_id
          where m.kind = 'stock-alert-confirm' and a.state = 'pending' and ${retry} and ${due} <= ${ts(at)}
          order by a.id
          for update of a`,
        );
        for (const r of unconfirmed) {
          const row: UnconfirmedAlert = {
            id: Number(r.id),
            address: r.address,
            token: r.token,
            productName: r.name,
            sizeName: r.size_name,
          };
          const messageId = await enqueueOne(tx, confirmLetter(row));
          await tx.execute(
            sql`update stock_alerts set message_id = ${messageId}, resends = resends + 1,
              token_until = ${ts(tokenUntil)} where id = ${row.id}`,
          );
        }
        const resent = reopened.length + unconfirmed.length;
        // Whoever ordered the size since subscribing (kept: not cancelled, not left unpaid, not given back at the
        // door) is told nothing.
        const cancelled = await queryRows<{ id: number }>(
          tx,
          sql`update stock_alerts a set state = 'cancelled', cancelled_at = ${ts(at)}
          where a.state = 'active' and exists (
            select 1 from order_lines l join orders o on o.id = l.order_id
            where l.offer_id = a.offer_id and not l.returned and o.created_at >= a.created_at
              and o.status not in ('cancelled', 'awaiting_payment')
              and ((a.user_id is not null and o.user_id = a.user_id)
                or (a.channel = 'email' and lower(o.email) = a.address)
                or (a.channel = 'sms' and regexp_replace(o.phone, '\\D', '', 'g') = a.address)))
          returning a.id`,
        );
        const [counted] = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from stock_alerts where sent_at >= ${ts(since)}`,
        );
        const room = limit(Number(counted?.n ?? 0));
        if (room <= 0) return { sent: 0, cancelled: cancelled.length, resent };
        // Claimed in one statement: a row another sweep holds is skipped, a claimed one is never claimed again.
        const claimed = await queryRows<{
          id: number;
          channel: 'email' | 'sms';
          address: string;
          token: string;
          offer_id: number;
          name: string;
          code: string;
          size_name: string;
          price: number;
        }>(
          tx,
          sql`with due as (
            select a.id from stock_alerts a
            where a.state = 'active' and (a.resend_at is null or a.resend_at <= ${ts(at)})
              and ${alertAvailableSql(sql`a.offer_id`, sql`a.city_id`)}
              -- a product taken off sale is not announced: its link would lead nowhere
              and exists (select 1 from products p where p.id = a.product_id and p.active and not p.unpublished)
            order by a.id limit ${room}
            for update of a skip locked)
          update stock_alerts a set state = 'sent', sent_at = ${ts(at)}, resend_at = null,
            token_until = ${ts(tokenUntil)}
          from due, offers o, products p
          where a.id = due.id and a.state = 'active' and o.id = a.offer_id and p.id = a.product_id
          returning a.id, a.channel, a.address, a.token, a.offer_id, p.name, p.code, o.size_name, o.price`,
        );
        const rows: ClaimedAlert[] = claimed.map((r) => ({
          id: Number(r.id),
          channel: r.channel,
          address: r.address,
          token: r.token,
          offerId: Number(r.offer_id),
          productName: r.name,
          productCode: r.code,
          sizeName: r.size_name,
          price: Number(r.price),
        }));
        // Each message's outbox row kept with its subscription: a message the outbox gives up is sent again.
        const messageIds: number[] = [];
        for (const row of rows) messageIds.push(await enqueueOne(tx, message(row)));
        if (rows.length > 0)
          await tx.execute(
            sql`update stock_alerts a set message_id = v.message_id
            from unnest(${`{${rows.map((r) => r.id).join(',')}}`}::int[], ${`{${messageIds.join(',')}}`}::bigint[])
              as v(id, message_id)
            where a.id = v.id`,
          );
        return { sent: rows.length, cancelled: cancelled.length, resent };
      });
    },

    async waiting() {
      const rows = await queryRows<{
        product_id: number;
        name: string;
        article: string;
        offer_id: number;
        size_name: string;
        waiting: number;
        pending: number;
      }>(
        db,
        sql`select p.id as product_id, p.name, p.article, o.id as offer_id, o.size_name,
          count(*)::int as waiting, count(*) filter (where a.state = 'pending')::int as pending
        from stock_alerts a join offers o on o.id = a.offer_id join products p on p.id = a.product_id
        where a.state in ('pending', 'active')
        group by p.id, p.name, p.article, o.id, o.size_name, o.size_sort
        order by count(*) desc, p.id, o.size_sort limit 500`,
      );
      return rows.map((r) => ({
        productId: Number(r.product_id),
        productName: r.name,
        article: r.article,
        offerId: Number(r.offer_id),
        sizeName: r.size_name,
        waiting: Number(r.waiting),
        pending: Number(r.pending),
      }));
    },
  };
}
