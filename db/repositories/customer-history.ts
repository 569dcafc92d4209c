import { type SQL, sql } from 'drizzle-orm';
import type { CustomerHistoryReads, HistoryOwner } from '../../domain/customers/customer-history';
import type { StockAlertChannel, StockAlertState } from '../../domain/stock-alerts/stock-alerts.service';
import { type Db, queryRows } from '../client';

/** Subscriptions and questions a card lists, newest first. */
const CARD_SUBSCRIPTIONS = 50;
const CARD_QUESTIONS = 50;

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The orders of the owner: an account's (orders_user_idx), or a guest's — no account, one of their phones. */
const ordersOf = (owner: HistoryOwner, o: string): SQL =>
  'userId' in owner
    ? sql`${sql.raw(o)}.user_id = ${owner.userId}`
    : sql`${sql.raw(o)}.user_id is null and ${sql.raw(o)}.phone in (${list(owner.phones)})`;

/** A customer's lifetime figures, subscriptions and questions (issue 47.2). */
export function customerHistoryReads(db: Db): CustomerHistoryReads {
  return {
    async history(owner) {
      // A guest's subscriptions and questions are those left without an account at one of the phones or emails.
      let alertsOf: SQL;
      let questionsOf: SQL;
      if ('userId' in owner) {
        alertsOf = sql`a.user_id = ${owner.userId}`;
        questionsOf = sql`q.user_id = ${owner.userId}`;
      } else {
        const emails = owner.emails.map((e) => e.toLowerCase());
        const phones = list(owner.phones);
        alertsOf = sql`a.user_id is null and a.address in (${list([...owner.phones, ...emails])})`;
        questionsOf = emails.length
          ? sql`q.user_id is null and (q.phone in (${phones}) or lower(q.email) in (${list(emails)}))`
          : sql`q.user_id is null and q.phone in (${phones})`;
      }
      const [[figures], [returned], [bonuses], alerts, questions] = await Promise.all([
        queryRows<{
          all_orders: number;
          completed: number;
          completed_sum: number | string;
          returned: number;
          returned_sum: number | string;
        }>(
          db,
          sql`select count(*)::int as all_orders,
              count(*) filter (where o.status = 'completed')::int as completed,
              coalesce(sum(o.total) filter (where o.status = 'completed'), 0)::bigint as completed_sum,
              count(*) filter (where o.status = 'returned')::int as returned,
              coalesce(sum(o.total) filter (where o.status = 'returned'), 0)::bigint as returned_sum
            from orders o where ${ordersOf(owner, 'o')}`,
        ),
        queryRows<{ refunded: number | string; lines: number }>(
          db,
          sql`select
              (select coalesce(sum(r.amount), 0)::bigint from refunds r join orders o on o.id = r.order_id
                where ${ordersOf(owner, 'o')} and r.status = 'refunded') as refunded,
              (select count(*)::int from order_lines l join orders o on o.id = l.order_id
                where ${ordersOf(owner, 'o')} and l.returned) as lines`,
        ),
        'userId' in owner
          ? queryRows<{ credited: number | string; spent: number | string }>(
              db,
              sql`select coalesce(sum(amount) filter (where kind = 'credit'), 0)::bigint as credited,
                  coalesce(-sum(amount) filter (where kind = 'spend'), 0)::bigint as spent
                from bonus_operations where user_id = ${owner.userId}`,
            )
          : Promise.resolve([{ credited: 0, spent: 0 }]),
        queryRows<{
          id: number;
          product_id: number;
          product_name: string | null;
          size_name: string | null;
          channel: StockAlertChannel;
          state: StockAlertState;
          created_at: string | Date;
        }>(
          db,
          sql`select a.id, a.product_id, p.name as product_name, f.size_name, a.channel, a.state, a.created_at
            from stock_alerts a left join products p on p.id = a.product_id left join offers f on f.id = a.offer_id
            where ${alertsOf} order by a.created_at desc, a.id desc limit ${CARD_SUBSCRIPTIONS}`,
        ),
        queryRows<{ id: number; topic: string; message: string; answered: boolean; created_at: string | Date }>(
          db,
          sql`select q.id, q.topic, q.message, q.answered_at is not null as answered, q.created_at
            from questions q where ${questionsOf} order by q.created_at desc, q.id desc limit ${CARD_QUESTIONS}`,
        ),
      ]);
      return {
        lifetime: {
          allOrders: Number(figures?.all_orders ?? 0),
          completed: Number(figures?.completed ?? 0),
          completedSum: Number(figures?.completed_sum ?? 0),
          returns: {
            orders: Number(figures?.returned ?? 0),
            sum: Number(figures?.returned_sum ?? 0),
            refunded: Number(returned?.refunded ?? 0),
            linesGivenBack: Number(returned?.lines ?? 0),
          },
          bonuses: { credited: Number(bonuses?.credited ?? 0), spent: Number(bonuses?.spent ?? 0) },
        },
        subscriptions: alerts.map((a) => ({
          id: Number(a.id),
          productId: Number(a.product_id),
          productName: a.product_name ?? `Товар ${a.product_id}`,
          sizeName: a.size_name ?? '',
          channel: a.channel,
          state: a.state,
          createdAt: new Date(a.created_at),
        })),
        questions: questions.map((q) => ({
          id: Number(q.id),
          topic: q.topic,
          message: q.message,
          answered: q.answered,
          createdAt: new Date(q.created_at),
        })),
      };
    },
  };
}
