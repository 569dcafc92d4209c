import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { failures, load } from './measure';
import { beside, ROUND_TRIPS, type RoundTripBaseline } from './round-trips';
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

/**
 * Add-to-cart under 50 concurrent visitors, and the basket/state call the pages make at start; on PostgreSQL each
 * beside a bare route making as many round trips (`baseline`).
 */
export async function basketRows(
  baseURL: string,
  offers: number[],
  newVisitor: () => Promise<{ cookie: string; sessid: string }>,
  baseline: RoundTripBaseline | null,
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
  const bare = async (trips: number) => baseline && (await baseline.load(trips, { connections: CONNECTIONS }));
  const row = async (name: string, r: typeof add, trips: number): Promise<BenchRow> => {
    const { ratio, baselineNote = '' } = beside(r, await bare(trips), trips);
    return {
      name,
      reqPerSec: r.reqPerSec,
      p50Ms: r.p50Ms,
      p95Ms: r.p95Ms,
      ratio,
      note: `${CONNECTIONS} visitors at once, ${r.requests} calls${failures(r)}${baselineNote}`,
    };
  };
  return [
    await row('basket/add (add to cart)', add, ROUND_TRIPS.add),
    await row('basket/state', state, ROUND_TRIPS.state),
  ];
}
