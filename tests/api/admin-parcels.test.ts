import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { queryRows } from '../../db/client';
import { offerParcels } from '../../db/repositories/parcels';
import { addStaff, loggedInStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/** The catalogue desk's weight and size (issue 42.6): the card, the section's defaults, the bulk change. */
let app: TestApp;
let merch: Awaited<ReturnType<typeof loggedInStaff>>;
let content: Awaited<ReturnType<typeof loggedInStaff>>;

type Facts = { weight: number | null; length: number | null; width: number | null; height: number | null };
const rows = <T>(query: SQL) => queryRows<T>(app.database.db, query);
const path = (template: string, id: number | string) => template.replace(':id', String(id));
const errorOf = async (res: Response) =>
  ((await res.json()) as { errors: { code: string; message: string }[] }).errors[0];
const audits = (action: string) =>
  rows<{ staff_email: string; entity_id: string; changes: Record<string, { before: unknown; after: unknown }> }>(
    sql`select staff_email, entity_id, changes from audit_log where action = ${action} order by id`,
  );
const own = async (table: 'products' | 'sections', id: number) =>
  (await rows<Facts>(sql`select weight, length, width, height from ${sql.identifier(table)} where id = ${id}`))[0];
/** Products of one leaf section (of the two of that code, the fuller), with an offer each. */
const productsOf = (sectionCode: string, count: number, skip = 0) =>
  rows<{ id: number; offer: number; section: number; article: string }>(
    sql`select p.id, (select min(o.id) from offers o where o.product_id = p.id) as offer, p.section_id as section,
        p.article
      from products p join sections s on s.id = p.section_id
      where s.id = (select s2.id from sections s2 where s2.code = ${sectionCode}
          order by (select count(*) from products x where x.section_id = s2.id) desc, s2.id limit 1)
        and exists (select 1 from offers o where o.product_id = p.id)
      order by p.id limit ${count} offset ${skip}`,
  );

beforeAll(async () => {
  app = await createTestApp();
  await addStaff(app, { email: 'merch@vyuga.test', role: 'merchandiser' });
  await addStaff(app, { email: 'content@vyuga.test', role: 'content' });
  merch = await loggedInStaff(app, 'merch@vyuga.test');
  content = await loggedInStaff(app, 'content@vyuga.test');
});
afterAll(() => app.close());

describe('a product’s weight and size', () => {
  it('are edited on the card: stored, shown with what delivery uses, audited; empty goes back to the section’s', async () => {
    const [p] = await productsOf('puhoviki', 1);
    if (!p) throw new Error('no down jacket');
    const res = await merch.call(path(STAFF_API.product, p.id), { weight: 2100, length: '55', height: 18 });
    expect(res.status).toBe(200);
    const { product } = (await res.json()).data;
    expect(product.parcel).toEqual({
      own: { weight: 2100, length: 55, width: null, height: 18 },
      used: { weight: 2100, length: 55, width: 40, height: 18 },
    });
    expect(await own('products', p.id)).toEqual({ weight: 2100, length: 55, width: null, height: 18 });
    expect((await offerParcels(app.database.db)([p.offer])).get(p.offer)).toEqual({
      weight: 2100,
      length: 55,
      width: 40,
      height: 18,
    });
    const [entry] = await audits('product.update');
    expect(entry).toMatchObject({ staff_email: 'merch@vyuga.test', entity_id: String(p.id) });
    expect(entry?.changes.weight).toEqual({ before: null, after: 2100 });
    expect(entry?.changes.length).toEqual({ before: null, after: 55 });

    // The card's form: an empty field is «by section».
    const form = await merch.form(`/admin/products/${p.id}/`, {
      intent: 'parcel',
      weight: '',
      length: '',
      width: '',
      height: '18',
    });
    expect(form.status).toBeLessThan(400);
    expect(await own('products', p.id)).toEqual({ weight: null, length: null, width: null, height: 18 });
    const page = await (await merch.get(`/admin/products/${p.id}/`)).text();
    expect(page).toContain('Вес и размеры в упаковке');
    expect(page).toContain('1500 г, 50×40×18 см');
  });

  it('refuses a zero, a negative, a fraction, text and an absurd size — 400 in Russian, nothing written', async () => {
    const [p] = await productsOf('puhoviki', 1, 1);
    if (!p) throw new Error('no down jacket');
    const before = await own('products', p.id);
    const entries = (await audits('product.update')).length;
    for (const [body, pattern] of [
      [{ weight: 0 }, /Вес — целое число граммов от 1 до 100\s000/],
      [{ weight: -5 }, /Вес — целое число граммов/],
      [{ length: 1.5 }, /Длина — целое число сантиметров от 1 до 300/],
      [{ width: 'широкий' }, /Ширина — целое число сантиметров/],
      [{ height: 3000 }, /Высота — целое число сантиметров от 1 до 300/],
      [{ weight: 100_001 }, /Вес/],
      [{ weight: true }, /Вес/],
    ] as const) {
      const res = await merch.call(path(STAFF_API.product, p.id), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res))?.message).toMatch(pattern);
    }
    const form = await merch.form(`/admin/products/${p.id}/`, { intent: 'parcel', weight: 'тяжёлый' });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain('Вес — целое число граммов');
    expect(await own('products', p.id)).toEqual(before);
    expect((await audits('product.update')).length).toBe(entries);
  });
});

describe('a section’s defaults', () => {
  it('are edited on the section: its products without their own take them; empty = the parent’s', async () => {
    const [p] = await productsOf('parki', 1);
    if (!p) throw new Error('no parka');
    const res = await merch.call(path(STAFF_API.section, p.section), { weight: 1750, width: '42' });
    expect(res.status).toBe(200);
    const { section } = (await res.json()).data;
    expect(section.parcel).toEqual({ weight: 1750, length: 55, width: 42, height: 15 });
    expect((await offerParcels(app.database.db)([p.offer])).get(p.offer)).toEqual({
      weight: 1750,
      length: 55,
      width: 42,
      height: 15,
    });
    const listed = (await (await merch.get(STAFF_API.sections)).json()).data.items as { id: number; parcel: Facts }[];
    expect(listed.find((s) => s.id === p.section)?.parcel.weight).toBe(1750);
    const entry = (await audits('section.update')).at(-1);
    expect(entry?.changes.weight).toEqual({ before: 1600, after: 1750 });

    // The sections page's row: the weight emptied, the parent's (outerwear, 1200 g) applies.
    const [row] = await rows<{ name: string; url: string; sort: number }>(
      sql`select name, url, sort from sections where id = ${p.section}`,
    );
    const form = await merch.form('/admin/sections/', {
      intent: 'save',
      id: String(p.section),
      name: String(row?.name),
      url: String(row?.url),
      sort: String(row?.sort),
      weight: '',
      length: '55',
      width: '42',
      height: '15',
    });
    expect(form.status).toBeLessThan(400);
    expect((await offerParcels(app.database.db)([p.offer])).get(p.offer)?.weight).toBe(1200);

    const sectionsPage = await (await merch.get('/admin/sections/')).text();
    expect(sectionsPage).toContain('Вес раздела Парки, г');
    expect(await (await merch.get('/admin/products/')).text()).toContain('Вес и размеры списка');

    const bad = await merch.call(path(STAFF_API.section, p.section), { height: 0 });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad))?.message).toMatch(/Высота — целое число сантиметров/);
  });
});

describe('the bulk weight and size', () => {
  it('sets the filtered list’s products (or the ids given) at once, in one audit entry; null goes back to the section’s', async () => {
    const chosen = await productsOf('palto', 3);
    const ids = chosen.map((p) => p.id);
    const res = await merch.call(STAFF_API.productParcels, { productIds: ids, weight: 1900, height: 11 });
    expect(res.status).toBe(200);
    expect((await res.json()).data.bulk).toEqual({ count: 3, set: { weight: 1900, height: 11 } });
    for (const id of ids)
      expect(await own('products', id)).toEqual({ weight: 1900, length: null, width: null, height: 11 });
    const entries = await audits('catalog.bulk_parcel');
    expect(entries).toHaveLength(1);
    expect(entries[0]?.changes.count?.after).toBe(3);

    // By the list's filter, as the page posts it: every product of the section, the count the page showed.
    const [{ total } = { total: 0 }] = await rows<{ total: number }>(
      sql`select count(*)::int as total from products where section_id = ${chosen[0]?.section}`,
    );
    const page = await merch.form('/admin/products/', {
      intent: 'parcels',
      sectionId: String(chosen[0]?.section),
      expected: String(total),
      length: '61',
    });
    expect(page.status).toBeLessThan(400);
    const lengths = await rows<{ length: number | null; weight: number | null }>(
      sql`select length, weight from products where section_id = ${chosen[0]?.section}`,
    );
    expect(lengths.every((r) => r.length === 61)).toBe(true);
    expect(lengths.filter((r) => r.weight === 1900)).toHaveLength(3);

    // «По разделу»: every fact cleared.
    const reset = await merch.call(STAFF_API.productParcels, {
      productIds: ids,
      weight: null,
      length: null,
      width: null,
      height: null,
    });
    expect(reset.status).toBe(200);
    for (const id of ids)
      expect(await own('products', id)).toEqual({ weight: null, length: null, width: null, height: null });
    expect(await audits('catalog.bulk_parcel')).toHaveLength(3);
  });

  it('refuses nothing to set, a bad value, a list that changed, an unknown product — nothing written', async () => {
    const [p] = await productsOf('kurtki', 1);
    if (!p) throw new Error('no jacket');
    const entries = (await audits('catalog.bulk_parcel')).length;
    const nothing = await merch.call(STAFF_API.productParcels, { productIds: [p.id] });
    expect(nothing.status).toBe(400);
    expect((await errorOf(nothing))?.message).toBe('Укажите вес или размеры: что менять.');
    const bad = await merch.call(STAFF_API.productParcels, { productIds: [p.id], weight: 'много' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad))?.message).toMatch(/Вес — целое число граммов/);
    const changed = await merch.call(STAFF_API.productParcels, {
      filter: { sectionId: p.section },
      weight: 800,
      expected: 100_000,
    });
    expect(changed.status).toBe(409);
    expect((await errorOf(changed))?.code).toBe('BULK_CHANGED');
    const unknown = await merch.call(STAFF_API.productParcels, { productIds: [p.id, 999_999_999], weight: 800 });
    expect(unknown.status).toBe(404);
    expect(await own('products', p.id)).toEqual({ weight: null, length: null, width: null, height: null });
    expect((await audits('catalog.bulk_parcel')).length).toBe(entries);
  });
});

describe('a role without catalog.edit', () => {
  it('gets 403 on the card, the section, the bulk call and the pages’ forms, and nothing changes', async () => {
    const [p] = await productsOf('zhilety', 1);
    if (!p) throw new Error('no vest');
    const count = async () => (await rows(sql`select 1 from audit_log`)).length;
    const entries = await count();
    for (const res of [
      await content.call(path(STAFF_API.product, p.id), { weight: 5 }),
      await content.call(path(STAFF_API.section, p.section), { weight: 5 }),
      await content.call(STAFF_API.productParcels, { productIds: [p.id], weight: 5 }),
      await content.form(`/admin/products/${p.id}/`, { intent: 'parcel', weight: '5' }),
      await content.form('/admin/products/', { intent: 'parcels', weight: '5' }),
    ])
      expect(res.status).toBe(403);
    expect(await own('products', p.id)).toEqual({ weight: null, length: null, width: null, height: null });
    expect((await own('sections', p.section))?.weight).toBe(500);
    expect(await count()).toBe(entries);
  });
});
