import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows } from '../../db/client';
import type { TestApp, Visitor } from './test-app';

/** An offer of the seed with what a review needs of it. */
export interface ReviewOffer {
  id: number;
  productId: number;
  modelId: number;
  sizeName: string;
}

/** Offers of one product in numeric sizes (the size advice takes those), and more of other products. */
export async function reviewOffers(app: TestApp): Promise<ReviewOffer[]> {
  const rows = await queryRows<{ id: number; product_id: number; model_id: number; size_name: string }>(
    app.database.db,
    sql`select o.id, o.product_id, p.model_id, o.size_name from offers o join products p on p.id = o.product_id
      where o.size_name ~ '^[0-9]+$' and p.active order by o.product_id, o.size_sort, o.id limit 400`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    productId: Number(r.product_id),
    modelId: Number(r.model_id),
    sizeName: r.size_name,
  }));
}

/**
 * An order straight in the database (the checkout is tested elsewhere): of `userId` (null: a guest's), in `status`,
 * with one line per offer, completed `daysAgo` days ago when it is `completed`.
 */
export async function orderOf(
  app: TestApp,
  userId: number | null,
  offers: readonly ReviewOffer[],
  options: { status?: string; daysAgo?: number; email?: string } = {},
): Promise<number> {
  const status = options.status ?? 'completed';
  const db = app.database.db;
  const [order] = await queryRows<{ id: number }>(
    db,
    sql`insert into orders (user_id, session_id, idempotency_key, status, delivery_type, delivery, name, email, phone,
        items, discount, delivery_price, total)
      values (${userId}, ${randomUUID()}, ${randomUUID()}, ${status}, 'SHOP', '{}'::jsonb, 'Анна',
        ${options.email ?? `review.${randomUUID()}@example.ru`}, '79110000000', 100000, 0, 0, 100000)
      returning id`,
  );
  const id = Number(order?.id);
  for (const offer of offers)
    await db.execute(sql`insert into order_lines (order_id, offer_id, product_id, name, size_name, price, quantity, total)
      values (${id}, ${offer.id}, ${offer.productId}, 'Пальто', ${offer.sizeName}, 100000, 1, 100000)`);
  const at = new Date(Date.now() - (options.daysAgo ?? 5) * 86_400_000).toISOString();
  await db.execute(sql`insert into order_status_history (order_id, from_status, status, actor, created_at)
    values (${id}, 'ready', ${status}, 'staff', ${at}::timestamptz)`);
  return id;
}

let colour = 0;
/** A real photo of `width`×`height`, in a colour of its own (a new file name each time). */
export async function photoBytes(width = 800, height = 1000): Promise<Uint8Array> {
  colour += 11;
  const image = sharp({ create: { width, height, channels: 3, background: { r: colour % 256, g: 120, b: 60 } } });
  return new Uint8Array(await image.jpeg().toBuffer());
}

/** The review add as a browser's multipart form: fields, the sessid, and `photos` as files named `.jpg`. */
export function postReview(
  app: TestApp,
  who: Pick<Visitor, 'cookie' | 'sessid'>,
  fields: Record<string, string | number>,
  photos: readonly Uint8Array[] = [],
) {
  const form = new FormData();
  form.set('sessid', who.sessid);
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  for (const [i, bytes] of photos.entries())
    form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `photo-${i}.jpg`);
  return app.fetch('/api/v2/catalog/product/reviews/add/', {
    method: 'POST',
    headers: { cookie: who.cookie },
    body: form,
  });
}
