import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { queryRows } from '../../db/client';
import { ignorePoolErrorsOnClose } from '../support/basket-offers';
import { addStaff, loggedInStaff, type StaffBrowser } from '../support/staff';
import { createTestApp, SHOP_ORIGIN, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): its pool runs the applies side by side; the preview's row decides, not a read.
let app: TestApp;
let owner: StaffBrowser;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app.database.db, query);

beforeAll(async () => {
  app = await createTestApp({ WRITE_LIMIT_PER_SESSION: '1000', WRITE_LIMIT_PER_CLIENT: '1000' });
  ignorePoolErrorsOnClose(app.database.db);
  await addStaff(app, { email: 'owner@io-race.test', role: 'owner' });
  owner = await loggedInStaff(app, 'owner@io-race.test');
});
afterAll(() => app.close());

/** Every preview's apply sent at once: each answer's status and error. */
const applyAtOnce = (tokens: string[]) =>
  Promise.all(
    tokens.map((token) =>
      owner
        .call(STAFF_API.catalogImportApply, { token })
        .then(async (r) => ({ status: r.status, body: (await r.json()) as { errors?: { code: string }[] } })),
    ),
  );

it('50 applies of one preview at once apply it once: one set of stock movements, one audit entry, 49 clear 409s', async () => {
  const [offer] = await rows<{ id: number }>(
    sql`select o.id from offers o where not exists (select 1 from exchange_offers x where x.offer_id = o.id)
      order by o.id limit 1`,
  );
  const [store] = await rows<{ id: number; code: string; name: string }>(
    sql`select id, code, name from stores order by sort, id limit 1`,
  );
  const csv = `ID предложения;Цена;Старая цена;Остаток: ${store?.name} [${store?.code}]\r\n${offer?.id};4321;;77\r\n`;
  const form = new FormData();
  form.set('sessid', owner.sessid);
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'race.csv');
  const res = await app.fetch(STAFF_API.catalogImport, {
    method: 'POST',
    headers: { cookie: owner.cookie, origin: SHOP_ORIGIN },
    body: form,
  });
  expect(res.status).toBe(200);
  const { token } = ((await res.json()) as { data: { preview: { token: string } } }).data.preview;
  const movesBefore = await rows<{ n: number }>(
    sql`select count(*)::int as n from stock_movements where offer_id = ${offer?.id} and store_id = ${store?.id}`,
  );

  const answers = await applyAtOnce(Array.from({ length: 50 }, () => token));
  expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  const refused = answers.filter((a) => a.status !== 200);
  expect(refused).toHaveLength(49);
  for (const r of refused) expect([r.status, r.body.errors?.[0]?.code]).toEqual([409, 'IMPORT_PREVIEW_GONE']);

  const [now] = await rows<{ price: number; quantity: number }>(
    sql`select o.price::int as price, k.quantity from offers o join stock k on k.offer_id = o.id and k.store_id = ${store?.id}
      where o.id = ${offer?.id}`,
  );
  expect(now).toEqual({ price: 432_100, quantity: 77 });
  const movesAfter = await rows<{ n: number }>(
    sql`select count(*)::int as n from stock_movements where offer_id = ${offer?.id} and store_id = ${store?.id}`,
  );
  // The cell may be made (a row of 0) and then set: at most two movements, from one apply.
  expect(Number(movesAfter[0]?.n) - Number(movesBefore[0]?.n)).toBeGreaterThanOrEqual(1);
  expect(Number(movesAfter[0]?.n) - Number(movesBefore[0]?.n)).toBeLessThanOrEqual(2);
  const [entries] = await rows<{ n: number }>(
    sql`select count(*)::int as n from audit_log where action = 'catalog.import' and entity_id = ${token}`,
  );
  expect(entries?.n).toBe(1);
}, 120_000);

it('50 previews making the same new article, applied at once: one model made, 49 clear 409s', async () => {
  const article = `RACE-NEW-${Date.now()}`;
  const [leaf] = await rows<{ id: number }>(
    sql`select s.id from sections s where not exists (select 1 from sections c where c.parent_id = s.id)
      and s.depth > 1 order by s.id limit 1`,
  );
  const [brand] = await rows<{ id: number }>(sql`select id from brands order by id limit 1`);
  const [colour] = await rows<{ code: string }>(sql`select code from colors order by sort, code limit 1`);
  const csv = `ID предложения;Артикул;Название;Раздел;Бренд;Цвет;Размер;Цена\r\n;${article};Парка из гонки;${leaf?.id};${brand?.id};${colour?.code};M;9990\r\n`;
  const tokens: string[] = [];
  for (let i = 0; i < 50; i++) {
    const form = new FormData();
    form.set('sessid', owner.sessid);
    form.append('file', new Blob([csv], { type: 'text/csv' }), `race-new-${i}.csv`);
    const res = await app.fetch(STAFF_API.catalogImport, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: SHOP_ORIGIN },
      body: form,
    });
    const body = (await res.json()) as { data: { preview: { token: string; counts: { newProducts: number } } } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.preview.counts.newProducts).toBe(1);
    tokens.push(body.data.preview.token);
  }

  const answers = await applyAtOnce(tokens);
  expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  const refused = answers.filter((a) => a.status !== 200);
  expect(refused).toHaveLength(49);
  for (const r of refused) expect([r.status, r.body.errors?.[0]?.code]).toEqual([409, 'IMPORT_ARTICLE_TAKEN']);
  const made = await rows<{ n: number }>(sql`select count(*)::int as n from products where article = ${article}`);
  expect(made[0]?.n).toBe(1);
}, 180_000);
