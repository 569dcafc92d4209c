import { type SQL, sql } from 'drizzle-orm';
import type {
  AdminReview,
  Fit,
  InvitedOrder,
  ReviewableLine,
  ReviewLock,
  ReviewReads,
  ReviewState,
  ReviewWrites,
} from '../../domain/reviews/review';
import type { FitCounts } from '../../domain/reviews/published';
import { type Db, queryRows, ts } from '../client';
import { reviews } from '../schema/engagement';

interface LineRow {
  order_id: number;
  order_line_id: number;
  offer_id: number;
  product_id: number;
  model_id: number;
  user_id: number | null;
  status: string;
  returned: boolean;
  name: string;
  size_name: string;
  author_name: string;
  review_id: number | null;
}

const lineOf = (r: LineRow): ReviewableLine => ({
  orderId: Number(r.order_id),
  orderLineId: Number(r.order_line_id),
  offerId: Number(r.offer_id),
  productId: Number(r.product_id),
  modelId: Number(r.model_id),
  userId: r.user_id === null ? null : Number(r.user_id),
  status: r.status,
  returned: Boolean(r.returned),
  name: r.name,
  sizeName: r.size_name,
  authorName: r.author_name,
  reviewId: r.review_id === null ? null : Number(r.review_id),
});

const LINES = sql`select o.id as order_id, l.id as order_line_id, l.offer_id, l.product_id, p.model_id, o.user_id,
    o.status, l.returned, l.name, l.size_name, o.name as author_name, r.id as review_id
  from order_lines l
  join orders o on o.id = l.order_id
  join products p on p.id = l.product_id
  left join reviews r on r.order_line_id = l.id`;

interface ReviewRow {
  id: number;
  product_id: number;
  product_name: string | null;
  product_url: string | null;
  offer_id: number;
  order_id: number;
  author_name: string;
  rating: number;
  text: string;
  fit: Fit;
  size: string;
  height: number | null;
  photos: string[] | string;
  state: ReviewState;
  hidden_reason: string | null;
  answer: string | null;
  answered_at: string | Date | null;
  moderated_at: string | Date | null;
  created_at: string | Date;
  published_at: string | Date | null;
  total?: number;
}

const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());
/** A text[] as the driver gives it: an array, or PostgreSQL's literal `{a,b}` from a raw query. */
const textArray = (v: string[] | string): string[] =>
  Array.isArray(v)
    ? v
    : v
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean)
        .map((s) => s.replace(/^"|"$/g, ''));

const reviewOf = (r: ReviewRow): AdminReview => ({
  id: Number(r.id),
  productId: Number(r.product_id),
  productName: r.product_name ?? '',
  productHref: r.product_url ?? '',
  offerId: Number(r.offer_id),
  orderId: Number(r.order_id),
  authorName: r.author_name,
  rating: Number(r.rating),
  text: r.text,
  fit: r.fit,
  size: r.size,
  height: r.height === null ? null : Number(r.height),
  photos: textArray(r.photos),
  state: r.state,
  hiddenReason: r.hidden_reason,
  answer: r.answer,
  answeredAt: iso(r.answered_at),
  moderatedAt: iso(r.moderated_at),
  createdAt: iso(r.created_at) as string,
  publishedAt: iso(r.published_at),
});

const REVIEW_COLUMNS = sql`r.id, r.product_id, p.name as product_name, p.url as product_url, r.offer_id, r.order_id,
  r.author_name, r.rating, r.text, r.fit, r.size, r.height, r.photos, r.state, r.hidden_reason, r.answer,
  r.answered_at, r.moderated_at, r.created_at, r.published_at`;

const fitCounts = async (db: Db, where: SQL): Promise<FitCounts> => {
  const rows = await queryRows<{ fit: Fit; n: number }>(
    db,
    sql`select r.fit, count(*)::int as n from reviews r where r.state = 'published' and ${where} group by r.fit`,
  );
  const counts: FitCounts = { small: 0, true: 0, large: 0 };
  for (const row of rows) if (row.fit in counts) counts[row.fit] = Number(row.n);
  return counts;
};

/** The reviews' reads and the shopper's add (issue 44.2). */
export function reviewReads(db: Db): ReviewReads {
  return {
    async line(orderId, offerId) {
      const [row] = await queryRows<LineRow>(
        db,
        sql`${LINES} where o.id = ${orderId} and l.offer_id = ${offerId} order by l.id limit 1`,
      );
      return row ? lineOf(row) : null;
    },
    async insert(review) {
      const [row] = await db
        .insert(reviews)
        .values({ ...review, state: 'pending' })
        .onConflictDoNothing({ target: reviews.orderLineId })
        .returning({ id: reviews.id });
      return row ? row.id : null;
    },
    async linesOfUser(userId) {
      return (
        await queryRows<LineRow>(db, sql`${LINES} where o.user_id = ${userId} order by o.id desc, l.id limit 500`)
      ).map(lineOf);
    },
    async linesOfOrder(orderId) {
      return (await queryRows<LineRow>(db, sql`${LINES} where o.id = ${orderId} order by l.id`)).map(lineOf);
    },
    async list(q) {
      const where = q.state ? sql`r.state = ${q.state}` : sql`true`;
      const rows = await queryRows<ReviewRow>(
        db,
        sql`select ${REVIEW_COLUMNS}, count(*) over ()::int as total
          from reviews r left join products p on p.id = r.product_id
          where ${where} order by (r.state = 'pending') desc, r.created_at desc, r.id desc
          limit ${q.limit} offset ${q.offset}`,
      );
      const [pending] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from reviews where state = 'pending'`,
      );
      return { rows: rows.map(reviewOf), total: Number(rows[0]?.total ?? 0), pending: Number(pending?.n ?? 0) };
    },
    async one(id) {
      const [row] = await queryRows<ReviewRow>(
        db,
        sql`select ${REVIEW_COLUMNS} from reviews r left join products p on p.id = r.product_id where r.id = ${id}`,
      );
      return row ? reviewOf(row) : null;
    },
    fitOfModel: (modelId) => fitCounts(db, sql`r.model_id = ${modelId}`),
    fitOfProduct: (productId) =>
      fitCounts(db, sql`r.model_id = (select model_id from products where id = ${productId})`),
  };
}

/** The moderation's writes and the invitations' claim, in a unit of work. */
export function reviewWrites(db: Db): ReviewWrites {
  return {
    async lock(id): Promise<ReviewLock | null> {
      const [row] = await queryRows<{
        id: number;
        product_id: number;
        model_id: number;
        rating: number;
        state: ReviewState;
        hidden_reason: string | null;
        answer: string | null;
      }>(
        db,
        sql`select id, product_id, model_id, rating, state, hidden_reason, answer from reviews where id = ${id} for update`,
      );
      return row
        ? {
            id: Number(row.id),
            productId: Number(row.product_id),
            modelId: Number(row.model_id),
            rating: Number(row.rating),
            state: row.state,
            hiddenReason: row.hidden_reason,
            answer: row.answer,
          }
        : null;
    },
    async setState(id, change) {
      await db.execute(sql`update reviews set state = ${change.state}, hidden_reason = ${change.hiddenReason},
        moderated_by = ${change.staffId}, moderated_at = ${ts(change.at)},
        published_at = ${change.publishedAt ? ts(change.publishedAt) : sql`published_at`}
        where id = ${id}`);
    },
    async addRating(productId, count, sum) {
      await db.execute(sql`update products set rating_count = rating_count + ${count}, rating_sum = rating_sum + ${sum}
        where id = ${productId}`);
    },
    async setAnswer(id, text, staffId, at) {
      await db.execute(sql`update reviews set answer = ${text}, answered_at = ${ts(at)}, moderated_by = ${staffId}
        where id = ${id}`);
    },
    async touchModel(modelId) {
      // The pages of every colour of the model show its fit and reviews: the page cache drops them at commit.
      await db.execute(
        sql`select notify_cache_tags(array(select 'product:' || id from products where model_id = ${modelId}))`,
      );
    },
    async claimInvitations(since, before, limit, at): Promise<InvitedOrder[]> {
      // One statement claims: two processes running the job at once never both get an order.
      const rows = await queryRows<{ id: number; user_id: number | null; email: string; name: string }>(
        db,
        sql`update orders o set review_invited_at = ${ts(at)}
          where o.id in (
            select o2.id from orders o2
            where o2.status = 'completed' and o2.review_invited_at is null
              -- placed at most a season before its completion: the index on (status, created_at) bounds the walk,
              -- so old orders never invited are not read again every hour
              and o2.created_at >= ${ts(since)}::timestamptz - interval '90 days'
              and (select max(h.created_at) from order_status_history h
                   where h.order_id = o2.id and h.status = 'completed') between ${ts(since)} and ${ts(before)}
            order by o2.id limit ${limit}
            for update skip locked)
          and o.review_invited_at is null
          returning o.id, o.user_id, o.email, o.name`,
      );
      if (rows.length === 0) return [];
      const ids = rows.map((r) => Number(r.id));
      const lines = await queryRows<{ order_id: number; name: string; size_name: string }>(
        db,
        sql`select l.order_id, l.name, l.size_name from order_lines l
          left join reviews r on r.order_line_id = l.id
          where l.order_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) and not l.returned and r.id is null
          order by l.order_id, l.id`,
      );
      return rows.map((r) => ({
        orderId: Number(r.id),
        userId: r.user_id === null ? null : Number(r.user_id),
        email: r.email,
        name: r.name,
        lines: lines.filter((l) => Number(l.order_id) === Number(r.id)).map((l) => `${l.name}, размер ${l.size_name}`),
      }));
    },
  };
}
