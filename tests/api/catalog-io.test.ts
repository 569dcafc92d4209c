import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { queryRows } from '../../db/client';
import { parseCsv, parseXlsx } from '../../server/catalog-io/sheets';
import { ignorePoolErrorsOnClose } from '../support/basket-offers';
import { addStaff, loggedInStaff, type StaffBrowser } from '../support/staff';
import { createTestApp, SHOP_ORIGIN, type TestApp } from '../support/test-app';

let app: TestApp;
let owner: StaffBrowser;
let merchandiser: StaffBrowser;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app.database.db, query);

/** A file posted as the import's `file` field, as a browser's form sends it. */
function upload(who: StaffBrowser, name: string, content: string | Uint8Array) {
  const form = new FormData();
  form.set('sessid', who.sessid);
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
  return app.fetch(STAFF_API.catalogImport, {
    method: 'POST',
    headers: { cookie: who.cookie, origin: SHOP_ORIGIN },
    body: form,
  });
}

interface Preview {
  token: string | null;
  counts: { rows: number; changed: number; unchanged: number; prices: number; stock: number; published: number };
  changes: {
    offerId: number;
    price?: { before: number; after: number };
    stock: { storeId: number; after: number }[];
  }[];
}

const csvOf = (table: string[][]) => `\uFEFF${table.map((r) => r.join(';')).join('\r\n')}\r\n`;

async function exportCsv(who: StaffBrowser) {
  const res = await who.get(STAFF_API.catalogExportCsv);
  expect(res.status).toBe(200);
  return parseCsv(await res.text());
}

/** Demo offers (not 1C's), each of another product, with its price and the product's hold. */
async function demoOffers(limit: number) {
  return rows<{ id: number; product_id: number; price: number; unpublished: boolean }>(
    sql`select * from (select distinct on (o.product_id) o.id, o.product_id, o.price::int as price, p.unpublished
        from offers o join products p on p.id = o.product_id
        where not exists (select 1 from exchange_offers x where x.offer_id = o.id) and o.price > 100000
        order by o.product_id, o.id) x order by product_id limit ${limit}`,
  );
}

beforeAll(async () => {
  app = await createTestApp({ WRITE_LIMIT_PER_SESSION: '10000', WRITE_LIMIT_PER_CLIENT: '10000' });
  ignorePoolErrorsOnClose(app.database.db);
  for (const [email, role] of [
    ['owner@io.test', 'owner'],
    ['merch@io.test', 'merchandiser'],
    ['content@io.test', 'content'],
    ['manager@io.test', 'manager'],
  ] as const)
    await addStaff(app, { email, role });
  const [shop] = await rows<{ id: number }>(sql`select id from stores where type = 'shop' order by id limit 1`);
  await addStaff(app, { email: 'shop@io.test', role: 'shop', shopId: Number(shop?.id) });
  owner = await loggedInStaff(app, 'owner@io.test');
  merchandiser = await loggedInStaff(app, 'merch@io.test');
}, 120_000);
afterAll(() => app.close());

describe('catalogue export', () => {
  it('CSV: one row per offer, the columns and a stock column per store; XLSX has the same table', async () => {
    const res = await owner.get(STAFF_API.catalogExportCsv);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="catalog-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // UTF-8 with a BOM: Excel in Russian opens it with the Cyrillic intact.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const table = parseCsv(text);
    const stores = await rows<{ name: string; code: string }>(sql`select name, code from stores order by sort, id`);
    expect(table[0]).toEqual([
      'Код товара',
      'Артикул',
      'Название',
      'Цвет',
      'Размер',
      'ID предложения',
      'ID 1С',
      'Штрихкод',
      'Цена',
      'Старая цена',
      'В продаже',
      ...stores.map((s) => `Остаток: ${s.name} [${s.code}]`),
    ]);
    const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from offers`);
    expect(table.length - 1).toBe(Number(count?.n));
    // A row says what the database holds.
    const [offer] = await rows<{ id: number; price: number; quantity: number | null; code: string }>(
      sql`select o.id, o.price::int as price, p.code, (select k.quantity from stock k join stores s on s.id = k.store_id
          where k.offer_id = o.id order by s.sort, s.id limit 1) as quantity
        from offers o join products p on p.id = o.product_id order by o.id limit 1`,
    );
    const row = table.find((r) => r[5] === String(offer?.id)) as string[];
    expect(row[0]).toBe(offer?.code);
    expect(row[8]).toBe(((offer?.price ?? 0) / 100).toFixed(2).replace('.', ',').replace(/,00$/, ''));

    const xlsx = await owner.get(STAFF_API.catalogExportXlsx);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = parseXlsx(Buffer.from(await xlsx.arrayBuffer()));
    expect(book.length).toBe(table.length);
    expect(book[0]).toEqual(table[0]);
    // Numbers in the book are numbers: the same text once read back.
    expect(book.find((r) => r[5] === String(offer?.id))?.slice(0, 9)).toEqual(row.slice(0, 9));
  });

  it('round trip: the exported file, CSV or XLSX, uploaded as it is changes nothing', async () => {
    const csv = await upload(owner, 'catalog.csv', csvOf(await exportCsv(owner)));
    expect(csv.status).toBe(200);
    const fromCsv = ((await csv.json()) as { data: { preview: Preview } }).data.preview;
    expect(fromCsv.token).toBeNull();
    expect(fromCsv.counts.changed).toBe(0);
    expect(fromCsv.counts.unchanged).toBe(fromCsv.counts.rows);
    const book = await owner.get(STAFF_API.catalogExportXlsx);
    const xlsx = await upload(owner, 'catalog.xlsx', new Uint8Array(await book.arrayBuffer()));
    expect(xlsx.status).toBe(200);
    const fromXlsx = ((await xlsx.json()) as { data: { preview: Preview } }).data.preview;
    expect(fromXlsx.counts).toEqual(fromCsv.counts);
  });
});

describe('catalogue import', () => {
  it('names every refused cell by row and column, and changes nothing', async () => {
    const table = await exportCsv(owner);
    const [a, b] = await demoOffers(2);
    const head = table[0] as string[];
    const rowOf = (id: number) => [...(table.find((r) => r[5] === String(id)) as string[])];
    const good = rowOf(Number(a?.id));
    good[8] = '12345';
    const bad = rowOf(Number(b?.id));
    bad[8] = 'дорого';
    bad[11] = '-3';
    const unknown = [...good];
    unknown[5] = '999999';
    const res = await upload(owner, 'bad.csv', csvOf([head, good, bad, unknown]));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { message: string; code: string; row: number; column: string }[] };
    expect(body.errors.map((e) => [e.row, e.column])).toEqual([
      [3, 'Цена'],
      [3, head[11]],
      [4, 'ID предложения'],
    ]);
    expect(body.errors[0]?.message).toBe(
      'Строка 3, «Цена»: «дорого» — не сумма в рублях (например, 4990 или 4990,50).',
    );
    expect(body.errors[2]?.message).toContain('размера №999999 нет на сайте');
    // All or nothing: the good row's price is as it was.
    const [after] = await rows<{ price: number }>(sql`select price::int as price from offers where id = ${a?.id}`);
    expect(after?.price).toBe(a?.price);
  });

  it('refuses a heading without the offer id, an unknown store and a price below the old one', async () => {
    const res = await upload(
      owner,
      'x.csv',
      csvOf([
        ['Артикул', 'Цена', 'Остаток: Луна [moon]'],
        ['A', '100'],
      ]),
    );
    expect(res.status).toBe(400);
    const messages = ((await res.json()) as { errors: { message: string }[] }).errors.map((e) => e.message);
    expect(messages).toEqual([
      'Заголовок: в столбце «Остаток: Луна [moon]» склад с кодом «moon» не найден: возьмите заголовок из выгрузки.',
      'Заголовок: нет столбца «ID предложения»: по нему импорт находит размер. Возьмите таблицу из выгрузки.',
    ]);
    const [o] = await demoOffers(1);
    const old = await upload(
      owner,
      'x.csv',
      csvOf([
        ['ID предложения', 'Цена', 'Старая цена'],
        [String(o?.id), '500', '400'],
      ]),
    );
    expect(old.status).toBe(400);
    expect(((await old.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe(
      'Строка 2, «Старая цена»: старая цена должна быть больше цены — или оставьте её пустой.',
    );
  });

  it('previews without writing, then applies prices, «В продаже» and stock at once with one audit entry', async () => {
    const table = await exportCsv(merchandiser);
    const head = table[0] as string[];
    const [a, b] = await demoOffers(2);
    const stockColumn = head[11] as string;
    const [store] = await rows<{ id: number }>(sql`select id from stores order by sort, id limit 1`);
    const row = (id: number) => [...(table.find((r) => r[5] === String(id)) as string[])];
    const ra = row(Number(a?.id));
    ra[8] = '7777';
    ra[9] = '9999,50';
    const rb = row(Number(b?.id));
    rb[10] = rb[10] === 'да' ? 'нет' : 'да';
    rb[11] = '42';
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from audit_log`);
    const res = await upload(merchandiser, 'prices.csv', csvOf([head, ra, rb]));
    expect(res.status, await res.clone().text()).toBe(200);
    const preview = ((await res.json()) as { data: { preview: Preview } }).data.preview;
    expect(preview.token).toMatch(/^[0-9a-f-]{36}$/);
    expect(preview.counts).toMatchObject({ rows: 2, changed: 2, prices: 1, published: 1, stock: 1 });
    expect(preview.changes.find((c) => c.offerId === a?.id)?.price).toEqual({
      before: (a?.price ?? 0) / 100,
      after: 7777,
    });
    expect(preview.changes.find((c) => c.offerId === b?.id)?.stock).toEqual([
      { storeId: Number(store?.id), before: expect.any(Number), after: 42 },
    ]);
    // The preview wrote nothing of the shop.
    const [still] = await rows<{ price: number }>(sql`select price::int as price from offers where id = ${a?.id}`);
    expect(still?.price).toBe(a?.price);
    expect(await rows(sql`select 1 from audit_log`)).toHaveLength(Number(before[0]?.n));

    const applied = await merchandiser.call(STAFF_API.catalogImportApply, { token: preview.token });
    expect(applied.status).toBe(200);
    const [pa] = await rows<{ price: number; old_price: number }>(
      sql`select price::int as price, old_price::int as old_price from offers where id = ${a?.id}`,
    );
    expect(pa).toEqual({ price: 777_700, old_price: 999_950 });
    const [pb] = await rows<{ unpublished: boolean; quantity: number }>(
      sql`select p.unpublished, k.quantity from products p join offers o on o.product_id = p.id
        join stock k on k.offer_id = o.id and k.store_id = ${store?.id} where o.id = ${b?.id}`,
    );
    expect(pb).toEqual({ unpublished: !b?.unpublished, quantity: 42 });
    // The listing's facets follow, through the tables' triggers, as after a 1C import.
    const [facet] = await rows<{ active: boolean }>(
      sql`select active from product_facets where product_id = ${b?.product_id}`,
    );
    expect(facet?.active).toBe(!pb?.unpublished);
    // The stock change is a movement of the import, by the member.
    const [move] = await rows<{ kind: string; reason: string; quantity: number }>(
      sql`select kind, reason, quantity from stock_movements where offer_id = ${b?.id} and store_id = ${store?.id}
        order by id desc limit 1`,
    );
    expect(move).toEqual({ kind: 'other', reason: 'Импорт каталога из файла', quantity: 42 });
    const entries = await rows<{ action: string; staff_email: string; changes: { count?: unknown; rows: unknown } }>(
      sql`select action, staff_email, changes from audit_log order by id desc limit 2`,
    );
    expect(entries[0]).toMatchObject({ action: 'catalog.import', staff_email: 'merch@io.test' });
    expect(entries[1]?.action).not.toBe('catalog.import');
    expect(stockColumn).toMatch(/^Остаток: /);
    // The product's page price follows (min_price kept with the offers').
    const [product] = await rows<{ min_price: number }>(
      sql`select min_price::int as min_price from products where id = ${a?.product_id}`,
    );
    expect(product?.min_price).toBeLessThanOrEqual(777_700);

    // A token applies once.
    const again = await merchandiser.call(STAFF_API.catalogImportApply, { token: preview.token });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('IMPORT_PREVIEW_GONE');
  });

  it('all or nothing at apply: a size sold since the preview refuses the whole import', async () => {
    const [a, b] = await demoOffers(4).then((o) => o.slice(2));
    const [store] = await rows<{ id: number; code: string; name: string }>(
      sql`select id, code, name from stores order by sort, id limit 1`,
    );
    const head = ['ID предложения', 'Цена', `Остаток: ${store?.name} [${store?.code}]`];
    const res = await upload(owner, 'two.csv', csvOf([head, [String(a?.id), '3333', ''], [String(b?.id), '', '17']]));
    const preview = ((await res.json()) as { data: { preview: Preview } }).data.preview;
    expect(preview.counts.changed).toBe(2);
    // Meanwhile the second size's stock changes (a sale, a stock document).
    await app.database.db.execute(
      sql`insert into stock (offer_id, store_id, quantity) values (${b?.id}, ${store?.id}, 5)
        on conflict (offer_id, store_id) do update set quantity = stock.quantity + 5`,
    );
    const applied = await owner.call(STAFF_API.catalogImportApply, { token: preview.token });
    expect(applied.status).toBe(409);
    expect(((await applied.json()) as { errors: { code: string; message: string }[] }).errors[0]).toMatchObject({
      code: 'IMPORT_CHANGED',
    });
    const [pa] = await rows<{ price: number }>(sql`select price::int as price from offers where id = ${a?.id}`);
    expect(pa?.price).toBe(a?.price);
    // The preview is not spent by the refusal: it is refused again for the same reason, and a fresh file applies.
    const fresh = await upload(owner, 'two.csv', csvOf([head, [String(a?.id), '3333', ''], [String(b?.id), '', '17']]));
    const token = ((await fresh.json()) as { data: { preview: Preview } }).data.preview.token;
    expect((await owner.call(STAFF_API.catalogImportApply, { token })).status).toBe(200);
    const [qb] = await rows<{ quantity: number }>(
      sql`select quantity from stock where offer_id = ${b?.id} and store_id = ${store?.id}`,
    );
    expect(qb?.quantity).toBe(17);
  });

  it('refuses changing a price or stock 1C keeps, and another member’s preview', async () => {
    const [o] = await demoOffers(6).then((x) => x.slice(5));
    await app.database.db.execute(sql`insert into exchange_offers (onec_id, offer_id) values ('io-walk-1c', ${o?.id})`);
    const res = await upload(
      owner,
      'c.csv',
      csvOf([
        ['ID предложения', 'Цена'],
        [String(o?.id), '1234'],
      ]),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: { message: string }[] }).errors[0]?.message).toContain('ведёт 1С');
    await app.database.db.execute(sql`delete from exchange_offers where onec_id = 'io-walk-1c'`);

    const mine = await upload(
      owner,
      'c.csv',
      csvOf([
        ['ID предложения', 'Цена'],
        [String(o?.id), '1234'],
      ]),
    );
    const token = ((await mine.json()) as { data: { preview: Preview } }).data.preview.token;
    const theirs = await merchandiser.call(STAFF_API.catalogImportApply, { token });
    expect(theirs.status).toBe(409);
  });

  it('roles without catalog.edit are refused every call, before the file is read', async () => {
    for (const email of ['content@io.test', 'manager@io.test', 'shop@io.test']) {
      const who = await loggedInStaff(app, email);
      expect((await who.get(STAFF_API.catalogExportCsv)).status, email).toBe(403);
      expect((await who.get(STAFF_API.catalogExportXlsx)).status, email).toBe(403);
      expect((await upload(who, 'x.csv', 'мусор')).status, email).toBe(403);
      expect((await who.call(STAFF_API.catalogImportApply, { token: 'x' })).status, email).toBe(403);
    }
    const stranger = await app.fetch(STAFF_API.catalogExportCsv);
    expect(stranger.status).toBe(401);
  });

  it('takes a file above the shop’s 256 KB body limit, up to 30 MB, and refuses a bigger one with 413', async () => {
    const [o] = await demoOffers(8).then((x) => x.slice(7));
    // A valid file of 1 MB: the row, then blank lines (spaces only).
    const big = `ID предложения;Цена;Старая цена\r\n${o?.id};2345;\r\n${`${' '.repeat(100)};;\r\n`.repeat(10_000)}`;
    const ok = await upload(owner, 'big.csv', big);
    expect(ok.status, (await ok.clone().text()).slice(0, 300)).toBe(200);
    expect(((await ok.json()) as { data: { preview: Preview } }).data.preview.counts.rows).toBe(1);
    const huge = await upload(owner, 'huge.csv', new Uint8Array(31 * 1024 * 1024).fill(0x41));
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe(
      'Слишком большой файл: не больше 30 МБ.',
    );
  });

  it('answers an unreadable file with a Russian 400, never a 500', async () => {
    const zip = await upload(owner, 'book.xlsx', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
    expect(zip.status).toBe(400);
    expect(((await zip.json()) as { errors: { message: string }[] }).errors[0]?.message).toMatch(/^Файл не прочитать/);
    const cp1251 = await upload(owner, 'win.csv', new Uint8Array([0xc8, 0xc4, 0x3b, 0xf6, 0xe5, 0xed, 0xe0]));
    expect(cp1251.status).toBe(400);
    const none = await owner.call(STAFF_API.catalogImport, {});
    expect(none.status).toBe(415);
  });
});
