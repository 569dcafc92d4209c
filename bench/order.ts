import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { newSessionId, signedVisitor } from '../server/http/session';
import { failures, load } from './measure';
import { beside, ROUND_TRIPS, type RoundTripBaseline } from './round-trips';
import type { ShopProcess } from './shop-process';
import type { BenchRow } from './types';

const CONNECTIONS = 50;
/** Each visitor places one order; enough of them for several seconds at a few hundred orders a second. */
const VISITORS = 3000;

export interface OrderVisitor {
  cookie: string;
  sessid: string;
  phone: string;
}

/**
 * Visitors made straight in the database before the shop starts (the embedded database serves one process): each
 * with one item in the cart and a confirmed phone (the code flow is not what is measured), and its signed cookie.
 */
export async function orderVisitors(db: Db, secret: string): Promise<OrderVisitor[]> {
  const offers = (
    await queryRows<{ id: number }>(
      db,
      sql`
      select s.offer_id as id from stock s join stores st on st.id = s.store_id
      where st.type in ('online', 'movement') and s.quantity >= 5
        and not exists (select 1 from offer_restrictions r where r.offer_id = s.offer_id)
      group by s.offer_id order by s.offer_id desc limit ${VISITORS}`,
    )
  ).map((r) => Number(r.id));
  const visitors: OrderVisitor[] = [];
  for (let i = 0; i < VISITORS; i++) {
    const id = newSessionId();
    const phone = `7977${String(i).padStart(7, '0')}`;
    await db.execute(sql`insert into sessions (id, confirmed_phone) values (${id}, ${phone})`);
    await db.execute(
      sql`insert into basket_lines (session_id, offer_id, quantity) values (${id}, ${offers[i % offers.length]}, 1)`,
    );
    visitors.push({ ...signedVisitor(secret, id), phone });
  }
  return visitors;
}

/**
 * `sale.order.save` under 50 visitors at once, each ordering its cart to a pickup point. Every save is the whole
 * transaction: stock rows locked and taken, the order, its lines and history, the outbox messages.
 */
export async function orderRows(
  shop: ShopProcess,
  visitors: OrderVisitor[],
  baseline: RoundTripBaseline | null,
): Promise<BenchRow[]> {
  const { baseURL } = shop;
  const first = visitors[0] as OrderVisitor;
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const data = await fetch(`${baseURL}/api/`, {
    method: 'POST',
    headers: { ...form, cookie: first.cookie },
    body: new URLSearchParams({ sessid: first.sessid, method: 'sale.order.data', deliveryType: 'PICKUP' }),
  });
  const pointId = ((await data.json()) as { pickupPointList: { id: number }[] }).pickupPointList[0]?.id;
  if (!pointId) throw new Error('no pickup point in the visitor city');
  await shop.loopDelay('reset');
  const saves = await load(`${baseURL}/api/`, {
    method: 'POST',
    connections: CONNECTIONS,
    amount: VISITORS,
    rotate: {
      every: 1,
      items: visitors.map((v) => ({
        headers: { ...form, cookie: v.cookie },
        body: new URLSearchParams({
          sessid: v.sessid,
          method: 'sale.order.save',
          idempotencyKey: '__uuid__',
          deliveryType: 'PICKUP',
          deliveryPickupPointId: String(pointId),
          name: 'Покупатель Нагрузочный',
          email: '',
          phone: v.phone,
        }).toString(),
      })),
    },
  });
  // The loop's delay in the shop during the load: a late loop keeps every connection waiting, not just the slow save.
  const delay = await shop.loopDelay('read');
  // autocannon counts answers; a save it gave up on (an error) is not among them.
  const placed = saves.requests - saves.non2xx;
  const bare = baseline && (await baseline.load(ROUND_TRIPS.orderSave, { connections: CONNECTIONS }));
  const { ratio, baselineNote = '' } = beside(saves, bare, ROUND_TRIPS.orderSave);
  return [
    {
      name: 'sale.order.save (order saves)',
      reqPerSec: saves.reqPerSec,
      p50Ms: saves.p50Ms,
      p95Ms: saves.p95Ms,
      ratio,
      note:
        `${CONNECTIONS} visitors at once, ${VISITORS} saves, ${placed} answered 200${failures(saves)}; ` +
        `shop's event loop late by p50 ${delay.p50Ms} ms, p99 ${delay.p99Ms} ms, max ${delay.maxMs} ms${baselineNote}`,
    },
  ];
}
