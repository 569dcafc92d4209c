import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writePackage } from '../../server/exchange/commerceml/write-package';
import { bootstrapStaff } from '../../server/staff-bootstrap';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { onecClient } from '../support/onec-client';
import { createTestApp, type TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): its pool runs the orders and the imports side by side.
const credentials = { login: '1c-race', password: 'остатки-наперегонки' };
const COUNT_1C = 100;
let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
let offer: OfferFacts;
let storeCode: string;

beforeAll(async () => {
  app = await createTestApp({
    ORDERS_PER_PHONE_DAY: '100',
    WRITE_LIMIT_PER_SESSION: '1000',
    WRITE_LIMIT_PER_CLIENT: '1000',
    EXCHANGE_STEP_SECONDS: '60',
  });
  ignorePoolErrorsOnClose(app.database.db);
  await bootstrapStaff({
    services: app.services,
    settings: { EXCHANGE_LOGIN: credentials.login, EXCHANGE_PASSWORD: credentials.password },
    log: { info() {}, warn() {} },
  });
  k = await checkoutKit(app);
  offer = (await offerFacts(app.database.db)).find((o) => !o.restricted) as OfferFacts;
  // The shop's orders from the first shop take the size from the movement store, which brings it over.
  await k.stockOf(offer, 0, COUNT_1C);
  const [store] = await k.rows<{ code: string }>(sql`select code from stores where id = ${k.stores.movement}`);
  storeCode = String(store?.code);
  // The seed's offer becomes 1C's: the import writes its stock.
  await app.database.db.execute(sql`insert into exchange_products
      (onec_id, model_id, name, article, description, section_id, brand_id, color_code, props, images)
    select 'race-p', p.model_id, p.name, p.article, p.description, p.section_id, p.brand_id, p.color_code, p.props, '{}'
    from products p join offers o on o.product_id = p.id where o.id = ${offer.id}`);
  await app.database.db.execute(sql`insert into exchange_variants (onec_product_id, color_code, product_id)
    select 'race-p', p.color_code, p.id from products p join offers o on o.product_id = p.id where o.id = ${offer.id}`);
  await app.database.db.execute(sql`insert into exchange_offers (onec_id, offer_id) values ('race-p#x', ${offer.id})`);
});
afterAll(() => app.close());

/** A whole 1C session that says the movement store holds `COUNT_1C` of the offer. */
async function importStock() {
  const [row] = await k.rows<{ size_name: string; price: number }>(
    sql`select size_name, price::int as price from offers where id = ${offer.id}`,
  );
  const { offersXml } = writePackage({
    changesOnly: true,
    priceTypes: [{ id: 'pt', name: 'Розничная', currency: 'RUB' }],
    warehouses: [{ id: storeCode, name: 'Склад перемещений' }],
    offers: [
      {
        id: 'race-p#x',
        name: null,
        characteristics: [{ name: 'Размер', value: String(row?.size_name) }],
        prices: [{ priceTypeId: 'pt', kopecks: Number(row?.price), currency: 'RUB' }],
        quantity: COUNT_1C,
        stock: [{ warehouseId: storeCode, quantity: COUNT_1C }],
        deleted: false,
      },
    ],
  });
  const onec = onecClient(app, 'catalog', credentials);
  expect((await onec.checkauth()).lines[0]).toBe('success');
  await onec.send('init');
  await onec.upload('offers.xml', offersXml, 1);
  const answers = await onec.importFile('offers.xml');
  expect(answers.at(-1)?.lines[0], answers.at(-1)?.lines.join('\n')).toBe('success');
}

it('50 orders of a size while 1C writes its stock: the stock is always 1C’s count less what the orders hold', async () => {
  const shoppers = [];
  for (let i = 0; i < 50; i++) shoppers.push(await k.quickShopper(offer, 1));
  // The orders come one every 40 ms; 1C's sessions run one after another until 40 of them are answered, so orders
  // are taken both while an import writes and after the last one: a unit an import overwrote would stay wrong.
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  let answered = 0;
  const orders = Promise.all(
    shoppers.map(async ({ v, phone }, i) => {
      await pause(i * 40);
      const body = await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json();
      answered++;
      return body;
    }),
  );
  const imports = (async () => {
    while (answered < 40) await importStock();
  })();
  const [saved] = await Promise.all([orders, imports]);
  const placed = (saved as { id?: number }[]).filter((s) => s.id).length;
  expect(placed).toBeGreaterThan(0);
  const [state] = await k.rows<{ stock: number; held: number }>(sql`select
      (select coalesce(sum(quantity), 0)::int from stock where offer_id = ${offer.id} and store_id = ${k.stores.movement})
        as stock,
      (select coalesce(sum(os.quantity), 0)::int from order_stock os join orders o on o.id = os.order_id
        where os.offer_id = ${offer.id} and os.store_id = ${k.stores.movement} and o.status not in ('cancelled', 'returned'))
        as held`);
  expect(state?.held).toBe(placed);
  expect(state?.stock).toBe(COUNT_1C - placed);
});
