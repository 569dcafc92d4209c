import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { ignorePoolErrorsOnClose } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff, loggedInStaff, type staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 47.4: stock documents as staff make them — a draft whose lines are scanned (a barcode) or typed (an article:
 * its sizes), edited, posted once (a second posting is refused with nothing changed), an idempotent posted-at-once
 * call, the list's filters and a shop's staff kept to their own shop.
 */

type Browser = Awaited<ReturnType<typeof staffBrowser>>;
type Envelope = { data: any; errors?: { code: string; message: string }[] };
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
let merch: Browser;
let merch2: Browser;
let shop: Browser;
/** Products of the demo catalogue (not 1C's) with at least three sizes, each with a barcode. */
let products: { id: number; article: string; offers: { id: number; barcode: string; size: string }[] }[];
let next = 0;

const json = async (res: Response) => (await res.json()) as Envelope;
const path = (p: string, id: number) => p.replace(':id', String(id));

beforeAll(async () => {
  app = await createTestApp();
  ignorePoolErrorsOnClose(app.database.db);
  k = await checkoutKit(app);
  await addStaff(app, { email: 'docs-merch@vyuga.test', role: 'merchandiser' });
  await addStaff(app, { email: 'docs-merch2@vyuga.test', role: 'merchandiser' });
  await addStaff(app, { email: 'docs-shop@vyuga.test', role: 'shop', shopId: k.stores.shop });
  [merch, merch2, shop] = await Promise.all([
    loggedInStaff(app, 'docs-merch@vyuga.test'),
    loggedInStaff(app, 'docs-merch2@vyuga.test'),
    loggedInStaff(app, 'docs-shop@vyuga.test'),
  ]);
  const rows = await k.rows<{ product_id: number; article: string; id: number; barcode: string; size_name: string }>(
    sql`select p.id as product_id, p.article, o.id, o.barcode, o.size_name from products p join offers o on o.product_id = p.id
      where o.barcode is not null and not exists (select 1 from exchange_variants v where v.product_id = p.id)
        and (select count(*) from offers x where x.product_id = p.id) >= 3
      order by p.id, o.size_sort, o.id`,
  );
  const byProduct = new Map<number, (typeof products)[number]>();
  for (const r of rows) {
    const p = byProduct.get(Number(r.product_id)) ?? { id: Number(r.product_id), article: r.article, offers: [] };
    p.offers.push({ id: Number(r.id), barcode: r.barcode, size: r.size_name });
    byProduct.set(p.id, p);
  }
  products = [...byProduct.values()].filter((p) => p.offers.length >= 3);
});
afterAll(() => app.close());

/** A product no test has had, its stock emptied everywhere. */
async function freshProduct() {
  const p = products[next++];
  if (!p) throw new Error('the demo catalogue ran out of products with sizes');
  await k.rows(sql`delete from stock where offer_id in (select id from offers where product_id = ${p.id})`);
  return p;
}

const qty = async (offerId: number, storeId: number) =>
  Number(
    (
      await k.rows<{ quantity: number }>(
        sql`select quantity from stock where offer_id = ${offerId} and store_id = ${storeId}`,
      )
    )[0]?.quantity ?? 0,
  );
const setQty = (offerId: number, storeId: number, quantity: number) =>
  k.rows(sql`insert into stock (offer_id, store_id, quantity) values (${offerId}, ${storeId}, ${quantity})
    on conflict (offer_id, store_id) do update set quantity = excluded.quantity`);

async function draft(b: Browser, body: Record<string, unknown>) {
  const res = await b.call(STAFF_API.stockDrafts, body);
  const out = await json(res);
  expect(res.status, JSON.stringify(out)).toBe(200);
  return out.data.document as { id: number; status: string };
}

const scan = (b: Browser, id: number, code: string, quantity?: number) =>
  b.call(path(STAFF_API.stockDocumentScan, id), quantity === undefined ? { code } : { code, quantity });
const card = async (b: Browser, id: number) => json(await b.get(path(STAFF_API.stockDocument, id)));
const sizesOf = (doc: any) => doc.products.flatMap((p: any) => p.sizes) as any[];

describe('a draft, scanned and typed, posted once', () => {
  it('scans barcodes and an article into a size grid, saves, posts once; a second posting is refused', async () => {
    const p = await freshProduct();
    const [a, b, c] = p.offers as [(typeof p.offers)[0], (typeof p.offers)[0], (typeof p.offers)[0]];
    const doc = await draft(merch, { kind: 'receipt', storeId: k.stores.online });
    expect(doc.status).toBe('draft');
    // Scanning a barcode twice counts two of its size; a typed quantity adds that many.
    expect((await scan(merch, doc.id, a.barcode)).status).toBe(200);
    const twice = await json(await scan(merch, doc.id, a.barcode));
    expect(twice.data.added).toEqual([{ offerId: a.id, quantity: 2 }]);
    await scan(merch, doc.id, b.barcode, 5);
    // The grid shows every size of the product: the ones not scanned are empty.
    let shown = (await card(merch, doc.id)).data.document;
    expect(shown.products).toHaveLength(1);
    expect(shown.products[0]).toMatchObject({ productId: p.id, article: p.article });
    expect(sizesOf(shown).map((s) => [s.offerId, s.quantity])).toEqual(
      p.offers.map((o) => [o.id, o.id === a.id ? 2 : o.id === b.id ? 5 : null]),
    );
    // Typing the article adds the sizes not in the document yet, at 0; the scanned ones keep their count.
    const typed = await json(await scan(merch, doc.id, p.article.toLowerCase()));
    expect(typed.data.added.map((x: { offerId: number }) => x.offerId)).toContain(c.id);
    shown = typed.data.document;
    expect(sizesOf(shown).find((s) => s.offerId === c.id)?.quantity).toBe(0);
    expect(sizesOf(shown).find((s) => s.offerId === a.id)?.quantity).toBe(2);
    // The grid saved: a reason, c set to 3, b emptied (leaves the document).
    const saved = await merch.call(path(STAFF_API.stockDocument, doc.id), {
      reason: 'Поставка по накладной 17',
      lines: [
        { offerId: b.id, quantity: '' },
        { offerId: c.id, quantity: '3' },
      ],
    });
    expect(saved.status, JSON.stringify(await saved.clone().json())).toBe(200);
    shown = (await json(saved)).data.document;
    expect(shown.reason).toBe('Поставка по накладной 17');
    expect(
      sizesOf(shown)
        .filter((s) => s.quantity !== null)
        .map((s) => [s.offerId, s.quantity]),
    ).toEqual(
      expect.arrayContaining([
        [a.id, 2],
        [c.id, 3],
      ]),
    );
    expect(sizesOf(shown).find((s) => s.offerId === b.id)?.quantity).toBeNull();
    // Nothing in stock moved while it was a draft.
    expect(await qty(a.id, k.stores.online)).toBe(0);

    const posted = await merch.call(path(STAFF_API.stockDocumentPost, doc.id), {});
    const body = await json(posted);
    expect(posted.status, JSON.stringify(body)).toBe(200);
    expect(body.data.document).toMatchObject({
      status: 'posted',
      statusTitle: 'Проведён',
      postedBy: { email: 'docs-merch@vyuga.test' },
    });
    expect(body.data.document.postedAt).toEqual(expect.any(String));
    expect(await qty(a.id, k.stores.online)).toBe(2);
    expect(await qty(c.id, k.stores.online)).toBe(3);
    expect(await qty(b.id, k.stores.online)).toBe(0);
    // A posted document shows what it posted: the sizes with a quantity, before and after.
    expect(
      sizesOf(body.data.document)
        .map((s) => [s.offerId, s.expected, s.quantity, s.after])
        .sort((x, y) => x[0] - y[0]),
    ).toEqual(
      [
        [a.id, 0, 2, 2],
        [c.id, 0, 3, 3],
      ].sort((x, y) => (x[0] as number) - (y[0] as number)),
    );

    // Posting again, editing, scanning or deleting a posted document: 409, in Russian, and nothing moves.
    for (const res of [
      await merch.call(path(STAFF_API.stockDocumentPost, doc.id), {}),
      await merch.call(path(STAFF_API.stockDocument, doc.id), { lines: [{ offerId: a.id, quantity: 9 }] }),
      await scan(merch, doc.id, a.barcode),
      await merch.call(path(STAFF_API.stockDocumentDelete, doc.id), {}),
    ]) {
      expect(res.status).toBe(409);
      const refused = await json(res);
      expect(refused.errors?.[0]).toMatchObject({ code: 'STOCK_DOCUMENT_POSTED' });
      expect(refused.errors?.[0]?.message).toBe(
        `Документ №${doc.id} уже проведён — провести, изменить или удалить его нельзя.`,
      );
    }
    expect(await qty(a.id, k.stores.online)).toBe(2);
    const movements = await k.rows<{ n: number }>(
      sql`select count(*)::int as n from stock_movements where document_id = ${doc.id}`,
    );
    expect(movements[0]?.n).toBe(2);
    const audit = await k.rows<{ action: string }>(
      sql`select action from audit_log where entity = 'stock_document' and entity_id = ${String(doc.id)} order by id`,
    );
    expect(audit.map((r) => r.action)).toEqual([
      'stock.draft-create',
      'stock.draft-update',
      'stock.draft-update',
      'stock.draft-update',
      'stock.draft-update',
      'stock.draft-update',
      'stock.draft-post',
    ]);
  });

  it('a count shows what the store has beside what was counted before it is posted, then sets the counted', async () => {
    const p = await freshProduct();
    const [a, b] = p.offers as [(typeof p.offers)[0], (typeof p.offers)[0]];
    await setQty(a.id, k.stores.online, 7);
    await setQty(b.id, k.stores.online, 2);
    const doc = await draft(merch, { kind: 'stocktake', storeId: k.stores.online, reason: 'Пересчёт зала' });
    await merch.call(path(STAFF_API.stockDocument, doc.id), {
      lines: [
        { offerId: a.id, quantity: 5 },
        { offerId: b.id, quantity: 4 },
      ],
    });
    const shown = (await card(merch, doc.id)).data.document;
    expect(sizesOf(shown).find((s) => s.offerId === a.id)).toMatchObject({ expected: 7, quantity: 5, difference: -2 });
    expect(sizesOf(shown).find((s) => s.offerId === b.id)).toMatchObject({ expected: 2, quantity: 4, difference: 2 });
    expect(shown.totals.difference).toBe(0);
    expect(await qty(a.id, k.stores.online)).toBe(7);
    expect((await merch.call(path(STAFF_API.stockDocumentPost, doc.id), {})).status).toBe(200);
    expect(await qty(a.id, k.stores.online)).toBe(5);
    expect(await qty(b.id, k.stores.online)).toBe(4);
  });

  it('refuses an unknown code, an empty draft, a draft without a reason; deletes a draft', async () => {
    const p = await freshProduct();
    const doc = await draft(merch, { kind: 'writeoff', storeId: k.stores.online });
    const unknown = await scan(merch, doc.id, '0000000000000');
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).errors?.[0]?.message).toMatch(/^Штрихкод или артикул «0000000000000» не найден/);
    const noReason = await merch.call(path(STAFF_API.stockDocumentPost, doc.id), {});
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).errors?.[0]?.message).toBe('Укажите причину документа и сохраните его.');
    const empty = await merch.call(path(STAFF_API.stockDocumentPost, doc.id), { reason: 'Брак' });
    expect(empty.status).toBe(400);
    expect((await json(empty)).errors?.[0]?.message).toBe('В документе нет ни одной строки с количеством.');
    // A write-off of more than the store has is refused at posting, and the draft stays a draft.
    await scan(merch, doc.id, (p.offers[0] as { barcode: string }).barcode);
    const below = await merch.call(path(STAFF_API.stockDocumentPost, doc.id), { reason: 'Брак' });
    expect(below.status).toBe(409);
    expect((await card(merch, doc.id)).data.document.status).toBe('draft');
    for (const bad of [{ code: '' }, { code: 'x'.repeat(101) }, { code: '1', quantity: 0 }]) {
      const res = await merch.call(path(STAFF_API.stockDocumentScan, doc.id), bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect((await json(res)).errors?.[0]?.message).toMatch(/[А-Яа-я]/);
    }
    expect((await merch.call(STAFF_API.stockDrafts, { kind: 'transfer', storeId: k.stores.online })).status).toBe(400);
    expect((await merch.call(path(STAFF_API.stockDocumentDelete, doc.id), {})).status).toBe(200);
    expect((await card(merch, doc.id)).errors?.[0]?.code).toBe('STOCK_DOCUMENT_NOT_FOUND');
    expect((await merch.get(path(STAFF_API.stockDocument, 999_999_999))).status).toBe(404);
    expect((await merch.get('/api/v2/admin/stock/documents/abc/')).status).toBe(404);
    // The document's page as well: an address no document can have is «not found», not a failure.
    for (const id of ['abc', '99999999999', '~'])
      expect((await merch.get(`/admin/stock/documents/${id}/`)).status, id).toBe(404);
  });
  it('a posted receipt wakes the «Сообщить о поступлении» subscribers of its size at once', async () => {
    const p = await freshProduct();
    const offer = p.offers[0] as { id: number; barcode: string };
    const [alert] = await k.rows<{ id: number }>(
      sql`insert into stock_alerts (offer_id, product_id, channel, address, state, token, confirmed_at)
        values (${offer.id}, ${p.id}, 'email', 'docs.alert@example.ru', 'active', ${`docs-alert-${p.id}`}, now())
        returning id`,
    );
    const doc = await draft(merch, { kind: 'receipt', storeId: k.stores.online, reason: 'Поставка для подписчиков' });
    await scan(merch, doc.id, offer.barcode, 2);
    expect((await merch.call(path(STAFF_API.stockDocumentPost, doc.id), {})).status).toBe(200);
    await vi.waitFor(
      async () =>
        expect(
          (await k.rows<{ state: string }>(sql`select state from stock_alerts where id = ${alert?.id}`))[0]?.state,
        ).toBe('sent'),
      { timeout: 5000 },
    );
  });
});

describe('the posted-at-once call', () => {
  it('keeps its shape, and the same idempotencyKey posts one document however often it is sent', async () => {
    const p = await freshProduct();
    const offer = p.offers[0] as { id: number };
    const body = {
      kind: 'receipt',
      storeId: k.stores.online,
      reason: 'Поставка с ключом',
      lines: [{ offerId: offer.id, quantity: 4 }],
      idempotencyKey: `receipt-${p.id}-once`,
    };
    const first = await json(await merch.call(STAFF_API.stockDocuments, body));
    expect(first.data.document).toMatchObject({ kind: 'receipt', lines: [{ offerId: offer.id, before: 0, after: 4 }] });
    const again = await Promise.all(Array.from({ length: 5 }, () => merch.call(STAFF_API.stockDocuments, body)));
    for (const res of again) {
      expect(res.status).toBe(200);
      expect((await json(res)).data.document).toEqual(first.data.document);
    }
    expect(await qty(offer.id, k.stores.online)).toBe(4);
    const audit = await k.rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity = 'stock_document' and entity_id = ${String(first.data.document.id)}`,
    );
    expect(audit[0]?.n).toBe(1);
    // Another key is another document; a bad key is refused.
    const other = await json(
      await merch.call(STAFF_API.stockDocuments, { ...body, idempotencyKey: `receipt-${p.id}-two` }),
    );
    expect(other.data.document.id).not.toBe(first.data.document.id);
    expect(await qty(offer.id, k.stores.online)).toBe(8);
    const bad = await merch.call(STAFF_API.stockDocuments, { ...body, idempotencyKey: 'короткий' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors?.[0]?.message).toMatch(/^idempotencyKey — /);
  });
});

describe('the list and the scope', () => {
  it('filters by kind, store, author, status and days; a shop member sees only their shop', async () => {
    const p = await freshProduct();
    const offer = p.offers[0] as { id: number; barcode: string };
    const mine = await draft(merch2, { kind: 'stocktake', storeId: k.stores.shop, reason: 'Счёт магазина' });
    const theirs = await draft(merch2, { kind: 'writeoff', storeId: k.stores.online, reason: 'Склад' });
    const posted = await json(
      await merch2.call(STAFF_API.stockDocuments, {
        kind: 'receipt',
        storeId: k.stores.shop,
        reason: 'В магазин',
        lines: [{ offerId: offer.id, quantity: 1 }],
      }),
    );
    const ids = async (b: Browser, query: string) => {
      const res = await b.get(`${STAFF_API.stockDocuments}?${query}`);
      const out = await json(res);
      expect(res.status, JSON.stringify(out)).toBe(200);
      return (out.data.items as { id: number }[]).map((d) => d.id);
    };
    const [author] = await k.rows<{ id: number }>(sql`select id from staff where email = 'docs-merch2@vyuga.test'`);
    const by = `staffId=${author?.id}`;
    expect(await ids(merch, by)).toEqual([posted.data.document.id, theirs.id, mine.id]);
    expect(await ids(merch, `${by}&kind=stocktake`)).toEqual([mine.id]);
    expect(await ids(merch, `${by}&storeId=${k.stores.online}`)).toEqual([theirs.id]);
    expect(await ids(merch, `${by}&status=posted`)).toEqual([posted.data.document.id]);
    expect(await ids(merch, `${by}&status=draft&storeId=${k.stores.shop}`)).toEqual([mine.id]);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Moscow' }).format(new Date());
    expect(await ids(merch, `${by}&from=${today}&to=${today}`)).toHaveLength(3);
    expect(await ids(merch, `${by}&to=2020-01-01`)).toEqual([]);
    const list = await json(await merch.get(`${STAFF_API.stockDocuments}?${by}`));
    expect(list.data).toMatchObject({ total: 3, page: 1, pages: 1 });
    expect(list.data.authors).toEqual(expect.arrayContaining([{ id: author?.id, email: 'docs-merch2@vyuga.test' }]));
    expect(list.data.items[0]).toMatchObject({
      kindTitle: 'Поступление',
      statusTitle: 'Проведён',
      lines: 1,
      quantity: 1,
    });
    for (const bad of ['kind=sale', 'from=вчера', 'status=maybe', 'storeId=x']) {
      const res = await merch.get(`${STAFF_API.stockDocuments}?${bad}`);
      expect(res.status, bad).toBe(400);
      expect((await json(res)).errors?.[0]?.message).toMatch(/[А-Яа-я]/);
    }

    // A shop's staff: their shop's documents only; another shop's are «not found», its list and drafts refused.
    expect(await ids(shop, by)).toEqual([posted.data.document.id, mine.id]);
    expect((await shop.get(`${STAFF_API.stockDocuments}?storeId=${k.stores.online}`)).status).toBe(403);
    expect((await shop.get(path(STAFF_API.stockDocument, theirs.id))).status).toBe(404);
    expect((await shop.get(path(STAFF_API.stockDocument, mine.id))).status).toBe(200);
    for (const res of [
      await shop.call(path(STAFF_API.stockDocumentPost, theirs.id), {}),
      await shop.call(path(STAFF_API.stockDocument, theirs.id), { reason: 'чужой' }),
      await scan(shop, theirs.id, offer.barcode),
      await shop.call(path(STAFF_API.stockDocumentDelete, theirs.id), {}),
    ]) {
      expect(res.status).toBe(404);
      expect((await json(res)).errors?.[0]?.code).toBe('STOCK_DOCUMENT_NOT_FOUND');
    }
    expect((await shop.call(STAFF_API.stockDrafts, { kind: 'receipt', storeId: k.stores.online })).status).toBe(403);
    expect((await card(merch, theirs.id)).data.document.status).toBe('draft');
    // Their own shop's draft they count and post.
    await scan(shop, mine.id, offer.barcode, 2);
    expect((await shop.call(path(STAFF_API.stockDocumentPost, mine.id), {})).status).toBe(200);
    expect(await qty(offer.id, k.stores.shop)).toBe(2);
  });
});
