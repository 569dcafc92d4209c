import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { ignorePoolErrorsOnClose } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff, loggedInStaff, type staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): its pool runs the posts side by side; the document's row lock and the key's
// unique index decide, not a read.
type Browser = Awaited<ReturnType<typeof staffBrowser>>;
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
let merch: Browser;
let offers: number[];

beforeAll(async () => {
  app = await createTestApp({ WRITE_LIMIT_PER_SESSION: '1000', WRITE_LIMIT_PER_CLIENT: '1000' });
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
  await addStaff(app, { email: 'race-docs@vyuga.test', role: 'merchandiser' });
  merch = await loggedInStaff(app, 'race-docs@vyuga.test');
  offers = (
    await k.rows<{ id: number }>(
      sql`select o.id from offers o join products p on p.id = o.product_id
        where not exists (select 1 from exchange_offers x where x.offer_id = o.id) order by o.id limit 4`,
    )
  ).map((r) => Number(r.id));
  await k.rows(
    sql`delete from stock where offer_id in (select (jsonb_array_elements_text(${JSON.stringify(offers)}::jsonb))::int)`,
  );
});
afterAll(() => app.close());

const qty = async (offerId: number) =>
  Number(
    (
      await k.rows<{ quantity: number }>(
        sql`select quantity from stock where offer_id = ${offerId} and store_id = ${k.stores.online}`,
      )
    )[0]?.quantity ?? 0,
  );
const json = async (res: Response) => (await res.json()) as { data: any; errors?: { code: string; message: string }[] };

it('50 postings of one draft at once post it once: stock exact, one posting in the audit log, the rest a clear 409', async () => {
  const [a, b] = offers as [number, number];
  const made = await json(
    await merch.call(STAFF_API.stockDrafts, {
      kind: 'receipt',
      storeId: k.stores.online,
      reason: 'Поставка наперегонки',
    }),
  );
  const id = made.data.document.id as number;
  await merch.call(STAFF_API.stockDocument.replace(':id', String(id)), {
    lines: [
      { offerId: a, quantity: 3 },
      { offerId: b, quantity: 7 },
    ],
  });
  const answers = await Promise.all(
    Array.from({ length: 50 }, () =>
      merch
        .call(STAFF_API.stockDocumentPost.replace(':id', String(id)), {})
        .then(async (r) => ({ status: r.status, body: await json(r) })),
    ),
  );
  expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
  const refused = answers.filter((x) => x.status !== 200);
  expect(new Set(refused.map((x) => x.status))).toEqual(new Set([409]));
  expect(
    refused.every(
      (x) =>
        x.body.errors?.[0]?.message === `Документ №${id} уже проведён — провести, изменить или удалить его нельзя.`,
    ),
  ).toBe(true);
  expect(await qty(a)).toBe(3);
  expect(await qty(b)).toBe(7);
  expect(await k.rows(sql`select count(*)::int as n from stock_movements where document_id = ${id}`)).toEqual([
    { n: 2 },
  ]);
  expect(
    await k.rows(
      sql`select count(*)::int as n from audit_log where action = 'stock.draft-post' and entity_id = ${String(id)}`,
    ),
  ).toEqual([{ n: 1 }]);
  // Stock still equals the sum of its movements.
  const [sum] = await k.rows<{ n: number }>(
    sql`select coalesce(sum(delta), 0)::int as n from stock_movements where offer_id = ${a} and store_id = ${k.stores.online}`,
  );
  expect(sum?.n).toBe(3);
});

it('50 posted-at-once calls with one idempotencyKey at once make one document and change stock once', async () => {
  const offer = offers[2] as number;
  const body = {
    kind: 'receipt',
    storeId: k.stores.online,
    reason: 'Повтор запроса',
    lines: [{ offerId: offer, quantity: 5 }],
    idempotencyKey: 'race-receipt-0001',
  };
  const answers = await Promise.all(
    Array.from({ length: 50 }, () =>
      merch.call(STAFF_API.stockDocuments, body).then(async (r) => ({ status: r.status, body: await json(r) })),
    ),
  );
  expect(new Set(answers.map((x) => x.status))).toEqual(new Set([200]));
  const ids = new Set(answers.map((x) => x.body.data.document.id));
  expect(ids.size).toBe(1);
  expect(
    await k.rows(sql`select count(*)::int as n from stock_documents where idempotency_key = 'race-receipt-0001'`),
  ).toEqual([{ n: 1 }]);
  expect(await qty(offer)).toBe(5);
  for (const x of answers)
    expect(x.body.data.document.lines).toEqual([{ offerId: offer, quantity: 5, before: 0, after: 5 }]);
  expect(
    await k.rows(
      sql`select count(*)::int as n from audit_log where entity = 'stock_document' and entity_id = ${String([...ids][0])}`,
    ),
  ).toEqual([{ n: 1 }]);
});
