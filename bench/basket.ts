import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { load } from './measure';
import type { Bench, BenchRow } from './types';

const CONNECTIONS = 50;
/** A visitor adds this many items, then the connection goes on as the next visitor: carts stay shopper-sized. */
const ADDS_PER_VISITOR = 10;
const VISITORS = 300;

/** Add-to-cart under 50 concurrent visitors, and the basket/state call the pages make at start, for comparison. */
export default (async (ctx) => {
  // Offers an online order can take, with room for several units each.
  const offers = (
    await queryRows<{ id: number }>(
      ctx.db,
      sql`
      select s.offer_id as id from stock s join stores st on st.id = s.store_id
      where st.type in ('online', 'movement') and s.quantity >= 5
        and not exists (select 1 from offer_restrictions r where r.offer_id = s.offer_id and r.store_id = s.store_id)
      group by s.offer_id order by s.offer_id limit 3000`,
    )
  ).map((r) => Number(r.id));
  const visitors: { cookie: string; sessid: string }[] = [];
  for (let i = 0; i < VISITORS; i++) visitors.push(await ctx.newVisitor());

  let nextVisitor = 0;
  let nextOffer = 0;
  const asVisitor = (body: (sessid: string) => string): autocannon.Request[] => [
    {
      // autocannon keeps one context per connection: each connection is one visitor at a time.
      setupRequest(req, ctxObject) {
        const context = ctxObject as Record<string, unknown>;
        const count = Number(context.count ?? 0);
        if (count % ADDS_PER_VISITOR === 0) context.visitor = visitors[nextVisitor++ % visitors.length];
        context.count = count + 1;
        const visitor = context.visitor as (typeof visitors)[number];
        return {
          ...req,
          headers: { ...req.headers, cookie: visitor.cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: body(visitor.sessid),
        };
      },
    },
  ];

  const add = await load(`${ctx.baseURL}/api/v2/sale/basket/add/`, {
    method: 'POST',
    connections: CONNECTIONS,
    requests: asVisitor((sessid) => {
      // A stride through the list spreads the adds over many offers, so stock caps rarely answer 422.
      nextOffer = (nextOffer + 7) % offers.length;
      return `sessid=${encodeURIComponent(sessid)}&offerId=${offers[nextOffer]}`;
    }),
  });
  const state = await load(`${ctx.baseURL}/api/v2/sale/basket/state/`, {
    method: 'POST',
    connections: CONNECTIONS,
    requests: asVisitor((sessid) => `sessid=${encodeURIComponent(sessid)}&method=sale.basket.state`),
  });
  const note = (r: { requests: number; non2xx: number; errors: number }) =>
    `${CONNECTIONS} visitors at once, ${r.requests} calls${r.non2xx || r.errors ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : ''}`;
  const rows: BenchRow[] = [
    { name: 'basket/add (add to cart)', reqPerSec: add.reqPerSec, p50Ms: add.p50Ms, p95Ms: add.p95Ms, note: note(add) },
    { name: 'basket/state', reqPerSec: state.reqPerSec, p50Ms: state.p50Ms, p95Ms: state.p95Ms, note: note(state) },
  ];
  return rows;
}) satisfies Bench;
