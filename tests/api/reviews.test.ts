import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReview } from '../../domain/reviews/review';
import { checkoutKit } from '../support/checkout';
import type { OfferFacts } from '../support/basket-offers';
import { readOutbox } from '../support/outbox';
import { orderOf, photoBytes, postReview, type ReviewOffer, reviewOffers } from '../support/reviews';
import { addStaff, loggedInStaff, type StaffBrowser } from '../support/staff';
import { createTestApp, newVisitor, type TestApp, type Visitor } from '../support/test-app';

let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
let offers: ReviewOffer[];
/** Two shoppers with accounts. */
let anna: { me: Visitor; userId: number };
let boris: { me: Visitor; userId: number };
let content: StaffBrowser;
let shopStaff: StaffBrowser;

const errorOf = async (res: Response) =>
  ((await res.json()) as { errors: { code: string; message: string }[] }).errors[0];
const good = (orderId: number, offer: ReviewOffer, extra: Record<string, string | number> = {}) => ({
  orderId,
  offerId: offer.id,
  rating: 5,
  text: 'Тёплое пальто, сидит хорошо, рукава по длине.',
  fit: 'true',
  ...extra,
});
const reviewRows = (orderId: number) =>
  k.rows<{ id: number; state: string; photos: string[] | string; size: string; height: number | null }>(
    sql`select id, state, photos, size, height from reviews where order_id = ${orderId}`,
  );
const ratingOf = async (productId: number) =>
  (
    await k.rows<{ rating_count: number; rating_sum: number }>(
      sql`select rating_count, rating_sum from products where id = ${productId}`,
    )
  ).map((r) => ({ count: Number(r.rating_count), sum: Number(r.rating_sum) }))[0];

beforeAll(async () => {
  app = await createTestApp({
    PHOTO_MAX_MB: '2',
    WRITE_LIMIT_PER_SESSION: '1000',
    WRITE_LIMIT_PER_CLIENT: '1000',
    REVIEWS_PER_CLIENT: '60',
  });
  k = await checkoutKit(app);
  offers = await reviewOffers(app);
  const first = offers[0] as ReviewOffer;
  anna = await k.member({ id: first.id } as OfferFacts);
  boris = await k.member({ id: first.id } as OfferFacts);
  await addStaff(app, { email: 'rv-content@vyuga.test', role: 'content' });
  await addStaff(app, { email: 'rv-shop@vyuga.test', role: 'shop', shopId: k.stores.shop });
  content = await loggedInStaff(app, 'rv-content@vyuga.test');
  shopStaff = await loggedInStaff(app, 'rv-shop@vyuga.test');
});
afterAll(() => app.close());

describe('POST /api/v2/catalog/product/reviews/add/', () => {
  it('takes a review of a received line, with a photo, as pending', async () => {
    const offer = offers[0] as ReviewOffer;
    const orderId = await orderOf(app, anna.userId, [offer]);
    const res = await postReview(app, anna.me, good(orderId, offer, { height: 168, size: '46' }), [await photoBytes()]);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; data: { review: { id: number; state: string } } };
    expect(body.status).toBe('ok');
    expect(body.data.review.state).toBe('pending');
    const [row] = await reviewRows(orderId);
    expect(row?.id).toBe(body.data.review.id);
    expect(row?.height).toBe(168);
    expect(row?.size).toBe('46');
    const photos = Array.isArray(row?.photos) ? row.photos : String(row?.photos).replace(/[{}]/g, '').split(',');
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatch(/^up-[0-9a-f]{32}\.jpg$/);
  });

  it('refuses a line of an order not received yet, without an account, or of another shopper', async () => {
    const offer = offers[1] as ReviewOffer;
    const shipped = await orderOf(app, anna.userId, [offer], { status: 'shipped' });
    const notYet = await postReview(app, anna.me, good(shipped, offer));
    expect(notYet.status).toBe(403);
    expect((await errorOf(notYet))?.message).toMatch(/полученного заказа/);

    const received = await orderOf(app, anna.userId, [offer]);
    const stranger = await newVisitor(app);
    expect((await postReview(app, stranger, good(received, offer))).status).toBe(403);
    const another = await postReview(app, boris.me, good(received, offer));
    expect(another.status).toBe(403);
    expect((await errorOf(another))?.code).toBe('REVIEW_NOT_ALLOWED');
    // An offer that is not a line of the order.
    const notLine = await postReview(app, anna.me, good(received, offers[2] as ReviewOffer));
    expect(notLine.status).toBe(403);
    expect(await reviewRows(received)).toHaveLength(0);
    expect(await reviewRows(shipped)).toHaveLength(0);
  });

  it('a guest order: only its letter’s key opens it; another order’s key is refused', async () => {
    const offer = offers[3] as ReviewOffer;
    const mine = await orderOf(app, null, [offer]);
    const theirs = await orderOf(app, null, [offer]);
    const guest = await newVisitor(app);
    const myKey = app.services.reviews.guestToken(mine);
    expect((await postReview(app, guest, good(mine, offer))).status).toBe(403);
    expect((await postReview(app, guest, good(mine, offer, { token: 'x'.repeat(32) }))).status).toBe(403);
    expect((await postReview(app, guest, good(theirs, offer, { token: myKey }))).status).toBe(403);
    expect(await reviewRows(theirs)).toHaveLength(0);
    expect((await postReview(app, guest, good(mine, offer, { token: myKey }))).status).toBe(200);
    // A logged-in shopper cannot use a guest order's key for an account's order either.
    const annas = await orderOf(app, anna.userId, [offer]);
    expect(
      (await postReview(app, boris.me, good(annas, offer, { token: app.services.reviews.guestToken(annas) }))).status,
    ).toBe(403);
    // The guest page opens with the key and refuses without it.
    expect(await (await app.fetch(`/review/?order=${mine}&token=${myKey}`)).text()).toContain('Отзыв о покупке');
    expect(await (await app.fetch(`/review/?order=${theirs}&token=${myKey}`)).text()).toContain('Ссылка не сработала');
  });

  it('one review per order line: the second is a clear 409', async () => {
    const offer = offers[4] as ReviewOffer;
    const orderId = await orderOf(app, anna.userId, [offer]);
    expect((await postReview(app, anna.me, good(orderId, offer))).status).toBe(200);
    const again = await postReview(app, anna.me, good(orderId, offer, { rating: 1 }));
    expect(again.status).toBe(409);
    expect((await errorOf(again))?.message).toMatch(/уже оставили отзыв/);
    expect(await reviewRows(orderId)).toHaveLength(1);
  });

  it('checks the text, the rating, the fit and the height', async () => {
    const offer = offers[5] as ReviewOffer;
    const orderId = await orderOf(app, anna.userId, [offer]);
    const cases: [string, Record<string, string | number>, RegExp][] = [
      ['HTML', { text: 'Отлично! <script>alert(1)</script> сидит' }, /обычный текст/],
      ['an entity', { text: 'Отлично сидит &lt;b&gt; по фигуре' }, /обычный текст/],
      ['too short', { text: 'Ок' }, /хотя бы 10/],
      ['too long', { text: 'о'.repeat(2001) }, /не длиннее 2000/],
      ['rating 6', { rating: 6 }, /от 1 до 5/],
      ['rating 0', { rating: 0 }, /от 1 до 5/],
      ['a fit unknown', { fit: 'tight' }, /маломерит/],
      ['height 20', { height: 20 }, /Рост — от/],
      ['height 999', { height: 999 }, /Рост — от/],
    ];
    for (const [what, change, message] of cases) {
      const res = await postReview(app, anna.me, good(orderId, offer, change));
      expect(res.status, what).toBe(400);
      expect((await errorOf(res))?.message, what).toMatch(message);
    }
    expect(await reviewRows(orderId)).toHaveLength(0);
  });

  it('photo tricks: a text named .jpg, a small picture, six photos, an oversized file — nothing is stored', async () => {
    const offer = offers[6] as ReviewOffer;
    const orderId = await orderOf(app, anna.userId, [offer]);
    const text = new TextEncoder().encode('<?php echo "not a photo"; ?>');
    const notImage = await postReview(app, anna.me, good(orderId, offer), [text]);
    expect(notImage.status).toBe(400);
    expect((await errorOf(notImage))?.message).toMatch(/не изображение/);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await errorOf(await postReview(app, anna.me, good(orderId, offer), [svg])))?.message).toMatch(/SVG/);
    const small = await postReview(app, anna.me, good(orderId, offer), [await photoBytes(300, 300)]);
    expect(small.status).toBe(400);
    expect((await errorOf(small))?.message).toMatch(/не меньше 600/);
    const six = await Promise.all(Array.from({ length: 6 }, () => photoBytes(640, 640)));
    const tooMany = await postReview(app, anna.me, good(orderId, offer), six);
    expect(tooMany.status).toBe(400);
    expect((await errorOf(tooMany))?.message).toMatch(/не больше 5 фото/);
    // Over PHOTO_MAX_MB (2 in this app): refused before the body is read.
    const big = new Uint8Array(3 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff]);
    const oversized = await postReview(app, anna.me, good(orderId, offer), [big]);
    expect(oversized.status).toBe(413);
    expect(await reviewRows(orderId)).toHaveLength(0);
  });
});

describe('the moderation desk', () => {
  let reviewId = 0;
  let offer: ReviewOffer;
  beforeAll(async () => {
    offer = offers[7] as ReviewOffer;
    const orderId = await orderOf(app, anna.userId, [offer]);
    const res = await postReview(app, anna.me, good(orderId, offer, { rating: 4 }));
    reviewId = ((await res.json()) as { data: { review: { id: number } } }).data.review.id;
  });

  it('a role that may not moderate is refused, and its refusal changes nothing', async () => {
    expect((await shopStaff.get('/api/v2/admin/reviews/')).status).toBe(403);
    const publish = await shopStaff.call(`/api/v2/admin/reviews/${reviewId}/publish/`);
    expect(publish.status).toBe(403);
    expect((await errorOf(publish))?.message).toBe('Недостаточно прав для этого действия.');
    expect((await shopStaff.call(`/api/v2/admin/reviews/${reviewId}/hide/`, { reason: 'спам' })).status).toBe(403);
    expect((await shopStaff.get('/admin/reviews/')).status).toBe(403);
    const shopper = await anna.me.post(`/api/v2/admin/reviews/${reviewId}/publish/`, {});
    expect([401, 403]).toContain(shopper.status);
    expect(
      (
        await reviewRows(
          Number(
            (
              await k.rows<{ order_id: number }>(sql`select order_id from reviews where id = ${reviewId}`)
            )[0]?.order_id,
          ),
        )
      )[0]?.state,
    ).toBe('pending');
  });

  it('lists by state, publishes once, hides with a reason — the product’s rating exact, every write audited', async () => {
    const list = await content.get('/api/v2/admin/reviews/?state=pending');
    expect(list.status).toBe(200);
    const { items, pending } = ((await list.json()) as { data: { items: AdminReview[]; pending: number } }).data;
    expect(items.some((r) => r.id === reviewId)).toBe(true);
    expect(items.every((r) => r.state === 'pending')).toBe(true);
    expect(pending).toBeGreaterThan(0);
    expect((await content.get('/api/v2/admin/reviews/?state=nope')).status).toBe(400);

    const before = await ratingOf(offer.productId);
    const published = await content.call(`/api/v2/admin/reviews/${reviewId}/publish/`);
    expect(published.status).toBe(200);
    expect(((await published.json()) as { data: { review: AdminReview } }).data.review.state).toBe('published');
    expect(await ratingOf(offer.productId)).toEqual({ count: (before?.count ?? 0) + 1, sum: (before?.sum ?? 0) + 4 });
    // Publishing the published changes nothing.
    expect((await content.call(`/api/v2/admin/reviews/${reviewId}/publish/`)).status).toBe(200);
    expect(await ratingOf(offer.productId)).toEqual({ count: (before?.count ?? 0) + 1, sum: (before?.sum ?? 0) + 4 });

    const noReason = await content.call(`/api/v2/admin/reviews/${reviewId}/hide/`, {});
    expect(noReason.status).toBe(400);
    expect((await errorOf(noReason))?.message).toMatch(/причин/i);
    const hidden = await content.call(`/api/v2/admin/reviews/${reviewId}/hide/`, { reason: 'Отзыв о другом товаре' });
    expect(hidden.status).toBe(200);
    const review = ((await hidden.json()) as { data: { review: AdminReview } }).data.review;
    expect(review.state).toBe('hidden');
    expect(review.hiddenReason).toBe('Отзыв о другом товаре');
    expect(await ratingOf(offer.productId)).toEqual(before);
    // Hiding the hidden again takes nothing more away.
    await content.call(`/api/v2/admin/reviews/${reviewId}/hide/`, { reason: 'Ещё раз' });
    expect(await ratingOf(offer.productId)).toEqual(before);
    // Published again, counted again.
    await content.call(`/api/v2/admin/reviews/${reviewId}/publish/`);
    expect(await ratingOf(offer.productId)).toEqual({ count: (before?.count ?? 0) + 1, sum: (before?.sum ?? 0) + 4 });

    const answered = await content.call(`/api/v2/admin/reviews/${reviewId}/answer/`, {
      text: 'Спасибо за отзыв! Рады, что подошло.',
    });
    expect(answered.status).toBe(200);
    expect(((await answered.json()) as { data: { review: AdminReview } }).data.review.answer).toBe(
      'Спасибо за отзыв! Рады, что подошло.',
    );
    const audit = await k.rows<{ action: string; staff_email: string }>(
      sql`select action, staff_email from audit_log where entity_id = ${String(reviewId)} and action like 'review.%' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'review.publish',
      'review.hide',
      'review.hide',
      'review.publish',
      'review.answer',
    ]);
    expect(audit.every((a) => a.staff_email === 'rv-content@vyuga.test')).toBe(true);
    expect((await content.call('/api/v2/admin/reviews/999999/publish/')).status).toBe(404);
  });

  it('the desk page lists the reviews for content staff and publishes from its form', async () => {
    const page = await content.get('/admin/reviews/?state=published');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Отзывы</h1>');
    expect(html).toContain(`Отзыв № ${reviewId}`);
    const nav = await (await content.get('/admin/')).text();
    expect(nav).toContain('href="/admin/reviews/"');
  });
});

describe('the invitation letter and the cabinet', () => {
  it('goes once, a few days after completion, linking to the form; the cabinet offers «Оставить отзыв»', async () => {
    const offer = offers[8] as ReviewOffer;
    const email = `invite.${Date.now()}@example.ru`;
    const fresh = await orderOf(app, anna.userId, [offer], { daysAgo: 1, email: `fresh.${email}` });
    const due = await orderOf(app, anna.userId, [offer], { daysAgo: 4, email });
    // Completed long before (before the feature, say): never asked.
    await orderOf(app, anna.userId, [offer], { daysAgo: 40, email: `old.${email}` });
    const [a, b] = await Promise.all([
      app.services.reviews.sendInvitations(new Date()),
      app.services.reviews.sendInvitations(new Date()),
    ]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(await app.services.reviews.sendInvitations(new Date())).toBe(0);
    await app.outbox.deliver();
    const letter = await readOutbox(app, { to: email, channel: 'email' });
    expect(letter?.text).toContain(`/lk/order/?review=${due}`);
    expect(await readOutbox(app, { to: `fresh.${email}`, channel: 'email' })).toBeFalsy();
    expect(await readOutbox(app, { to: `old.${email}`, channel: 'email' })).toBeFalsy();
    const sent = await k.rows<{ n: number }>(
      sql`select count(*)::int as n from outbox where kind = 'review-invite' and recipient = ${email}`,
    );
    expect(Number(sent[0]?.n)).toBe(1);
    expect(fresh).toBeGreaterThan(0);

    const list = await (await anna.me.get('/lk/order/')).text();
    expect(list).toContain(`/lk/order/?review=${due}&amp;offer=${offer.id}`);
    const form = await (await anna.me.get(`/lk/order/?review=${due}&offer=${offer.id}`)).text();
    expect(form).toContain('name="rating"');
    expect(form).toContain('Как сидит');
    expect(form).toContain('name="photos"');
  });
});

describe('fit → size advice', () => {
  it('moves the advised size once five published reviews say the model runs small', async () => {
    const offer = offers.find(
      (o, i) => i > 8 && offers.filter((x) => x.productId === o.productId).length >= 3,
    ) as ReviewOffer;
    const ask = async () =>
      (
        (await (
          await app.fetch(
            `/api/v2/catalog/size/advice/?productId=${offer.productId}&height=168&chest=86&waist=68&hips=94`,
          )
        ).json()) as { data: { size: number; text: string } }
      ).data;
    const before = await ask();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const orderId = await orderOf(app, boris.userId, [offer]);
      const res = await postReview(app, boris.me, good(orderId, offer, { fit: i < 4 ? 'small' : 'true' }));
      ids.push(((await res.json()) as { data: { review: { id: number } } }).data.review.id);
    }
    // Pending reviews move nothing.
    expect(await ask()).toEqual(before);
    for (const id of ids) await content.call(`/api/v2/admin/reviews/${id}/publish/`);
    const after = await ask();
    expect(after.text).toContain('Модель маломерит — по отзывам покупателей советуем на размер больше.');
    expect(after.size).toBeGreaterThanOrEqual(before.size);
  });
});

describe('flooding', () => {
  it('a client posting reviews past its hourly share gets 429 with a Russian wait', async () => {
    const offer = offers[9] as ReviewOffer;
    const orderId = await orderOf(app, anna.userId, [offer]);
    let refused: Response | null = null;
    for (let i = 0; i < 80 && !refused; i++) {
      const res = await postReview(app, anna.me, good(orderId, offer, { text: 'Я' }));
      if (res.status === 429) refused = res;
    }
    expect(refused?.status).toBe(429);
    expect((await errorOf(refused as Response))?.message).toMatch(/через/);
    expect(await reviewRows(orderId)).toHaveLength(0);
  });
});
