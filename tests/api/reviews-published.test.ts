import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { notifyReviewsChanged } from '../../db/repositories/reviews-published';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The showing side of reviews (issue 44.2): the reviews call, the product page's «Отзывы» block and JSON-LD, the
 * rating on listing cards. Reviews are written straight into the table as the moderation desk leaves them
 * (published ones counted in the product's rating columns), so only what is shown is under test here.
 */

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Json = any;

let app: TestApp;
/** A model with two colours: `main` gets most reviews, `other` a few (their fit counts for the model). */
let main: { id: number; url: string; modelId: number; sectionUrl: string };
let other: { id: number; url: string };
/** A product of another model with no reviews. */
let bare: { id: number; url: string };
let photoFiles: string[];
let lineId = 900_000;
const T0 = Date.parse('2026-10-01T10:00:00Z');

interface Seed {
  productId: number;
  modelId: number;
  rating: number;
  text: string;
  fit?: 'small' | 'true' | 'large';
  state?: 'pending' | 'published' | 'hidden';
  photos?: string[];
  answer?: string | null;
  /** Minutes after T0 it was published. */
  at: number;
  author?: string;
  height?: number | null;
}

async function insertReview(r: Seed) {
  lineId += 1;
  const state = r.state ?? 'published';
  const at = new Date(T0 + r.at * 60_000).toISOString();
  await app.database.db.execute(sql`
    insert into reviews (product_id, model_id, offer_id, order_id, order_line_id, author_name, rating, text, fit, size,
      height, photos, state, answer, created_at, published_at)
    values (${r.productId}, ${r.modelId}, 1, ${lineId}, ${lineId}, ${r.author ?? 'Анна'}, ${r.rating}, ${r.text},
      ${r.fit ?? 'true'}, '46', ${r.height === undefined ? 168 : r.height},
      ${sql.raw(`array[${(r.photos ?? []).map((f) => `'${f.replace(/'/g, "''")}'`).join(',')}]::text[]`)},
      ${state}, ${r.answer ?? null}, ${at}::timestamptz, ${state === 'published' ? at : null}::timestamptz)`);
}

/** What the moderation writes keep: the products' published count and sum (the products' trigger sends their tag). */
async function recount() {
  await app.database.db.execute(sql`
    update products p set rating_count = coalesce(x.c, 0), rating_sum = coalesce(x.s, 0)
    from (select pr.id, count(r.id) as c, sum(r.rating) as s from products pr
          left join reviews r on r.product_id = pr.id and r.state = 'published' group by pr.id) x
    where p.id = x.id and (p.rating_count, p.rating_sum) is distinct from (coalesce(x.c, 0)::int, coalesce(x.s, 0)::int)`);
}

const json = async (path: string) => {
  const res = await app.fetch(path);
  return { status: res.status, body: (await res.json()) as Json };
};
const reviews = (query: string) => json(`/api/v2/catalog/product/reviews/?${query}`);
const html = async (path: string) => {
  const res = await app.fetch(path);
  return { res, text: await res.text() };
};
const jsonLd = (page: string): Json[] =>
  [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].flatMap((m) => JSON.parse(m[1] ?? '[]'));
const productLd = (page: string) => jsonLd(page).find((x) => x['@type'] === 'Product');

beforeAll(async () => {
  app = await createTestApp();
  const [model] = await queryRows<{ model_id: number; ids: number[] }>(
    app.database.db,
    sql`select model_id, array_agg(id order by id) as ids from products where active
        group by model_id having count(*) >= 2 order by model_id limit 1`,
  );
  if (!model) throw new Error('the test catalogue has no model with two colours');
  const [a, b] = model.ids.map(Number);
  const rows = await queryRows<{ id: number; url: string; section_url: string }>(
    app.database.db,
    sql`select p.id, p.url, s.url as section_url from products p join sections s on s.id = p.section_id
        where p.id in (${a}, ${b}) order by p.id`,
  );
  main = {
    id: Number(a),
    url: rows[0]?.url ?? '',
    modelId: Number(model.model_id),
    sectionUrl: rows[0]?.section_url ?? '',
  };
  other = { id: Number(b), url: rows[1]?.url ?? '' };
  const [free] = await queryRows<{ id: number; url: string }>(
    app.database.db,
    sql`select id, url from products where active and model_id <> ${main.modelId} order by id limit 1`,
  );
  bare = { id: Number(free?.id), url: free?.url ?? '' };
  photoFiles = (
    await queryRows<{ file: string }>(app.database.db, sql`select file from product_images order by id limit 3`)
  ).map((r) => r.file);

  // main: 23 published (ratings cycling 5,4,3,2,1…; every third with photos; the first answered), plus hidden and
  // pending ones that must never show; fit answers small × 12, true × 8, large × 3 over the model.
  for (let i = 0; i < 23; i++) {
    await insertReview({
      productId: main.id,
      modelId: main.modelId,
      rating: 5 - (i % 5),
      text: `Отзыв номер ${i + 1}: тёплый, ${i % 2 ? 'рукава длинные' : 'сидит хорошо'}.`,
      fit: i < 10 ? 'small' : i < 18 ? 'true' : 'large',
      photos: i % 3 === 0 ? photoFiles.slice(0, 1 + (i % 2)) : [],
      answer: i === 22 ? 'Спасибо! Рады, что куртка подошла.' : null,
      at: i * 60,
      author: i === 22 ? 'Мария' : 'Анна',
      height: i === 22 ? 172 : 168,
    });
  }
  await insertReview({
    productId: main.id,
    modelId: main.modelId,
    rating: 1,
    text: 'СКРЫТЫЙ отзыв',
    state: 'hidden',
    fit: 'large',
    at: 5000,
  });
  await insertReview({
    productId: main.id,
    modelId: main.modelId,
    rating: 1,
    text: 'ЖДЁТ модерации',
    state: 'pending',
    fit: 'large',
    at: 5001,
  });
  // other colour: 2 published «маломерит», counted in the model's fit, not in main's list.
  for (let i = 0; i < 2; i++)
    await insertReview({
      productId: other.id,
      modelId: main.modelId,
      rating: 4,
      text: `Другой цвет ${i}`,
      fit: 'small',
      at: 3000 + i,
    });
  await recount();
});
afterAll(() => app.close());

describe('GET /api/v2/catalog/product/reviews/', () => {
  it('answers the published reviews of the product with its rating and its model’s fit, in the envelope', async () => {
    const { status, body } = await reviews(`productId=${main.id}`);
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    const data = body.data;
    expect(data.items).toHaveLength(10);
    expect(data.navigation).toEqual({ limit: 10, count: 23, page: 1, pageCount: 3 });
    // 23 ratings 5,4,3,2,1,… : five rounds of 15 and 5,4,3 → (4·15 + 12) / 23 = 3.13…
    expect(data.rating).toEqual({ average: 3.1, count: 23 });
    // Over the model: main's 10 small, 8 true, 5 large, and the other colour's 2 small; hidden/pending not counted.
    expect(data.fit).toEqual({ small: 12, true: 8, large: 5 });
    const first = data.items[0];
    expect(first).toMatchObject({
      authorName: 'Мария',
      rating: 3,
      text: 'Отзыв номер 23: тёплый, сидит хорошо.',
      fit: 'large',
      size: '46',
      height: 172,
      answer: 'Спасибо! Рады, что куртка подошла.',
    });
    expect(new Date(first.date).toISOString()).toBe(new Date(T0 + 22 * 3_600_000).toISOString());
    const all = JSON.stringify(data);
    expect(all).not.toContain('СКРЫТЫЙ');
    expect(all).not.toContain('ЖДЁТ');
    expect(all).not.toContain('Другой цвет');
  });

  it('gives photos at the image pipeline’s sizes', async () => {
    const { body } = await reviews(`productId=${main.id}&photos=1`);
    const photo = body.data.items[0].photos[0];
    expect(photo.file).toBe(photoFiles[0]);
    expect(photo.thumb).toMatch(new RegExp(`^/images/78x116/${photoFiles[0]}\\?v=`));
    expect(photo.detail).toMatch(/^\/images\/426x640\//);
    const image = await app.fetch(photo.thumb);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });

  it('pages through every published review once, the last page short, beyond it none', async () => {
    const ids: number[] = [];
    for (const page of [1, 2, 3]) {
      const { body } = await reviews(`productId=${main.id}&page=${page}`);
      expect(body.data.navigation.page).toBe(page);
      ids.push(...body.data.items.map((r: Json) => r.id));
    }
    expect(ids).toHaveLength(23);
    expect(new Set(ids).size).toBe(23);
    const beyond = await reviews(`productId=${main.id}&page=4`);
    expect(beyond.status).toBe(200);
    expect(beyond.body.data.items).toEqual([]);
  });

  it('sorts by newest (the default), by rating high to low and low to high', async () => {
    const all = async (sort: string) => {
      const out: Json[] = [];
      for (const page of [1, 2, 3])
        out.push(...(await reviews(`productId=${main.id}&page=${page}&sort=${sort}`)).body.data.items);
      return out;
    };
    const newest = await all('newest');
    const dates = newest.map((r) => Date.parse(r.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect((await reviews(`productId=${main.id}`)).body.data.items.map((r: Json) => r.id)).toEqual(
      newest.slice(0, 10).map((r) => r.id),
    );
    const high = (await all('rating_desc')).map((r) => r.rating);
    expect(high).toEqual([...high].sort((a, b) => b - a));
    expect(high[0]).toBe(5);
    const low = (await all('rating_asc')).map((r) => r.rating);
    expect(low).toEqual([...low].sort((a, b) => a - b));
    expect(low[0]).toBe(1);
  });

  it('with photos=1 gives only the reviews with photos, counted', async () => {
    const { body } = await reviews(`productId=${main.id}&photos=1`);
    // Reviews 1, 4, 7, … 22: every third of 23.
    expect(body.data.navigation.count).toBe(8);
    expect(body.data.items).toHaveLength(8);
    for (const r of body.data.items) expect(r.photos.length).toBeGreaterThan(0);
    expect(body.data.photos).toBe(true);
  });

  it('answers a product without reviews with none, a zero rating and the model’s empty fit', async () => {
    const { status, body } = await reviews(`productId=${bare.id}`);
    expect(status).toBe(200);
    expect(body.data.items).toEqual([]);
    expect(body.data.rating).toEqual({ average: 0, count: 0 });
    expect(body.data.fit).toEqual({ small: 0, true: 0, large: 0 });
  });

  it.each([
    ['', 400, /productId/],
    ['productId=abc', 400, /productId/],
    ['productId=-1', 400, /productId/],
    ['productId=99999999999', 400, /productId/],
    [`productId=1&page=0`, 400, /страницы/],
    [`productId=1&page=x`, 400, /страницы/],
    [`productId=1&sort=helpful`, 400, /сортировка/i],
    [`productId=1&photos=maybe`, 400, /photos/],
    [`productId=1&page=1&page=2`, 400, /несколько раз/],
  ])('refuses «%s» with %i and a Russian message', async (query, status, message) => {
    const res = await reviews(query);
    expect(res.status).toBe(status);
    expect(res.body.status).toBe('error');
    expect(res.body.errors[0].message).toMatch(message);
    expect(res.body.errors[0].message).toMatch(/[а-яё]/i);
  });

  it('answers 404 in Russian for a product that is not in the catalogue', async () => {
    const res = await reviews('productId=2000000000');
    expect(res.status).toBe(404);
    expect(res.body.errors[0].message).toBe('Такого товара нет в каталоге.');
  });

  it('only reads: a POST is not this call', async () => {
    const res = await app.fetch(`/api/v2/catalog/product/reviews/?productId=${main.id}`, { method: 'POST' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('the product page', () => {
  it('shows «Отзывы» with the count, the average, the fit summary and the first page of reviews', async () => {
    const { res, text } = await html(main.url);
    expect(res.status).toBe(200);
    const section = text.slice(
      text.indexOf('<section id="reviews"'),
      text.indexOf('</section>', text.indexOf('<section id="reviews"')),
    );
    expect(section).toMatch(/^<section id="reviews"[^>]*aria-labelledby="reviews-title"/);
    expect(section).toMatch(/<h2 id="reviews-title"[^>]*>Отзывы(<!-- -->)? <span[^>]*>23<\/span><\/h2>/);
    expect(section).toContain('aria-label="Рейтинг 3,1 из 5"');
    expect(section).toContain('Чаще берут на размер больше');
    // 12 / 25, 8 / 25, 5 / 25.
    expect(section).toMatch(/Маломерит<\/dt><dd>.*?48\u00a0%/);
    expect(section).toMatch(/В размер<\/dt><dd>.*?32\u00a0%/);
    expect(section).toMatch(/Большемерит<\/dt><dd>.*?20\u00a0%/);
    expect((section.match(/<article /g) ?? []).length).toBe(10);
    expect(section).toContain('Отзыв номер 23: тёплый, сидит хорошо.');
    expect(section).toMatch(/Ответ магазина<\/p><p[^>]*>Спасибо! Рады, что куртка подошла.<\/p>/);
    expect(section).toContain('Размер 46 · Рост 172\u00a0см · Большемерит');
    expect(section).toContain('Показать ещё');
    expect(section).not.toContain('СКРЫТЫЙ');
    expect(section).not.toContain('ЖДЁТ');
  });

  it('shows the rating near the name, linking to the block', async () => {
    const { text } = await html(main.url);
    const head = text.slice(text.indexOf('<h1'), text.indexOf('<section id="reviews"'));
    expect(head).toMatch(/<a[^>]*href="#reviews"[^>]*><span[^>]*role="img" aria-label="Рейтинг 3,1 из 5"/);
    expect(head).toContain('23\u00a0отзыва');
  });

  it('carries AggregateRating and up to five Reviews in the Product JSON-LD', async () => {
    const { text } = await html(main.url);
    const product = productLd(text);
    expect(product.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 3.1,
      reviewCount: 23,
      bestRating: 5,
      worstRating: 1,
    });
    expect(product.review).toHaveLength(5);
    expect(product.review[0]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Мария' },
      reviewRating: { '@type': 'Rating', ratingValue: 3, bestRating: 5, worstRating: 1 },
      reviewBody: 'Отзыв номер 23: тёплый, сидит хорошо.',
      datePublished: new Date(T0 + 22 * 3_600_000).toISOString().slice(0, 10),
    });
  });

  it('without published reviews: a short empty state, no rating near the name, nothing in JSON-LD', async () => {
    const { text } = await html(bare.url);
    expect(text).toMatch(/<section id="reviews"[^>]*aria-labelledby="reviews-title"/);
    expect(text).toMatch(/<h2 id="reviews-title"[^>]*>Отзывы<\/h2>/);
    expect(text).toContain('Отзывов пока нет…');
    expect(text).not.toContain('href="#reviews"');
    expect(text).not.toContain('<article ');
    const product = productLd(text);
    expect(product['@type']).toBe('Product');
    expect(product.aggregateRating).toBeUndefined();
    expect(product.review).toBeUndefined();
  });

  it('drops its cached page when a review is published, and when the shop answers one', async () => {
    const first = await html(bare.url);
    expect((await html(bare.url)).res.headers.get('x-cache')).toBe('hit');
    expect(first.text).toContain('Отзывов пока нет…');
    const [{ model_id }] = await queryRows<{ model_id: number }>(
      app.database.db,
      sql`select model_id from products where id = ${bare.id}`,
    );
    await insertReview({
      productId: bare.id,
      modelId: Number(model_id),
      rating: 5,
      text: 'Первый отзыв о модели',
      at: 9000,
      author: 'Ольга',
    });
    await recount();
    await expect.poll(async () => (await html(bare.url)).text, { timeout: 3000 }).toContain('Первый отзыв о модели');
    const after = await html(bare.url);
    expect(after.text).toContain('aria-label="Рейтинг 5 из 5"');
    expect(productLd(after.text).aggregateRating.reviewCount).toBe(1);
    expect((await html(bare.url)).res.headers.get('x-cache')).toBe('hit');

    // An answer leaves the rating columns as they were: the change sends the product's tag itself.
    await app.database.db.transaction(async (tx) => {
      await tx.execute(sql`update reviews set answer = 'Спасибо, Ольга!' where product_id = ${bare.id}`);
      await notifyReviewsChanged(tx, [bare.id]);
    });
    await expect.poll(async () => (await html(bare.url)).text, { timeout: 3000 }).toContain('Спасибо, Ольга!');
  });
});

describe('listing cards', () => {
  it('carry the rating of products with reviews (only those), in the list call and on the section page', async () => {
    const list = (page: number) =>
      json(`/api/v2/catalog/product/list/?section=${encodeURIComponent(main.sectionUrl)}&page=${page}`);
    let page = 1;
    let { body } = await list(page);
    while (!body.data.items.some((i: Json) => i.id === main.id) && page < body.data.navigation.pageCount)
      ({ body } = await list(++page));
    const items: Json[] = body.data.items;
    const card = items.find((i) => i.id === main.id);
    expect(card?.rating).toEqual({ average: 3.1, count: 23 });
    for (const i of items.filter((x) => x.id !== main.id && x.id !== other.id)) expect(i.rating).toBeNull();
    const text = (await html(`${main.sectionUrl}${page > 1 ? `?PAGEN_1=${page}` : ''}`)).text;
    expect(text).toContain('Рейтинг 3,1 из 5, 23\u00a0отзыва');
  });

  it('show the rating on the home page’s cards once a product there has reviews', async () => {
    const before = (await html('/')).text;
    const url = before.match(/<h3 class="[^"]*"><a href="(\/product\/[^"]+)"/)?.[1];
    expect(url).toBeDefined();
    expect(before).not.toContain('Рейтинг 4,5 из 5, 2\u00a0отзыва');
    const [p] = await queryRows<{ id: number; model_id: number }>(
      app.database.db,
      sql`select id, model_id from products where url = ${url}`,
    );
    for (const rating of [4, 5])
      await insertReview({
        productId: Number(p?.id),
        modelId: Number(p?.model_id),
        rating,
        text: 'Хорошая',
        at: 9100 + rating,
      });
    await recount();
    await expect
      .poll(async () => (await html('/')).text, { timeout: 3000 })
      .toContain('Рейтинг 4,5 из 5, 2\u00a0отзыва');
  });
});
