// Over 400 lines because its cases share one seeded app and its fixtures: one feature's behaviour, end to end.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { compareSizeNames } from '../../domain/catalog/product/sizes';
import { createTestApp, newVisitor, type TestApp, type Visitor } from '../support/test-app';

let app: TestApp;
let visitor: Visitor;

/** A product whose model comes in several colours and which has a size sold out everywhere. */
interface Sample {
  id: number;
  code: string;
  url: string;
  model_id: number;
  sold_out_size: string;
}
let sample: Sample;
let sibling: { id: number; url: string };

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app.database.db, query);
const getJson = async (path: string) => {
  const res = await app.fetch(path);
  return {
    status: res.status,
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    body: (await res.json()) as { status: string; data: any; errors?: { message: string; code: string }[] },
  };
};

beforeAll(async () => {
  app = await createTestApp();
  visitor = await newVisitor(app);
  [sample] = (await rows<Sample>(sql`
    select p.id, p.code, p.url, p.model_id,
      (select o.size_name from offers o where o.product_id = p.id
        and not exists (select 1 from stock s where s.offer_id = o.id and s.quantity > 0) order by o.size_sort limit 1) as sold_out_size
    from products p
    where (select count(*) from products m where m.model_id = p.model_id) >= 3
      and exists (select 1 from offers o where o.product_id = p.id
        and not exists (select 1 from stock s where s.offer_id = o.id and s.quantity > 0))
    order by p.id limit 1`)) as [Sample];
  [sibling] = (await rows<{ id: number; url: string }>(sql`
    select id, url from products where model_id = ${sample.model_id} and id <> ${sample.id} order by id limit 1`)) as [
    { id: number; url: string },
  ];
});
afterAll(() => app.close());

describe('product page', () => {
  it('renders the product with its title, social tags, JSON-LD and gallery', async () => {
    const res = await visitor.get(sample.url);
    expect(res.status).toBe(200);
    const html = await res.text();
    const [product] = await rows<{ name: string; article: string; brand: string }>(sql`
      select p.name, p.article, b.name as brand from products p join brands b on b.id = p.brand_id where p.id = ${sample.id}`);
    expect(html).toMatch(
      new RegExp(`<title>${product?.name} ${product?.brand}, [^<]+, арт\\. ${product?.article} — купить`),
    );
    expect(html).toMatch(/<meta name="description" content="[^"]*артикул [^"]+"/);
    expect(html).toMatch(/<meta name="keywords" content="[^"]+"/);
    expect(html).toContain(`<meta property="og:url" content="http://shop.test${sample.url}"`);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/shop\.test\/images\/426x640\/[\w-]+\.jpg\?v=1"/);
    expect(html).toContain(`<link rel="canonical" href="http://shop.test${sample.url}"`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${product?.name}</h1>`));

    // The main photo: detail size with the source for dense screens, sized so nothing shifts; the rest load lazily.
    const slides = [...html.matchAll(/<img src="\/images\/426x640\/[^"]+"[^>]*>/g)].map((m) => m[0]);
    expect(slides.length).toBeGreaterThan(1);
    expect(slides[0]).toMatch(
      /srcSet="\/images\/426x640\/[\w-]+\.jpg\?v=1 426w, \/images\/source\/[\w-]+\.jpg\?v=1 852w"/,
    );
    expect(slides[0]).toContain('width="426" height="640"');
    expect(slides[0]).toContain('loading="eager"');
    for (const slide of slides.slice(1)) expect(slide).toContain('loading="lazy"');
    expect(html).toMatch(/<img src="\/images\/78x116\/[\w-]+\.jpg\?v=1"[^>]*width="78" height="116"/);
    // The colours' photos wait until they are near the screen (on a phone they are under the gallery), and the head
    // does not preload them beside the main photo.
    const colours = [...html.matchAll(/<img src="\/images\/288x432\/[^"]+"[^>]*>/g)].map((m) => m[0]);
    expect(colours.length).toBeGreaterThan(0);
    for (const img of colours) expect(img).toMatch(/width="288" height="432" loading="lazy"/);
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('/images/288x432/');
  });

  it('publishes schema.org Product with an Offer per size and the breadcrumbs', async () => {
    const html = await (await visitor.get(sample.url)).text();
    const json = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1];
    const [product, breadcrumbs] = JSON.parse(json ?? '[]');
    expect(product['@type']).toBe('Product');
    expect(product.offers.length).toBeGreaterThan(1);
    for (const offer of product.offers) {
      expect(offer).toMatchObject({ '@type': 'Offer', priceCurrency: 'RUB' });
      expect(offer.price).toMatch(/^\d+0\.00$/);
      expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|InStoreOnly|OutOfStock)$/);
    }
    const soldOut = product.offers.find((o: { name: string }) => o.name === `Размер ${sample.sold_out_size}`);
    expect(soldOut.availability).toBe('https://schema.org/OutOfStock');
    expect(breadcrumbs['@type']).toBe('BreadcrumbList');
    expect(breadcrumbs.itemListElement[0]).toMatchObject({ position: 1, name: 'Главная', item: 'http://shop.test/' });
    expect(breadcrumbs.itemListElement.at(-1).item).toBe(`http://shop.test${sample.url}`);
  });

  it('lists sizes in size order with the sold-out size disabled, and the photo-model data in words', async () => {
    const html = await (await visitor.get(sample.url)).text();
    const sizes = [...html.matchAll(/<input type="radio"([^>]*)\/><span[^>]*>([^<]+)</g)]
      .filter((m) => m[1]?.includes('name="product-size"'))
      .map((m) => ({ name: m[2] as string, disabled: Boolean(m[1]?.includes('disabled=""')) }));
    expect(sizes.length).toBeGreaterThan(1);
    const names = sizes.map((s) => s.name);
    expect(names).toEqual([...names].sort(compareSizeNames));
    expect(sizes.find((s) => s.name === sample.sold_out_size)?.disabled).toBe(true);
    expect(html).toMatch(/Рост фотомодели \d{3}\u00a0см, на фотомодели размер \d+, параметры \d+-\d+-\d+/);
    expect(html).toContain('Выберите размер');
  });

  it('gives each colour of the model its own title and description', async () => {
    const a = await (await visitor.get(sample.url)).text();
    const b = await (await visitor.get(sibling.url)).text();
    const title = (html: string) => html.match(/<title>([^<]+)<\/title>/)?.[1];
    const description = (html: string) => html.match(/<meta name="description" content="([^"]+)"/)?.[1];
    expect(title(a)).not.toBe(title(b));
    expect(description(a)).not.toBe(description(b));
    // Both pages carry every colour, so switching needs no request.
    expect(a).toContain(`href="${sibling.url}"`);
    expect(b).toContain(`href="${sample.url}"`);
  });

  it('answers an unknown product with the styled 404 page', async () => {
    const res = await visitor.get('/product/no-such-thing/');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Такой страницы нет');
  });

  it('redirects the address without the trailing slash to the canonical one', async () => {
    const res = await visitor.get(sample.url.slice(0, -1), { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(sample.url);
  });
});

describe('GET /api/v2/catalog/product/get/', () => {
  it('answers the item, its offers in size order, the colour variants, availability and images', async () => {
    const { status, body } = await getJson(`/api/v2/catalog/product/get/?id=${sample.id}`);
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    const { item, offers, variants, availability, images } = body.data;
    expect(item).toMatchObject({ id: sample.id, sid: sample.model_id, url: sample.url, code: sample.code });
    expect(item.seo.title).toContain(item.article);
    expect(item.seo.image).toMatch(/^\/images\/426x640\/[\w-]+\.jpg\?v=1$/);

    const dbOffers = await rows<{ id: number; size_name: string; price: string }>(
      sql`select id, size_name, price from offers where product_id = ${sample.id}`,
    );
    expect(offers.map((o: { id: number }) => o.id).sort()).toEqual(dbOffers.map((o) => Number(o.id)).sort());
    const names = offers.map((o: { sizeName: string }) => o.sizeName);
    expect(names).toEqual([...names].sort(compareSizeNames));
    for (const o of offers) {
      expect(o.price).toBe(Number(dbOffers.find((d) => Number(d.id) === o.id)?.price));
      expect(o.props.map((p: { code: string }) => p.code)).toEqual(
        expect.arrayContaining(['ROST_FOTOMODELI', 'RAZMER_IZDELIYA_NA_FOTOMODELI']),
      );
    }
    // sizeId is the size filter's value: the product's section lists the sizes it has in stock under those ids.
    const section = body.data.breadcrumbs.at(-1).url;
    const facets = (await getJson(`/api/v2/catalog/product/list/?section=${encodeURIComponent(section)}`)).body.data
      .facets;
    const sizeValues = facets
      .find((f: { code: string }) => f.code === 'size')
      .values.map((v: { value: string }) => v.value);
    for (const o of offers.filter((x: { disabled: boolean }) => !x.disabled)) expect(sizeValues).toContain(o.sizeId);
    expect(offers.find((o: { sizeName: string }) => o.sizeName === sample.sold_out_size).sizeId).toBe(
      sample.sold_out_size.toLowerCase(),
    );
    expect(offers.find((o: { sizeName: string }) => o.sizeName === sample.sold_out_size)).toMatchObject({
      disabled: true,
      canBuy: false,
    });

    const models = await rows<{ id: number }>(
      sql`select id from products where model_id = ${sample.model_id} and active`,
    );
    expect(variants.map((v: { id: number }) => v.id).sort()).toEqual(models.map((m) => Number(m.id)).sort());
    expect(variants.filter((v: { current: boolean }) => v.current)).toHaveLength(1);
    for (const v of variants) expect(v.image).toMatch(/^\/images\/288x432\//);

    expect(availability.map((a: { id: number }) => a.id).sort()).toEqual(
      offers.map((o: { id: number }) => o.id).sort(),
    );
    expect(images.length).toBeGreaterThan(0);
    expect(images[0]).toMatchObject({ sid: sample.model_id, sort: 0 });
    expect(images[0].thumb).toMatch(/^\/images\/78x116\//);
  });

  it('says an offer stocked only where the shop restricts ordering cannot be bought online', async () => {
    const [restricted] = await rows<{ offer_id: number; product_id: number }>(sql`
      select r.offer_id, o.product_id from offer_restrictions r join offers o on o.id = r.offer_id
      where exists (select 1 from stock s where s.offer_id = r.offer_id and s.store_id = r.store_id and s.quantity > 0)
        and not exists (select 1 from stock s join stores st on st.id = s.store_id
          where s.offer_id = r.offer_id and st.type in ('online', 'movement') and s.store_id <> r.store_id and s.quantity > 0)
      order by r.offer_id limit 1`);
    expect(restricted).toBeDefined();
    const { body } = await getJson(`/api/v2/catalog/product/get/?id=${restricted?.product_id}`);
    const offer = body.data.offers.find((o: { id: number }) => o.id === Number(restricted?.offer_id));
    expect(offer).toMatchObject({ disabled: false, canBuy: false });
    expect(body.data.restrictionOrderShops[String(restricted?.offer_id)]).toHaveLength(1);
    // A shop is one store here, selling its own stock.
    const shops = await rows<{ id: number }>(sql`select id from stores where type = 'shop' order by id`);
    expect(body.data.shopIdToStoreIds).toEqual(Object.fromEntries(shops.map((s) => [String(s.id), [Number(s.id)]])));
  });

  it('refuses a bad id with 400 and a Russian message, and an unknown one with 404', async () => {
    for (const id of ['abc', '-3', '0', '1.5', '', '99999999999']) {
      const { status, body } = await getJson(`/api/v2/catalog/product/get/?id=${encodeURIComponent(id)}`);
      expect(status, `id=${id}`).toBe(400);
      expect(body.errors?.[0]?.message).toBe('Укажите номер товара — целое положительное число.');
    }
    expect((await getJson('/api/v2/catalog/product/get/')).status).toBe(400);
    const unknown = await getJson('/api/v2/catalog/product/get/?id=999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors?.[0]).toEqual({ message: 'Такого товара нет в каталоге.', code: 'PRODUCT_NOT_FOUND' });
  });
});

describe('POST /api/v2/catalog/product/available/get/', () => {
  const url = '/api/v2/catalog/product/available/get/';

  it('answers the shops holding the product, grouped by city, with quantities per size', async () => {
    const res = await visitor.post(url, { id: sample.id });
    expect(res.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: the answer is checked field by field
    const { status, data } = (await res.json()) as { status: string; data: any };
    expect(status).toBe('ok');
    expect(data.productId).toBe(sample.id);
    expect(data.offers.map((o: { sizeName: string }) => o.sizeName)).toEqual(
      [...data.offers.map((o: { sizeName: string }) => o.sizeName)].sort(compareSizeNames),
    );
    const expected = await rows<{ store_id: number; city: string; offer_id: number; quantity: number }>(sql`
      select s.store_id, c.name as city, s.offer_id, s.quantity from stock s
      join stores st on st.id = s.store_id and st.type = 'shop' join cities c on c.id = st.city_id
      join offers o on o.id = s.offer_id where o.product_id = ${sample.id} and s.quantity > 0`);
    expect(expected.length).toBeGreaterThan(0);
    const got: { store_id: number; city: string; offer_id: number; quantity: number }[] = [];
    for (const city of data.cities) {
      expect(city.shops.length).toBeGreaterThan(0);
      for (const shop of city.shops) {
        expect(shop).toMatchObject({
          name: expect.any(String),
          address: expect.any(String),
          hours: expect.any(String),
        });
        for (const [offerId, quantity] of Object.entries(shop.quantities))
          got.push({ store_id: shop.id, city: city.name, offer_id: Number(offerId), quantity: quantity as number });
      }
    }
    const key = (r: { store_id: number; offer_id: number }) => `${r.store_id}:${r.offer_id}`;
    const norm = (list: typeof got) =>
      list
        .map((r) => ({
          ...r,
          store_id: Number(r.store_id),
          offer_id: Number(r.offer_id),
          quantity: Number(r.quantity),
        }))
        .sort((a, b) => key(a).localeCompare(key(b)));
    expect(norm(got)).toEqual(norm(expected));
    // One entry per city.
    expect(new Set(data.cities.map((c: { id: number }) => c.id)).size).toBe(data.cities.length);
  });

  it('takes a JSON body too', async () => {
    const res = await visitor.post(url, { id: sample.id }, { json: true });
    expect(res.status).toBe(200);
  });

  it('answers GET as well, without the sessid, with the same data (it only reads)', async () => {
    const viaPost = await (await visitor.post(url, { id: sample.id })).json();
    const viaGet = await app.fetch(`${url}?id=${sample.id}`);
    expect(viaGet.status).toBe(200);
    expect(await viaGet.json()).toEqual(viaPost);
  });

  it('needs the sessid, a good id and a known product', async () => {
    const noSessid = await visitor.post(url, { id: sample.id }, { sessid: null });
    expect(noSessid.status).toBe(403);
    const bad = await visitor.post(url, { id: 'x' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe(
      'Укажите номер товара — целое положительное число.',
    );
    const unknown = await visitor.post(url, { id: 999999 });
    expect(unknown.status).toBe(404);
  });
});

describe('POST /bitrix/components/bitrix/catalog.element/ajax.php', () => {
  const url = '/bitrix/components/bitrix/catalog.element/ajax.php';
  /** The product's counters as stored, unless `flush` is false: with the views the process still holds written first. */
  const counters = async (id: number, { flush = true } = {}) => {
    if (flush) await app.services.product.flushViews();
    const [row] = await rows<{ views: number; popularity: number }>(
      sql`select views, popularity from products where id = ${id}`,
    );
    return { views: Number(row?.views), popularity: Number(row?.popularity) };
  };

  it('counts a view for popularity once per visitor', async () => {
    const before = await counters(sample.id);
    const first = await visitor.post(url, { AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: sample.id, PARENT_ID: sample.id });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'ok', data: { counted: true } });
    expect(await counters(sample.id)).toEqual({ views: before.views + 1, popularity: before.popularity + 1 });

    const again = await visitor.post(url, { AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: sample.id, PARENT_ID: sample.id });
    expect(await again.json()).toEqual({ status: 'ok', data: { counted: false } });
    expect((await counters(sample.id)).views).toBe(before.views + 1);

    const other = await newVisitor(app);
    await other.post(url, { AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: sample.id });
    expect((await counters(sample.id)).views).toBe(before.views + 2);
  });

  it('counts concurrent views of one visitor once, and again once the 30-minute window has passed', async () => {
    const viewer = await newVisitor(app);
    const before = await counters(sample.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        viewer.post(url, { AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: sample.id }).then((r) => r.json()),
      ),
    );
    expect(answers.filter((a) => (a as { data: { counted: boolean } }).data.counted)).toHaveLength(1);
    expect((await counters(sample.id)).views).toBe(before.views + 1);

    await app.database.db.execute(
      sql`update product_views set viewed_at = viewed_at - interval '31 minutes' where product_id = ${sample.id}`,
    );
    const later = await viewer.post(url, { AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: sample.id });
    expect(await later.json()).toEqual({ status: 'ok', data: { counted: true } });
    expect((await counters(sample.id)).views).toBe(before.views + 2);
  });

  it('writes no counter on a view: the process adds its counted views at the next flush', async () => {
    const viewer = await newVisitor(app);
    const before = await counters(sample.id);
    const beforeSibling = await counters(sibling.id);
    const res = await viewer.post(url, { AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: sample.id });
    expect(await res.json()).toEqual({ status: 'ok', data: { counted: true } });
    await viewer.post(url, { AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: sibling.id });
    expect(await counters(sample.id, { flush: false })).toEqual(before);
    expect(await counters(sibling.id, { flush: false })).toEqual(beforeSibling);
    expect(await app.services.product.flushViews()).toBe(2);
    expect(await counters(sample.id, { flush: false })).toEqual({
      views: before.views + 1,
      popularity: before.popularity + 1,
    });
    expect((await counters(sibling.id, { flush: false })).views).toBe(beforeSibling.views + 1);
    expect(await app.services.product.flushViews()).toBe(0);
  });

  it('counts 50 concurrent views of 50 visitors as exactly 50', async () => {
    const viewers = await Promise.all(Array.from({ length: 50 }, () => newVisitor(app)));
    const before = await counters(sibling.id);
    const answers = await Promise.all(
      viewers.map((v) => v.post(url, { AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: sibling.id }).then((r) => r.json())),
    );
    expect(answers.filter((a) => (a as { data: { counted: boolean } }).data.counted)).toHaveLength(50);
    expect(await counters(sibling.id)).toEqual({ views: before.views + 50, popularity: before.popularity + 50 });
  });

  it('counts an offer view for its product (PARENT_ID)', async () => {
    const [offer] = await rows<{ id: number }>(
      sql`select id from offers where product_id = ${sibling.id} order by id limit 1`,
    );
    const before = await counters(sibling.id);
    const res = await visitor.post(url, {
      AJAX: 'Y',
      SITE_ID: 's1',
      PRODUCT_ID: Number(offer?.id),
      PARENT_ID: sibling.id,
    });
    expect(res.status).toBe(200);
    expect((await counters(sibling.id)).views).toBe(before.views + 1);
  });

  it('refuses bad input with a 4xx and a Russian message', async () => {
    const cases: [Record<string, string | number>, number, string][] = [
      [{ AJAX: 'N', SITE_ID: 's1', PRODUCT_ID: sample.id }, 400, 'Запрос должен быть AJAX=Y.'],
      [{ AJAX: 'Y', SITE_ID: 'zz', PRODUCT_ID: sample.id }, 400, 'Неизвестный сайт.'],
      [{ AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: 'abc' }, 400, 'Укажите номер товара — целое положительное число.'],
      [
        { AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: `0x${sample.id.toString(16)}` },
        400,
        'Укажите номер товара — целое положительное число.',
      ],
      [
        { AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: `${sample.id}e0` },
        400,
        'Укажите номер товара — целое положительное число.',
      ],
      [{ AJAX: 'Y', SITE_ID: 's1' }, 400, 'Укажите номер товара — целое положительное число.'],
      [
        { AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: 999999, PARENT_ID: sample.id },
        400,
        'Размер не относится к этому товару.',
      ],
      [{ AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: 999999 }, 404, 'Такого товара нет в каталоге.'],
    ];
    for (const [fields, status, message] of cases) {
      const res = await visitor.post(url, fields);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(((await res.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe(message);
    }
  });

  it('needs the sessid and a POST', async () => {
    const before = await counters(sample.id);
    const res = await visitor.post(url, { AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: sample.id }, { sessid: null });
    expect(res.status).toBe(403);
    expect((await visitor.get(url)).status).toBe(405);
    expect(await counters(sample.id)).toEqual(before);
  });
});
