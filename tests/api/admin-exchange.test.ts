// Over 400 lines because its cases share one seeded app and its fixtures: one feature's behaviour, end to end.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { type CataloguePackage, writePackage } from '../../server/exchange/commerceml/write-package';
import { onecClient } from '../support/onec-client';
import { addStaff, STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

const PAGE = '/admin/exchange/';
const now = new Date('2026-03-02T09:00:00Z');
const clock = () => now;

let app: TestApp;
type Browser = Awaited<ReturnType<typeof staffBrowser>>;
const as: Record<'owner' | 'manager' | 'shop', Browser> = {} as never;
let storeId: number;
let sectionIds: number[];
let ownerId: number;

async function loggedIn(email: string) {
  const b = await staffBrowser(app);
  expect((await b.login({ email, password: STAFF_PASSWORD })).status).toBe(200);
  return b;
}

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app.database.db, query);

/** The visible text of a page (scripts, styles and tags out, entities of quotes back), to match what staff read. */
const textOf = async (res: Response) => visible(await res.text());

const visible = (html: string) =>
  html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;|&#x27;|&#39;/g, '"')
    .replace(/\s+/g, ' ');

/** The text of the log's table alone. */
async function logOf(address: string) {
  const html = await (await as.owner.get(address)).text();
  const table = /<table[^>]*>\s*<caption[^>]*>Журнал обмена[\s\S]*?<\/table>/.exec(html);
  return visible(table?.[0] ?? '');
}

const counts = (products: { created: number; changed: number; removed: number }) => {
  const none = { created: 0, changed: 0, removed: 0 };
  return { sections: none, products, offers: none, prices: none, stock: none, images: none, records: 12 };
};

async function logRow(row: {
  sessionKey: string;
  type: string;
  fileName: string;
  startedAt: string;
  status?: string;
  errors?: { id: string; message: string }[];
  staffId?: number | null;
}) {
  await app.database.db.execute(sql`
    insert into exchange_log (session_key, staff_id, type, file_name, started_at, finished_at, status, position,
      counts, errors)
    values (${row.sessionKey}, ${row.staffId ?? null}, ${row.type}, ${row.fileName}, ${row.startedAt}::timestamptz,
      ${row.startedAt}::timestamptz + interval '5 seconds', ${row.status ?? 'success'}, 12,
      ${JSON.stringify(counts({ created: 3, changed: 1, removed: 0 }))}::jsonb,
      ${JSON.stringify(row.errors ?? [])}::jsonb)`);
}

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  const [store] = await rows<{ id: number }>(sql`select id from stores where type = 'shop' order by id limit 1`);
  storeId = Number(store?.id);
  sectionIds = (await rows<{ id: number }>(sql`select id from sections order by id limit 2`)).map((r) => Number(r.id));
  await addStaff(app, { email: 'owner@shop.test', role: 'owner' }, clock);
  await addStaff(app, { email: 'onec@shop.test', role: 'exchange' }, clock);
  await addStaff(app, { email: 'manager@shop.test', role: 'manager' }, clock);
  await addStaff(app, { email: 'counter@shop.test', role: 'shop', shopId: storeId }, clock);
  as.owner = await loggedIn('owner@shop.test');
  as.manager = await loggedIn('manager@shop.test');
  as.shop = await loggedIn('counter@shop.test');
  const [owner] = await rows<{ id: number }>(sql`select id from staff where email = 'owner@shop.test'`);
  ownerId = Number(owner?.id);
  await app.database.db.execute(sql`
    insert into exchange_price_types (onec_id, name, role) values
      ('pt-retail', 'Розничная', 'retail'), ('pt-old', 'Старая цена', null), ('pt-opt', 'Оптовая', null)`);
  await app.database.db.execute(sql`
    insert into exchange_warehouses (onec_id, name, store_id) values ('wh-main', 'Основной склад', null)`);
  await app.database.db.execute(sql`
    insert into exchange_sections (onec_id, name, section_id) values ('grp-dresses', 'Платья', ${sectionIds[0]})`);
});
afterAll(() => app.close());

describe('who may open the exchange page', () => {
  it('refuses a manager and a shop member with 403, page and form alike, and leaves the mapping as it was', async () => {
    for (const b of [as.manager, as.shop]) {
      expect((await b.get(PAGE)).status).toBe(403);
      const post = await b.form(PAGE, { intent: 'warehouses', 'store:wh-main': String(storeId) });
      expect(post.status).toBe(403);
      expect(await (await b.get('/admin/')).text()).not.toContain(`href="${PAGE}"`);
    }
    const [wh] = await rows<{ store_id: number | null }>(
      sql`select store_id from exchange_warehouses where onec_id = 'wh-main'`,
    );
    expect(wh?.store_id).toBeNull();
  });

  it('opens it to the owner, whose navigation offers it; 1C’s account does not get into the back office', async () => {
    const res = await as.owner.get(PAGE);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1>Обмен с 1С</h1>');
    expect(html).toContain(`href="${PAGE}"`);
    const onec = await staffBrowser(app);
    expect((await onec.login({ email: 'onec@shop.test', password: STAFF_PASSWORD })).status).toBe(401);
  });
});

describe('the rerun of the last package', () => {
  it('says plainly there is no package before 1C ever sent a catalogue', async () => {
    const res = await as.owner.form(PAGE, { intent: 'rerun' });
    expect(res.status).toBe(404);
    expect(await textOf(res)).toContain('Пакета для повторной загрузки нет: 1С ещё не присылала каталог.');
  });

  it('says plainly the package’s files are gone when its folder is not on the server', async () => {
    await logRow({
      sessionKey: 'gone-session',
      type: 'catalog',
      fileName: 'import.xml',
      startedAt: '2026-03-01T08:00:00Z',
    });
    const res = await as.owner.form(PAGE, { intent: 'rerun' });
    expect(res.status).toBe(404);
    expect(await textOf(res)).toContain('Файлов последнего пакета на сервере нет (папка exchange/gone-session');
    const [audit] = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'exchange.rerun'`,
    );
    expect(audit?.n).toBe(0);
  });

  it('offers the last catalogue package, and not a later orders exchange or rerun, as the one to load again', async () => {
    mkdirSync(path.join(app.dataDir, 'exchange', 'last-session'), { recursive: true });
    await logRow({
      sessionKey: 'last-session',
      type: 'catalog',
      fileName: 'import.xml',
      startedAt: '2026-03-01T09:00:00Z',
    });
    await logRow({
      sessionKey: 'last-session',
      type: 'catalog',
      fileName: 'offers.xml',
      startedAt: '2026-03-01T09:01:00Z',
    });
    await logRow({
      sessionKey: 'last-session',
      type: 'sale',
      fileName: 'sale/orders.xml',
      startedAt: '2026-03-01T09:02:00Z',
    });
    await logRow({ sessionKey: 'rerun-1', type: 'rerun', fileName: 'import.xml', startedAt: '2026-03-01T10:00:00Z' });
    const text = await textOf(await as.owner.get(PAGE));
    expect(text).toContain('Последний пакет из 1С: import.xml, offers.xml.');
  });
});

describe('the log', () => {
  it('lists the files newest first, who ran them, what changed, and each error by 1C’s Ид', async () => {
    await logRow({
      sessionKey: 'with-errors',
      type: 'catalog',
      fileName: 'import0_1.xml',
      startedAt: '2026-03-01T12:00:00Z',
      status: 'failure',
      staffId: ownerId,
      errors: [
        { id: 'a1b2-prod-42', message: 'Нет артикула' },
        { id: 'c3d4-offer-7', message: 'Цена не число' },
      ],
    });
    const res = await as.owner.get(PAGE);
    expect(res.status).toBe(200);
    const text = await textOf(res);
    expect(text).toContain('import0_1.xml');
    expect(text).toContain('owner, owner@shop.test');
    expect(text).toContain('Товары: создано 3, изменено 1');
    expect(text).toContain('Ошибок: 2');
    expect(text).toContain('Ид a1b2-prod-42 : Нет артикула');
    expect(text).toContain('Ид c3d4-offer-7 : Цена не число');
    expect(text).toContain('ошибка');
    // Newest first: the failed file of noon comes before the morning's package.
    expect(text.indexOf('import0_1.xml')).toBeLessThan(text.indexOf('offers.xml'));
  });

  it('pages the log thirty rows at a time, the page in the address', async () => {
    for (let i = 0; i < 30; i++)
      await logRow({
        sessionKey: 'many',
        type: 'catalog',
        fileName: `many-${i}.xml`,
        startedAt: new Date(Date.parse('2026-03-02T00:00:00Z') + i * 60_000).toISOString(),
      });
    const first = await logOf(PAGE);
    expect(first).toContain('many-29.xml');
    expect(first).not.toContain('import0_1.xml');
    expect(await textOf(await as.owner.get(PAGE))).toContain('Страница 1 из 2');
    const second = await logOf(`${PAGE}?page=2`);
    expect(second).toContain('import0_1.xml');
    expect(second).not.toContain('many-29.xml');
    expect(await textOf(await as.owner.get(`${PAGE}?page=9`))).toContain('На этой странице записей нет');
  });
});

describe('the mappings', () => {
  it('saves a warehouse’s store and audits it with before and after', async () => {
    const res = await as.owner.form(PAGE, { intent: 'warehouses', 'store:wh-main': String(storeId) });
    expect(res.status).toBe(200);
    expect(await textOf(res)).toContain('Сохранено изменений: 1.');
    const [wh] = await rows<{ store_id: number }>(
      sql`select store_id from exchange_warehouses where onec_id = 'wh-main'`,
    );
    expect(Number(wh?.store_id)).toBe(storeId);
    const audit = await rows<{ action: string; entity_id: string; staff_email: string; changes: unknown }>(
      sql`select action, entity_id, staff_email, changes from audit_log where action = 'exchange.warehouse'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity_id: 'warehouses', staff_email: 'owner@shop.test' });
    const changes = typeof audit[0]?.changes === 'string' ? JSON.parse(audit[0].changes) : audit[0]?.changes;
    expect(changes).toEqual({ 'wh-main': { before: null, after: storeId } });
  });

  it('re-points a 1C group to another section, audited', async () => {
    const res = await as.owner.form(PAGE, { intent: 'sections', 'section:grp-dresses': String(sectionIds[1]) });
    expect(res.status).toBe(200);
    const [g] = await rows<{ section_id: number }>(
      sql`select section_id from exchange_sections where onec_id = 'grp-dresses'`,
    );
    expect(Number(g?.section_id)).toBe(sectionIds[1]);
    const [a] = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'exchange.section' and changes ? 'grp-dresses'`,
    );
    expect(a?.n).toBe(1);
  });

  it('refuses two retail price types with 400 and a Russian reason, and changes nothing', async () => {
    const res = await as.owner.form(PAGE, {
      intent: 'prices',
      'price:pt-retail': 'retail',
      'price:pt-old': 'old',
      'price:pt-opt': 'retail',
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(visible(html)).toContain(
      'Ролью розничной цены может быть только один тип цен, а выбраны: «Оптовая», «Розничная».',
    );
    // The page without JavaScript shows the refused choice again, to be corrected.
    expect(html).toMatch(/name="price:pt-opt"[^>]*>(?:(?!<\/select>)[\s\S])*<option value="retail" selected=""/);
    const types = await rows<{ onec_id: string; role: string | null }>(
      sql`select onec_id, role from exchange_price_types order by onec_id`,
    );
    expect(types).toEqual([
      { onec_id: 'pt-old', role: null },
      { onec_id: 'pt-opt', role: null },
      { onec_id: 'pt-retail', role: 'retail' },
    ]);
    const [a] = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'exchange.price_type'`,
    );
    expect(a?.n).toBe(0);
  });

  it('moves the retail role from one type to another in one save, audited as one change of both', async () => {
    const res = await as.owner.form(PAGE, {
      intent: 'prices',
      'price:pt-retail': 'old',
      'price:pt-old': '',
      'price:pt-opt': 'retail',
    });
    expect(res.status).toBe(200);
    const types = await rows<{ onec_id: string; role: string | null }>(
      sql`select onec_id, role from exchange_price_types order by onec_id`,
    );
    expect(types).toEqual([
      { onec_id: 'pt-old', role: null },
      { onec_id: 'pt-opt', role: 'retail' },
      { onec_id: 'pt-retail', role: 'old' },
    ]);
    const audit = await rows<{ changes: unknown }>(
      sql`select changes from audit_log where action = 'exchange.price_type'`,
    );
    expect(audit).toHaveLength(1);
    const changes = typeof audit[0]?.changes === 'string' ? JSON.parse(audit[0].changes) : audit[0]?.changes;
    expect(changes).toEqual({
      'pt-opt': { before: null, after: 'retail' },
      'pt-retail': { before: 'retail', after: 'old' },
    });
  });
});

describe('the log of orders files', () => {
  it('shows an orders file from 1C with the orders it moved', async () => {
    await app.database.db.execute(sql`insert into exchange_log
        (session_key, staff_id, type, file_name, started_at, finished_at, status, position, counts, errors)
      values ('sale-session', null, 'sale', 'sale/orders.xml', now(), now(), 'success', 3,
        ${JSON.stringify({ orders: { changed: 2, unchanged: 1 }, records: 3 })}::jsonb, '[]'::jsonb)`);
    const res = await as.owner.get(PAGE);
    expect(res.status).toBe(200);
    expect(await logOf(PAGE)).toContain('Заказы: изменено 2, без изменений 1');
  });
});

describe('products not from 1C', () => {
  it('refuses to take them off sale while nothing has come from 1C, and changes nothing', async () => {
    const [before] = await rows<{ n: number }>(sql`select count(*)::int as n from products where active`);
    const res = await as.owner.form(PAGE, { intent: 'others', confirm: 'yes' });
    expect(res.status).toBe(409);
    expect(await textOf(res)).toContain('Из 1С ещё не пришло ни одного товара в продаже');
    expect(await rows(sql`select count(*)::int as n from products where active`)).toEqual([before]);
  });
});

describe('the rerun through the importer', () => {
  it('loads the last package again: a price changed in the shop since is 1C’s again, in log rows of a rerun', async () => {
    const pkg: CataloguePackage = {
      groups: [{ id: 'grp-dresses', name: 'Платья', parentId: null, deleted: false }],
      products: [
        {
          id: 'r-1',
          name: 'Платье «Повтор»',
          article: 'RP-1',
          description: '',
          groupIds: ['grp-dresses'],
          properties: [],
          requisites: [],
          images: [],
          deleted: false,
        },
      ],
      // The owner made «Оптовая» the retail price above: the mapping, not the name, decides.
      priceTypes: [{ id: 'pt-opt', name: 'Оптовая', currency: 'RUB' }],
      offers: [
        {
          id: 'r-1#m',
          name: null,
          characteristics: [{ name: 'Размер', value: 'M' }],
          prices: [{ priceTypeId: 'pt-opt', kopecks: 500_000, currency: 'RUB' }],
          quantity: null,
          stock: [],
          deleted: false,
        },
      ],
    };
    const files = writePackage(pkg);
    const onec = onecClient(app, 'catalog', { login: 'onec@shop.test', password: STAFF_PASSWORD });
    expect((await onec.checkauth()).lines[0]).toBe('success');
    await onec.send('init');
    await onec.upload('import.xml', files.importXml, 1);
    await onec.upload('offers.xml', files.offersXml, 1);
    for (const name of ['import.xml', 'offers.xml'])
      expect((await onec.importFile(name)).at(-1)?.lines[0]).toBe('success');
    const priceOf = async () =>
      (
        await rows<{ price: number }>(sql`select o.price::int as price from exchange_offers x
          join offers o on o.id = x.offer_id where x.onec_id = 'r-1#m'`)
      )[0]?.price;
    expect(await priceOf()).toBe(500_000);

    await app.database.db.execute(sql`update offers set price = 100 where id =
      (select offer_id from exchange_offers where onec_id = 'r-1#m')`);
    const res = await as.owner.form(PAGE, { intent: 'rerun' });
    expect(res.status).toBeLessThan(400);
    expect(await priceOf()).toBe(500_000);
    const reruns = await rows<{ file_name: string; status: string }>(
      sql`select file_name, status from exchange_log where type = 'rerun' and session_key <> 'rerun-1' order by id`,
    );
    expect(reruns).toEqual([
      { file_name: 'import.xml', status: 'success' },
      { file_name: 'offers.xml', status: 'success' },
    ]);
  });
});

describe('products not from 1C, once 1C has sent its own', () => {
  it('takes the others off sale, keeps 1C’s, and audits it', async () => {
    const page = await textOf(await as.owner.get(PAGE));
    expect(page).toMatch(/В продаже товаров из 1С: 1, других \(демо-каталог, созданные вручную\): [1-9]\d*/);
    // Not without the confirmation.
    const unconfirmed = await as.owner.form(PAGE, { intent: 'others' });
    expect(unconfirmed.status).toBe(400);
    expect(await textOf(unconfirmed)).toContain('Отметьте «Да, снять с продажи»');
    const res = await as.owner.form(PAGE, { intent: 'others', confirm: 'yes' });
    expect(res.status).toBe(200);
    expect(await textOf(res)).toMatch(/Снято с продажи товаров не из 1С: [1-9]\d*\./);
    expect(
      await rows(sql`select v.product_id is not null as from_1c, count(*)::int as n from products p
        left join exchange_variants v on v.product_id = p.id where p.active group by 1`),
    ).toEqual([{ from_1c: true, n: 1 }]);
    const [audit] = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'exchange.hide_others'`,
    );
    expect(audit?.n).toBe(1);
  });
});
