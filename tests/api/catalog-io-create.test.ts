import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { queryRows } from '../../db/client';
import { formatPrice } from '../../domain/pricing/price';
import { ignorePoolErrorsOnClose } from '../support/basket-offers';
import { pageWhen } from '../support/page-when';
import { addStaff, loggedInStaff, type StaffBrowser } from '../support/staff';
import { createTestApp, SHOP_ORIGIN, type TestApp } from '../support/test-app';

/**
 * Issue 47.5: the catalogue import creates products from rows without an offer id — grouped by article into a model,
 * a product per colour, as the desk's «Новый товар» makes them — checks each new row's cells by row and column, and
 * writes an audit entry per product created or changed besides the import's own.
 */
let app: TestApp;
let owner: StaffBrowser;
let leaf: { id: number; name: string; url: string };
let brand: { id: number; name: string };
let colours: { code: string; name: string }[];
let store: { id: number; code: string; name: string };

const rows = <T>(query: SQL) => queryRows<T>(app.database.db, query);
const unique = (prefix: string) => `${prefix}${randomUUID().slice(0, 6).toUpperCase()}`;
const csvOf = (table: string[][]) => `\uFEFF${table.map((r) => r.join(';')).join('\r\n')}\r\n`;

function upload(who: StaffBrowser, name: string, content: string) {
  const form = new FormData();
  form.set('sessid', who.sessid);
  form.append('file', new Blob([content]), name);
  return app.fetch(STAFF_API.catalogImport, {
    method: 'POST',
    headers: { cookie: who.cookie, origin: SHOP_ORIGIN },
    body: form,
  });
}

interface Preview {
  token: string | null;
  counts: { rows: number; changed: number; products: number; newProducts: number; newOffers: number };
  created: {
    article: string;
    name: string;
    color: string;
    section: string;
    sizes: { size: string; price: number }[];
  }[];
}

const HEAD = () => [
  'ID предложения',
  'Артикул',
  'Название',
  'Раздел',
  'Бренд',
  'Цвет',
  'Размер',
  'Цена',
  'Старая цена',
  'В продаже',
  `Остаток: ${store.name} [${store.code}]`,
];

beforeAll(async () => {
  app = await createTestApp({ WRITE_LIMIT_PER_SESSION: '10000', WRITE_LIMIT_PER_CLIENT: '10000' });
  ignorePoolErrorsOnClose(app.database.db);
  await addStaff(app, { email: 'owner@io-create.test', role: 'owner' });
  owner = await loggedInStaff(app, 'owner@io-create.test');
  [leaf] = (await rows<{ id: number; name: string; url: string }>(
    sql`select s.id, s.name, s.url from sections s where not exists (select 1 from sections c where c.parent_id = s.id)
      and s.depth > 1 order by s.id limit 1`,
  )) as [typeof leaf];
  leaf.id = Number(leaf.id);
  [brand] = (await rows<{ id: number; name: string }>(sql`select id, name from brands order by id limit 1`)) as [
    typeof brand,
  ];
  colours = await rows<{ code: string; name: string }>(sql`select code, name from colors order by sort, code limit 2`);
  [store] = (await rows<{ id: number; code: string; name: string }>(
    sql`select id, code, name from stores order by sort, id limit 1`,
  )) as [typeof store];
}, 120_000);
afterAll(() => app.close());

describe('catalogue import: new products', () => {
  it('previews new and changed apart, creates a model per article and a product per colour, on the shop at once, audited per product', async () => {
    const article = unique('IMP-');
    const name = `Парка Импортная ${unique('')}`;
    const [c1, c2] = colours as [(typeof colours)[0], (typeof colours)[0]];
    // An existing demo offer whose price changes too: «updated» beside «created».
    const [old] = await rows<{ id: number; product_id: number; price: number }>(
      sql`select o.id, o.product_id, o.price::int as price from offers o
        where not exists (select 1 from exchange_offers x where x.offer_id = o.id) and o.price > 100000
        order by o.id limit 1`,
    );
    const file = csvOf([
      HEAD(),
      ['', article, name, String(leaf.id), brand.name, c1.code, '46', '12990', '15990', 'да', '5'],
      ['', article, '', '', '', c1.name, '48', '12990', '', '', '3'],
      ['', article, '', '', '', c2.code, 'M', '11990,50', '', '', ''],
      [String(old?.id), '', '', '', '', '', '', String((Number(old?.price) + 10_000) / 100), '', '', ''],
    ]);
    const res = await upload(owner, 'new.csv', file);
    const body = (await res.json()) as { data: { preview: Preview } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    const { preview } = body.data;
    expect(preview.counts).toMatchObject({ rows: 4, changed: 1, products: 1, newProducts: 2, newOffers: 3 });
    expect(preview.created.map((p) => [p.article, p.name, p.color, p.section, p.sizes.map((s) => s.size)])).toEqual([
      [article, name, c1.name, leaf.name, ['46', '48']],
      [article, name, c2.name, leaf.name, ['M']],
    ]);
    // Nothing written by the preview.
    expect(await rows(sql`select id from products where article = ${article}`)).toEqual([]);

    const auditBefore = (await rows<{ n: number }>(sql`select coalesce(max(id), 0)::int as n from audit_log`))[0]?.n;
    const applied = await owner.call(STAFF_API.catalogImportApply, { token: preview.token });
    const done = (await applied.json()) as { data: { import: { created: { id: number; url: string }[] } } };
    expect(applied.status, JSON.stringify(done)).toBe(200);
    const made = done.data.import.created;
    expect(made).toHaveLength(2);

    // The desk's shape: one model, a product per colour, code and page by id, on sale, priced, in the facets.
    const products = await rows<{
      id: number;
      model_id: number;
      section_id: number;
      brand_id: number;
      color_code: string;
      active: boolean;
      min_price: number;
      code: string;
      url: string;
    }>(
      sql`select id, model_id, section_id, brand_id, color_code, active, min_price::int as min_price, code, url
        from products where article = ${article} order by id`,
    );
    expect(products.map((p) => p.color_code)).toEqual([c1.code, c2.code]);
    expect(new Set(products.map((p) => Number(p.model_id)))).toEqual(new Set([Number(products[0]?.id)]));
    expect(products.every((p) => p.active && Number(p.section_id) === leaf.id && Number(p.brand_id) === brand.id)).toBe(
      true,
    );
    expect(products.map((p) => p.min_price)).toEqual([1_299_000, 1_199_050]);
    expect(products[0]?.code).toMatch(new RegExp(`-${c1.code}-${products[0]?.id}$`));
    expect(products[0]?.url).toBe(`/product/${products[0]?.code}/`);
    const sizes = await rows<{ size_name: string; price: number; old_price: number | null; quantity: number | null }>(
      sql`select o.size_name, o.price::int as price, o.old_price::int as old_price,
          (select k.quantity from stock k where k.offer_id = o.id and k.store_id = ${store.id}) as quantity
        from offers o where o.product_id = ${products[0]?.id} order by o.size_sort, o.id`,
    );
    expect(sizes).toEqual([
      { size_name: '46', price: 1_299_000, old_price: 1_599_000, quantity: 5 },
      { size_name: '48', price: 1_299_000, old_price: null, quantity: 3 },
    ]);
    expect(
      await rows(sql`select section_id, active from product_facets where product_id = ${products[0]?.id}`),
    ).toEqual([{ section_id: leaf.id, active: true }]);

    // The shop's product page and section page show it (the caches learn as after the desk's creation).
    const page = await pageWhen(app, products[0]?.url as string, (html) => html.includes(name));
    expect(page).toContain(name);
    expect(page).toContain(formatPrice(1_299_000));
    const section = await pageWhen(app, `${leaf.url}?sort=new_desc`, (html) =>
      html.includes(products[0]?.code as string),
    );
    expect(section).toContain(products[0]?.code as string);

    // Audit: the import's entry, one `product.create` per product made, one `catalog.import_product` per changed.
    const entries = await rows<{
      action: string;
      entity: string;
      entity_id: string;
      changes: Record<string, { before: unknown; after: unknown }>;
    }>(sql`select action, entity, entity_id, changes from audit_log where id > ${auditBefore} order by id`);
    expect(entries.filter((e) => e.action === 'catalog.import')).toHaveLength(1);
    const created = entries.filter((e) => e.action === 'product.create');
    expect(created.map((e) => [e.entity, e.entity_id])).toEqual(products.map((p) => ['product', String(p.id)]));
    expect(created[0]?.changes.name).toEqual({ before: null, after: name });
    expect(created[0]?.changes.file).toEqual({ before: null, after: 'new.csv' });
    const changed = entries.filter((e) => e.action === 'catalog.import_product');
    expect(changed.map((e) => [e.entity, e.entity_id])).toEqual([['product', String(old?.product_id)]]);
    expect(JSON.stringify(changed[0]?.changes.sizes)).toContain(String(Number(old?.price) / 100));
    expect(JSON.stringify(changed[0]?.changes.sizes)).toContain(String((Number(old?.price) + 10_000) / 100));
  });

  it('names each refused cell of a new row by row and column, and applies nothing of the file', async () => {
    const taken = (await rows<{ article: string }>(sql`select article from products where article <> '' limit 1`))[0]
      ?.article as string;
    const [o] = await rows<{ id: number; price: number }>(
      sql`select o.id, o.price::int as price from offers o
        where not exists (select 1 from exchange_offers x where x.offer_id = o.id) and o.price > 100000
        order by o.id desc limit 1`,
    );
    const fresh = unique('BAD-');
    const res = await upload(
      owner,
      'bad.csv',
      csvOf([
        HEAD(),
        [String(o?.id), '', '', '', '', '', '', '99999', '', '', ''],
        ['', fresh, 'Куртка', 'Нет такого раздела', brand.name, colours[0]?.code ?? '', '48', '', '', '', ''],
        ['', fresh, '', '', '', 'фиолетово-зелёный', '', 'дорого', '', 'может быть', ''],
        ['', taken, 'Куртка', String(leaf.id), brand.name, colours[0]?.code ?? '', 'S', '1000', '', '', ''],
        ['', '', 'Куртка', String(leaf.id), brand.name, colours[0]?.code ?? '', 'S', '1000', '', '', ''],
        ['', unique('NB-'), 'Куртка', String(leaf.id), '', colours[0]?.code ?? '', 'S', '1000', '', '', ''],
      ]),
    );
    expect(res.status).toBe(400);
    const errors = ((await res.json()) as { errors: { message: string; code: string; row: number; column: string }[] })
      .errors;
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [3, 'Раздел'],
      [3, 'Цена'],
      [4, 'В продаже'],
      [4, 'Цвет'],
      [4, 'Размер'],
      [4, 'Цена'],
      [5, 'Артикул'],
      [6, 'Артикул'],
      [7, 'Бренд'],
    ]);
    const text = (row: number, column: string) => errors.find((e) => e.row === row && e.column === column)?.message;
    expect(text(3, 'Раздел')).toBe(
      'Строка 3, «Раздел»: раздела «Нет такого раздела» нет: укажите номер или название раздела из списка разделов.',
    );
    expect(text(3, 'Цена')).toBe('Строка 3, «Цена»: пусто: у нового товара укажите цену в рублях.');
    expect(text(4, 'Цвет')).toContain('цвета «фиолетово-зелёный» нет в списке цветов');
    expect(text(5, 'Артикул')).toContain(`артикул «${taken}» уже есть на сайте`);
    expect(text(6, 'Артикул')).toContain('пусто: у нового товара (без «ID предложения») укажите артикул');
    expect(text(7, 'Бренд')).toContain('укажите бренд');
    // All or nothing: the good row's price is as it was, no product made.
    const [after] = await rows<{ price: number }>(sql`select price::int as price from offers where id = ${o?.id}`);
    expect(after?.price).toBe(o?.price);
    expect(await rows(sql`select id from products where article = ${fresh}`)).toEqual([]);
  });

  it('a new size keeps the file’s barcode; a barcode taken, repeated or malformed and a 1C id are refused', async () => {
    const head = ['ID предложения', 'ID 1С', 'Штрихкод', ...HEAD().slice(1)];
    const row = (article: string, onec: string, barcode: string, size: string) => [
      '',
      onec,
      barcode,
      article,
      'Пуховик Штрихкодовый',
      String(leaf.id),
      String(brand.id),
      colours[0]?.code ?? '',
      size,
      '9990',
      '',
      '',
      '',
    ];
    const [existing] = await rows<{ id: number }>(sql`select id from offers order by id limit 1`);
    const own = `46${randomUUID().replace(/\D/g, '').padEnd(11, '7').slice(0, 11)}`;
    const held = `${own.slice(0, 12)}${own.endsWith('9') ? '8' : '9'}`;
    await app.database.db.execute(sql`update offers set barcode = ${held} where id = ${existing?.id}`);
    const bad = await upload(
      owner,
      'codes.csv',
      csvOf([
        head,
        row(unique('BC-'), '', held, 'S'),
        row(unique('BC-'), '', 'штрих-123', 'S'),
        row(unique('BC-'), 'a1b2-c3d4', '', 'S'),
        row(unique('BC-'), '', own, 'S'),
        row(unique('BC-'), '', own, 'M'),
      ]),
    );
    expect(bad.status).toBe(400);
    const errors = ((await bad.json()) as { errors: { message: string; row: number; column: string }[] }).errors;
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'Штрихкод'],
      [3, 'Штрихкод'],
      [4, 'ID 1С'],
      [6, 'Штрихкод'],
    ]);
    expect(errors[0]?.message).toContain(`уже у предложения ${existing?.id}`);
    expect(errors[1]?.message).toContain('штрихкод из 8–14 цифр');
    expect(errors[2]?.message).toContain('ID 1С появится, когда 1С пришлёт этот товар');
    expect(errors[3]?.message).toContain('уже указан в строке 5');

    const article = unique('BC-');
    const res = await upload(owner, 'code.csv', csvOf([head, row(article, '', own, 'L')]));
    expect(res.status, await res.clone().text()).toBe(200);
    const { token } = ((await res.json()) as { data: { preview: Preview } }).data.preview;
    expect((await owner.call(STAFF_API.catalogImportApply, { token })).status).toBe(200);
    expect(
      await rows(
        sql`select o.barcode from offers o join products p on p.id = o.product_id where p.article = ${article}`,
      ),
    ).toEqual([{ barcode: own }]);
  });

  it('a new product whose article appeared since the preview: 409, nothing written', async () => {
    const article = unique('RACE-');
    const res = await upload(
      owner,
      'later.csv',
      csvOf([
        HEAD(),
        [
          '',
          article,
          'Куртка Поздняя',
          String(leaf.id),
          String(brand.id),
          colours[0]?.code ?? '',
          'L',
          '5000',
          '',
          '',
          '',
        ],
      ]),
    );
    expect(res.status).toBe(200);
    const { token } = ((await res.json()) as { data: { preview: Preview } }).data.preview;
    // The desk makes a product of that article meanwhile.
    const desk = await owner.call(STAFF_API.products, {
      name: 'С витрины',
      article,
      sectionId: leaf.id,
      brandId: brand.id,
      colours: [{ color: colours[0]?.code, sizes: [{ size: 'L', price: 5000 }] }],
    });
    expect(desk.status).toBe(200);
    const applied = await owner.call(STAFF_API.catalogImportApply, { token });
    expect(applied.status).toBe(409);
    expect(((await applied.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('IMPORT_ARTICLE_TAKEN');
    expect(await rows(sql`select name from products where article = ${article}`)).toEqual([{ name: 'С витрины' }]);
  });
});
