import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { load } from './measure';
import type { Bench, BenchRow } from './types';

const CONNECTIONS = 50;
/** Each visitor places one order; enough of them for several seconds at a few hundred orders a second. */
const VISITORS = 3000;

/**
 * `sale.order.save` under 50 visitors at once: each visitor has one item in the cart and a confirmed phone (set
 * straight in the database: the code flow is not what is measured) and orders it to a pickup point. Every save is
 * the whole transaction: stock rows locked and taken, the order, its lines and history, the outbox messages.
 */
export default (async (ctx) => {
  const offers = (
    await queryRows<{ id: number }>(
      ctx.db,
      sql`
      select s.offer_id as id from stock s join stores st on st.id = s.store_id
      where st.type in ('online', 'movement') and s.quantity >= 5
        and not exists (select 1 from offer_restrictions r where r.offer_id = s.offer_id)
      group by s.offer_id order by s.offer_id desc limit ${VISITORS}`,
    )
  ).map((r) => Number(r.id));
  const visitors: { cookie: string; sessid: string; phone: string }[] = [];
  for (let i = 0; i < VISITORS; i++) {
    const visitor = await ctx.newVisitor();
    const sessionId = decodeURIComponent(visitor.cookie.split('=')[1] ?? '').split('.')[0] as string;
    const phone = `7977${String(i).padStart(7, '0')}`;
    await ctx.db.execute(sql`update sessions set confirmed_phone = ${phone} where id = ${sessionId}`);
    await ctx.db.execute(sql`
      insert into basket_lines (session_id, offer_id, quantity) values (${sessionId}, ${offers[i % offers.length]}, 1)`);
    visitors.push({ ...visitor, phone });
  }
  const first = visitors[0] as (typeof visitors)[number];
  const state = await fetch(`${ctx.baseURL}/api/`, {
    method: 'POST',
    headers: { cookie: first.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ sessid: first.sessid, method: 'sale.order.data', deliveryType: 'PICKUP' }),
  });
  const pointId = ((await state.json()) as { pickupPointList: { id: number }[] }).pickupPointList[0]?.id;
  if (!pointId) throw new Error('no pickup point in the visitor city');

  const ordersNow = async () =>
    Number((await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from orders`))[0]?.n);
  const before = await ordersNow();
  let next = 0;
  const saves = await load(`${ctx.baseURL}/api/`, {
    method: 'POST',
    connections: CONNECTIONS,
    amount: VISITORS,
    requests: [
      {
        setupRequest(req) {
          const v = visitors[next++ % visitors.length] as (typeof visitors)[number];
          return {
            ...req,
            headers: { ...req.headers, cookie: v.cookie, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              sessid: v.sessid,
              method: 'sale.order.save',
              idempotencyKey: randomUUID(),
              deliveryType: 'PICKUP',
              deliveryPickupPointId: String(pointId),
              name: 'Покупатель Нагрузочный',
              email: '',
              phone: v.phone,
            }).toString(),
          };
        },
      },
    ],
  });
  const placed = (await ordersNow()) - before;
  const rows: BenchRow[] = [
    {
      name: 'sale.order.save (order saves)',
      reqPerSec: saves.reqPerSec,
      p50Ms: saves.p50Ms,
      p95Ms: saves.p95Ms,
      note: `${CONNECTIONS} visitors at once, ${saves.requests} saves, ${placed} orders placed${saves.non2xx || saves.errors ? `, ${saves.non2xx} non-2xx, ${saves.errors} errors` : ''}`,
    },
  ];
  return rows;
}) satisfies Bench;
