import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ignorePoolErrorsOnClose, type OfferFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { orderOf, postReview, type ReviewOffer, reviewOffers } from '../support/reviews';
import { addStaff, loggedInStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): its pool runs the posts side by side; the unique index decides, not a read.
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
let offers: ReviewOffer[];

beforeAll(async () => {
  app = await createTestApp({
    WRITE_LIMIT_PER_SESSION: '1000',
    WRITE_LIMIT_PER_CLIENT: '1000',
    REVIEWS_PER_CLIENT: '1000',
  });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
  offers = await reviewOffers(app);
});
afterAll(() => app.close());

it('50 review posts for one order line at once make one review; the others are a clear 409', async () => {
  const offer = offers[0] as ReviewOffer;
  const { me, userId } = await k.member({ id: offer.id } as OfferFacts);
  const orderId = await orderOf(app, userId, [offer]);
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      postReview(app, me, {
        orderId,
        offerId: offer.id,
        rating: 1 + (i % 5),
        text: `Отзыв номер ${i}: сидит хорошо, ткань плотная.`,
        fit: 'true',
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { errors?: { message: string }[] } })),
    ),
  );
  expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  const others = answers.filter((a) => a.status !== 200);
  expect(new Set(others.map((a) => a.status))).toEqual(new Set([409]));
  expect(others.every((a) => /уже оставили отзыв/.test(a.body.errors?.[0]?.message ?? ''))).toBe(true);
  expect(await k.rows(sql`select count(*)::int as n from reviews where order_id = ${orderId}`)).toEqual([{ n: 1 }]);
});

it('50 publishes of one review at once count it in the product’s rating once', async () => {
  const offer = offers[1] as ReviewOffer;
  const { me, userId } = await k.member({ id: offer.id } as OfferFacts);
  const orderId = await orderOf(app, userId, [offer]);
  const res = await postReview(app, me, {
    orderId,
    offerId: offer.id,
    rating: 3,
    text: 'Сидит в размер, рукава длинноваты.',
    fit: 'true',
  });
  const id = ((await res.json()) as { data: { review: { id: number } } }).data.review.id;
  await addStaff(app, { email: 'race-content@vyuga.test', role: 'content' });
  const content = await loggedInStaff(app, 'race-content@vyuga.test');
  const [before] = await k.rows<{ rating_count: number; rating_sum: number }>(
    sql`select rating_count, rating_sum from products where id = ${offer.productId}`,
  );
  const statuses = await Promise.all(
    Array.from({ length: 50 }, () => content.call(`/api/v2/admin/reviews/${id}/publish/`).then((r) => r.status)),
  );
  expect(new Set(statuses)).toEqual(new Set([200]));
  const [after] = await k.rows<{ rating_count: number; rating_sum: number }>(
    sql`select rating_count, rating_sum from products where id = ${offer.productId}`,
  );
  expect(Number(after?.rating_count)).toBe(Number(before?.rating_count) + 1);
  expect(Number(after?.rating_sum)).toBe(Number(before?.rating_sum) + 3);
  expect(
    await k.rows(
      sql`select count(*)::int as n from audit_log where action = 'review.publish' and entity_id = ${String(id)}`,
    ),
  ).toEqual([{ n: 1 }]);
});
