// Over 400 lines because its cases share one seeded app and its fixtures: one feature's behaviour, end to end.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { STAFF_API } from '../../contract/staff-api';
import { queryRows } from '../../db/client';
import { formatPrice } from '../../domain/pricing/price';
import { addStaff, loggedInStaff, type staffBrowser } from '../support/staff';
import { pageWhen } from '../support/page-when';
import { createTestApp, type TestApp } from '../support/test-app';

/** The catalogue desk (issue 28.1, 28.6): prices, publishing, the bulk change, sections and brands. */
let app: TestApp;
let merch: Awaited<ReturnType<typeof staffBrowser>>;
let content: Awaited<ReturnType<typeof staffBrowser>>;

interface Product {
  id: number;
  code: string;
  url: string;
  name: string;
  article: string;
  section_url: string;
  brand_id: number;
}

const rows = <T>(query: SQL) => queryRows<T>(app.database.db, query);
const path = (template: string, id: number | string) => template.replace(':id', String(id));
const errorOf = async (res: Response) =>
  ((await res.json()) as { errors: { code: string; message: string }[] }).errors[0];
const audits = (action: string, entityId?: string) =>
  rows<{ staff_email: string; changes: Record<string, { before: unknown; after: unknown }> }>(
    sql`select staff_email, changes from audit_log where action = ${action}
      ${entityId === undefined ? sql`` : sql`and entity_id = ${entityId}`} order by id`,
  );

const loggedIn = (email: string) => loggedInStaff(app, email);

/** Active products of one leaf section, each with several offers; `skip` picks different ones per test. */
async function products(count: number, skip: number): Promise<Product[]> {
  return rows<Product>(
    sql`select p.id, p.code, p.url, p.name, p.article, s.url as section_url, p.brand_id
      from products p join sections s on s.id = p.section_id
      where p.active and (select count(*) from offers o where o.product_id = p.id) >= 2
      order by p.id limit ${count} offset ${skip}`,
  );
}
type Offer = { id: number; price: number; old_price: number | null };
const offersOf = (productId: number) =>
  rows<Offer>(
    sql`select id, price::int as price, old_price::int as old_price from offers where product_id = ${productId} order by size_sort, id`,
  );
const priceOf = async (productId: number) =>
  (
    await rows<{ min_price: number; old_price: number | null; discount_percent: number; active: boolean }>(
      sql`select min_price::int as min_price, old_price::int as old_price, discount_percent, active from products where id = ${productId}`,
    )
  )[0];

beforeAll(async () => {
  app = await createTestApp();
  await addStaff(app, { email: 'merch@vyuga.test', role: 'merchandiser' });
  await addStaff(app, { email: 'content@vyuga.test', role: 'content' });
  merch = await loggedIn('merch@vyuga.test');
  content = await loggedIn('content@vyuga.test');
});
afterAll(() => app.close());

describe('an offer’s price', () => {
  it('changes at once on the product page, the section listing and search; the product keeps its lowest price', async () => {
    const [p] = (await products(1, 0)) as [Product];
    const [first] = (await offersOf(p.id)) as [Offer];
    const sectionList = `${API.productList}?section=${encodeURIComponent(p.section_url)}&sort=price_asc`;
    // Warm the caches first, so «at once» means the change dropped them.
    await app.fetch(p.url);
    await app.fetch(sectionList);

    const res = await merch.call(path(STAFF_API.offerPrice, first.id), { price: 7.5, oldPrice: '98 760' });
    expect(res.status).toBe(200);
    const { offer } = (await res.json()).data;
    expect(offer).toEqual({ id: first.id, productId: p.id, size: expect.any(String), price: 7.5, oldPrice: 98760 });
    expect(await priceOf(p.id)).toMatchObject({ min_price: 750, old_price: 9_876_000, discount_percent: 100 });

    const page = await pageWhen(app, p.url, (html) => html.includes(formatPrice(9_876_000)));
    expect(page).toContain(formatPrice(9_876_000));
    const listed = (await (await app.fetch(sectionList)).json()).data.items as { id: number }[];
    expect(listed[0]?.id).toBe(p.id);
    const found = await pageWhen(app, `/search/?q=${encodeURIComponent(p.name)}&sort=price_asc`, (html) =>
      html.includes(formatPrice(9_876_000)),
    );
    expect(found).toContain(p.url);
    expect(found).toContain(formatPrice(9_876_000));

    const [entry] = await audits('offer.price', String(first.id));
    expect(entry?.staff_email).toBe('merch@vyuga.test');
    expect(entry?.changes.price?.after).toBe(7.5);
    expect(entry?.changes.oldPrice?.after).toBe(98760);
  });

  it('refuses a negative price, an old price not above the price, text — 400 in Russian, nothing changed', async () => {
    const [p] = (await products(1, 1)) as [Product];
    const [first] = (await offersOf(p.id)) as [Offer];
    for (const [body, pattern] of [
      [{ price: -5 }, /меньше нуля/],
      [{ price: 1000, oldPrice: 1000 }, /Старая цена должна быть больше/],
      [{ price: 1000, oldPrice: 900 }, /Старая цена должна быть больше/],
      [{ price: 'дорого' }, /число рублей/],
      [{ price: 0.5 }, /не меньше 1/],
      [{}, /Укажите цену/],
    ] as const) {
      const res = await merch.call(path(STAFF_API.offerPrice, first.id), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res))?.message).toMatch(pattern);
    }
    expect((await merch.call(path(STAFF_API.offerPrice, 99_999_999), { price: 100 })).status).toBe(404);
    expect((await merch.call(path(STAFF_API.offerPrice, 'x'), { price: 100 })).status).toBe(404);
    expect((await offersOf(p.id))[0]).toEqual(first);
  });
});

describe('publishing', () => {
  it('an unpublished product’s page is 404 and the listing drops it; published again, both are back', async () => {
    const [p] = (await products(1, 2)) as [Product];
    const sectionList = `${API.productList}?section=${encodeURIComponent(p.section_url)}`;
    const listedIds = async () => {
      const all: number[] = [];
      for (let page = 1; ; page++) {
        const data = (await (await app.fetch(`${sectionList}&page=${page}`)).json()).data;
        all.push(...(data.items as { id: number }[]).map((i) => i.id));
        if (page >= (data.navigation?.pageCount ?? 1)) return all;
      }
    };
    expect((await app.fetch(p.url)).status).toBe(200);
    expect(await listedIds()).toContain(p.id);

    const off = await merch.call(path(STAFF_API.product, p.id), { published: false });
    expect(off.status).toBe(200);
    expect((await off.json()).data.product.published).toBe(false);
    expect((await app.fetch(p.url)).status).toBe(404);
    expect(await listedIds()).not.toContain(p.id);

    expect((await merch.call(path(STAFF_API.product, p.id), { published: true })).status).toBe(200);
    expect((await app.fetch(p.url)).status).toBe(200);
    expect(await listedIds()).toContain(p.id);

    const entries = await audits('product.publish', String(p.id));
    expect(entries.map((e) => e.changes.published?.after)).toEqual([false, true]);
  });

  it('edits the name and description; a 1C product’s name is refused with 409, its publishing is not', async () => {
    const [p, owned] = (await products(2, 3)) as [Product, Product];
    const res = await merch.call(path(STAFF_API.product, p.id), {
      name: 'Пальто «Метель» тест',
      description: 'Тёплое.',
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data.product).toMatchObject({ name: 'Пальто «Метель» тест', description: 'Тёплое.' });
    expect(await pageWhen(app, p.url, (html) => html.includes('Пальто «Метель» тест'))).toContain(
      'Пальто «Метель» тест',
    );
    const [entry] = await audits('product.update', String(p.id));
    expect(entry?.changes.name).toEqual({ before: p.name, after: 'Пальто «Метель» тест' });

    await app.database.db.execute(
      sql`insert into exchange_variants (onec_product_id, color_code, product_id) values ('test-1c', 'x', ${owned.id})`,
    );
    const refused = await merch.call(path(STAFF_API.product, owned.id), { name: 'Другое имя' });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({ code: 'OWNED_BY_1C', message: expect.stringMatching(/ведёт 1С/) });
    expect((await rows<{ name: string }>(sql`select name from products where id = ${owned.id}`))[0]?.name).toBe(
      owned.name,
    );
    expect((await merch.call(path(STAFF_API.product, owned.id), { published: false })).status).toBe(200);
    expect((await merch.call(path(STAFF_API.product, owned.id), { published: true })).status).toBe(200);
    // A 1C offer's price is 1C's too.
    const [o] = (await offersOf(owned.id)) as [Offer];
    await app.database.db.execute(sql`insert into exchange_offers (onec_id, offer_id) values ('test-1c-o', ${o.id})`);
    const price = await merch.call(path(STAFF_API.offerPrice, o.id), { price: 1000 });
    expect(price.status).toBe(409);
    expect((await errorOf(price))?.code).toBe('OWNED_BY_1C');
    // The bulk change leaves 1C's size as it is and counts it as skipped.
    const all = await offersOf(owned.id);
    const bulk = await merch.call(STAFF_API.productPrices, {
      filter: { q: owned.code },
      kind: 'amount',
      value: 100,
      apply: true,
    });
    expect((await bulk.json()).data.bulk).toMatchObject({ applied: true, count: all.length - 1, skipped: 1 });
    const after = await offersOf(owned.id);
    expect(after.find((x) => x.id === o.id)).toEqual(all.find((x) => x.id === o.id));
    expect(after.filter((x) => x.id !== o.id).map((x) => x.price)).toEqual(
      all.filter((x) => x.id !== o.id).map((x) => x.price + 10_000),
    );
  });
});

describe('the bulk price change', () => {
  it('a preview changes nothing; applying changes exactly the previewed offers, rounded, with old prices kept', async () => {
    const [p] = (await products(1, 5)) as [Product];
    const filter = { q: p.article };
    const before = await offersOf(p.id);
    const preview = await merch.call(STAFF_API.productPrices, { filter, kind: 'percent', value: -15, keepOld: true });
    expect(preview.status).toBe(200);
    const bulk = (await preview.json()).data.bulk;
    expect(bulk).toMatchObject({ applied: false, count: before.length, skipped: 0 });
    expect(bulk.rows.map((r: { offerId: number }) => r.offerId).sort()).toEqual(before.map((o) => o.id).sort());
    expect(await offersOf(p.id)).toEqual(before);
    const bulkEntries = (await audits('catalog.bulk_price')).length;

    // The list changed since the preview: refused, nothing written.
    const stale = await merch.call(STAFF_API.productPrices, {
      filter,
      kind: 'percent',
      value: -15,
      keepOld: true,
      apply: true,
      expected: before.length + 1,
    });
    expect(stale.status).toBe(409);
    expect(await offersOf(p.id)).toEqual(before);

    const res = await merch.call(STAFF_API.productPrices, {
      filter,
      kind: 'percent',
      value: -15,
      keepOld: true,
      apply: true,
      expected: before.length,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data.bulk).toMatchObject({ applied: true, count: before.length });
    const after = await offersOf(p.id);
    for (const [i, o] of before.entries()) {
      const price = Math.round((o.price * 0.85) / 100) * 100;
      expect(after[i]).toEqual({ id: o.id, price, old_price: o.price });
    }
    const product = await priceOf(p.id);
    expect(product?.min_price).toBe(Math.min(...after.map((o) => o.price)));
    // No other product's offer moved.
    expect((await rows(sql`select 1 from offers where price % 100 <> 0 and product_id = ${p.id}`)).length).toBe(0);
    const entries = await audits('catalog.bulk_price');
    expect(entries.length).toBe(bulkEntries + 1);
    const entry = entries.at(-1);
    expect(entry?.changes.count?.after).toBe(before.length);
    expect(entry?.changes.rule?.after).toBe('−15 %');
    expect(((entry?.changes.offers?.after ?? []) as { id: number }[]).map((o) => o.id).sort()).toEqual(
      before.map((o) => o.id).sort(),
    );
  });

  it('refuses a percent out of range and an amount that is text', async () => {
    for (const body of [
      { kind: 'percent', value: -95 },
      { kind: 'percent', value: 301 },
      { kind: 'amount', value: 'много' },
      { kind: 'double', value: 5 },
    ]) {
      const res = await merch.call(STAFF_API.productPrices, { filter: { q: 'x' }, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res))?.message).toMatch(/[а-я]/);
    }
  });
});

describe('sections and brands', () => {
  it('renames a section without changing its url; creates a brand with a unique code; both audited', async () => {
    const sections = (await (await merch.get(STAFF_API.sections)).json()).data.items as {
      id: number;
      url: string;
      name: string;
    }[];
    const s = sections[1] as { id: number; url: string; name: string };
    const res = await merch.call(path(STAFF_API.section, s.id), { name: 'Раздел переименован', sort: '7' });
    expect(res.status).toBe(200);
    expect((await res.json()).data.section).toMatchObject({ name: 'Раздел переименован', url: s.url, sort: 7 });
    expect((await audits('section.update', String(s.id)))[0]?.changes.name?.after).toBe('Раздел переименован');
    const taken = await merch.call(path(STAFF_API.section, s.id), { url: (sections[0] as { url: string }).url });
    expect(taken.status).toBe(409);

    const created = await merch.call(STAFF_API.brands, {
      code: 'test-brand-28',
      name: 'Тестовый бренд',
      text: 'О бренде',
    });
    expect(created.status).toBe(200);
    const brand = (await created.json()).data.brand;
    expect(brand).toMatchObject({ code: 'test-brand-28', name: 'Тестовый бренд' });
    expect((await merch.call(STAFF_API.brands, { code: 'test-brand-28', name: 'Ещё' })).status).toBe(409);
    expect((await merch.call(path(STAFF_API.brand, brand.id), { text: 'Новый текст' })).status).toBe(200);
    expect((await audits('brand.create', String(brand.id))).length).toBe(1);
    expect((await audits('brand.update', String(brand.id)))[0]?.changes.text?.after).toBe('Новый текст');
  });
});

describe('the list', () => {
  it('filters by search, brand, publishing, stock and photos, 50 a page', async () => {
    const [p] = (await products(1, 7)) as [Product];
    const list = async (query: string) =>
      (await (await merch.get(`${STAFF_API.products}?${query}`)).json()).data as {
        items: { id: number }[];
        total: number;
        pages: number;
      };
    expect((await list(`q=${encodeURIComponent(p.article)}`)).items.map((i) => i.id)).toContain(p.id);
    expect((await list(`q=${p.code}`)).items.map((i) => i.id)).toEqual([p.id]);
    const all = await list('');
    expect(all.items.length).toBe(50);
    const brand = await list(`brandId=${p.brand_id}&published=1&inStock=1&hasPhotos=1`);
    expect(brand.total).toBeGreaterThan(0);
    expect(brand.total).toBeLessThan(all.total);
    expect((await merch.get(`${STAFF_API.products}?published=maybe`)).status).toBe(400);
  });
});

describe('the pages', () => {
  it('the list, card, sections and brands render; the card’s forms change a price, the fields and publishing', async () => {
    const [p] = (await products(1, 9)) as [Product];
    const [o] = (await offersOf(p.id)) as [Offer];
    for (const page of [
      '/admin/products/',
      `/admin/products/?q=${p.code}&published=1`,
      `/admin/products/${p.id}/`,
      '/admin/sections/',
      '/admin/brands/',
    ]) {
      const res = await merch.get(page);
      expect(res.status, page).toBe(200);
    }
    expect(await (await merch.get(`/admin/products/?q=${p.code}`)).text()).toContain(p.name);
    expect((await merch.get('/admin/products/?inStock=perhaps')).status).toBe(400);
    expect((await merch.get('/admin/products/99999999/')).status).toBe(404);

    const card = `/admin/products/${p.id}/`;
    const bad = await merch.form(card, { intent: 'price', offerId: String(o.id), price: '1000', oldPrice: '999' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Старая цена должна быть больше цены');
    expect((await offersOf(p.id))[0]).toEqual(o);

    const ok = await merch.form(card, { intent: 'price', offerId: String(o.id), price: '4321,50', oldPrice: '' });
    expect(ok.status).toBe(200);
    expect((await offersOf(p.id))[0]).toMatchObject({ price: 432_150, old_price: null });

    expect((await merch.form(card, { intent: 'edit', name: 'Куртка со страницы', description: 'Текст' })).status).toBe(
      200,
    );
    expect((await rows<{ name: string }>(sql`select name from products where id = ${p.id}`))[0]?.name).toBe(
      'Куртка со страницы',
    );
    expect((await merch.form(card, { intent: 'publish', published: '0' })).status).toBe(200);
    expect((await priceOf(p.id))?.active).toBe(false);
    expect((await app.fetch(p.url)).status).toBe(404);
    expect((await merch.form(card, { intent: 'publish', published: '1' })).status).toBe(200);
    expect((await app.fetch(p.url)).status).toBe(200);
    expect((await audits('offer.price', String(o.id))).length).toBe(1);
    expect((await audits('product.publish', String(p.id))).length).toBe(2);

    // The list page's bulk change: the preview writes nothing; «Применить» carries the filter and the count.
    const before = await offersOf(p.id);
    const preview = await merch.form('/admin/products/', {
      q: p.code,
      kind: 'amount',
      value: '-100',
      intent: 'preview',
    });
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain(`Применить к ${before.length} размерам`);
    expect(await offersOf(p.id)).toEqual(before);
    const applied = await merch.form('/admin/products/', {
      q: p.code,
      kind: 'amount',
      value: '-100',
      intent: 'apply',
      expected: String(before.length),
    });
    expect(applied.status).toBe(200);
    expect((await offersOf(p.id)).map((x) => x.price)).toEqual(
      before.map((x) => Math.round((x.price - 10_000) / 100) * 100),
    );
  });
});

describe('a role without catalog.edit', () => {
  it('gets 403 on every call and the page form, and nothing changes', async () => {
    const [p] = (await products(1, 8)) as [Product];
    const [o] = (await offersOf(p.id)) as [Offer];
    const auditCount = async () => (await rows(sql`select 1 from audit_log`)).length;
    const entries = await auditCount();
    for (const res of [
      await content.get(STAFF_API.products),
      await content.get(path(STAFF_API.product, p.id)),
      await content.call(path(STAFF_API.product, p.id), { published: false, name: 'Взлом' }),
      await content.call(path(STAFF_API.offerPrice, o.id), { price: 1 }),
      await content.call(STAFF_API.productPrices, { filter: {}, kind: 'percent', value: -90, apply: true }),
      await content.call(STAFF_API.brands, { code: 'hack', name: 'Hack' }),
      await content.get('/admin/products/'),
      await content.form(`/admin/products/${p.id}/`, { intent: 'publish', published: '0' }),
      await content.form(`/admin/products/${p.id}/`, { intent: 'price', offerId: String(o.id), price: '1' }),
    ])
      expect(res.status).toBe(403);
    expect((await offersOf(p.id))[0]?.price).toBe(o.price);
    expect((await priceOf(p.id))?.active).toBe(true);
    expect(await auditCount()).toBe(entries);
  });
});
