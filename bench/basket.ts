import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { failures, load } from './measure';
import type { BenchRow } from './types';

const CONNECTIONS = 50;
/** A visitor adds this many items, then the connection goes on as the next visitor: carts stay shopper-sized. */
const ADDS_PER_VISITOR = 10;
const VISITORS = 300;

/** Offers an online order can take, with room for several units each (read before the shop starts). */
export async function basketOffers(db: Db): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    select s.offer_id as id from stock s join stores st on st.id = s.store_id
    where st.type in ('online', 'movement') and s.quantity >= 5
      and not exists (select 1 from offer_restrictions r where r.offer_id = s.offer_id and r.store_id = s.store_id)
    group by s.offer_id order by s.offer_id limit 3000`,
  );
  return rows.map((r) => Number(r.id));
}

/** Add-to-cart under 50 concurrent visitors, and the basket/state call the pages make at start, for comparison. */
export async function basketRows(
  baseURL: string,
  offers: number[],
  newVisitor: () => Promise<{ cookie: string; sessid: string }>,
): Promise<BenchRow[]> {
  const visitors: { cookie: string; sessid: string }[] = [];
  for (let i = 0; i < VISITORS; i++) visitors.push(await newVisitor());
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  // A stride through the list spreads the adds over many offers, so stock caps rarely answer 422.
  const adds = Array.from({ length: VISITORS * ADDS_PER_VISITOR }, (_, i) => {
    const v = visitors[Math.floor(i / ADDS_PER_VISITOR)] as (typeof visitors)[number];
    const offer = offers[(i * 7) % offers.length];
    return { headers: { ...form, cookie: v.cookie }, body: `sessid=${encodeURIComponent(v.sessid)}&offerId=${offer}` };
  });
  const add = await load(`${baseURL}/api/v2/sale/basket/add/`, {
    method: 'POST',
    connections: CONNECTIONS,
    rotate: { every: 1, items: adds },
  });
  const state = await load(`${baseURL}/api/v2/sale/basket/state/`, {
    method: 'POST',
    connections: CONNECTIONS,
    rotate: {
      every: ADDS_PER_VISITOR,
      items: visitors.map((v) => ({
        headers: { ...form, cookie: v.cookie },
        body: `sessid=${encodeURIComponent(v.sessid)}&method=sale.basket.state`,
      })),
    },
  });
  const note = (r: { requests: number; non2xx: number; errors: number }) =>
    `${CONNECTIONS} visitors at once, ${r.requests} calls${failures(r)}`;
  return [
    { name: 'basket/add (add to cart)', reqPerSec: add.reqPerSec, p50Ms: add.p50Ms, p95Ms: add.p95Ms, note: note(add) },
    { name: 'basket/state', reqPerSec: state.reqPerSec, p50Ms: state.p50Ms, p95Ms: state.p95Ms, note: note(state) },
  ];
}
