// Over 400 lines because its cases share one seeded app and its fixtures: one feature's behaviour, end to end.
import { type SQL, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import type { OfferRecord } from '../../domain/exchange/records';
import { type CataloguePackage, writePackage } from '../../server/exchange/commerceml/write-package';
import { bootstrapStaff } from '../../server/staff-bootstrap';
import { offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { type OnecAnswer, onecClient, zipOf } from '../support/onec-client';
import { createTestApp, type TestApp } from '../support/test-app';

const credentials = { login: '1c-catalogue', password: 'каталог-из-1с-2026' };
let app: TestApp;
let shops: { id: number; code: string; name: string }[];
let photo: Buffer;
let photo2: Buffer;

const rows = <T>(query: SQL) => queryRows<T>(app.database.db, query);

beforeAll(async () => {
  // Each `import` step writes one batch: a long file goes in `progress` steps.
  app = await createTestApp({ EXCHANGE_STEP_SECONDS: '0', PHONE_CODES_PER_CLIENT: '10000' });
  await bootstrapStaff({
    services: app.services,
    settings: { EXCHANGE_LOGIN: credentials.login, EXCHANGE_PASSWORD: credentials.password },
    log: { info() {}, warn() {} },
  });
  shops = (
    await rows<{ id: number; code: string; name: string }>(
      sql`select id, code, name from stores where type = 'shop' order by id limit 2`,
    )
  ).map((s) => ({ ...s, id: Number(s.id) }));
  const image = (r: number) =>
    sharp({ create: { width: 60, height: 80, channels: 3, background: { r, g: 90, b: 120 } } })
      .jpeg()
      .toBuffer();
  [photo, photo2] = await Promise.all([image(30), image(200)]);
});
afterAll(() => app.close());

type OfferSpec = Omit<OfferRecord, 'kind' | 'productId' | 'characteristicId'>;

const offer = (
  id: string,
  size: string,
  color: string,
  retail: number,
  stock: [string, number][],
  old?: number,
): OfferSpec => ({
  id,
  name: null,
  characteristics: [
    { name: 'Размер', value: size },
    { name: 'Цвет', value: color },
  ],
  prices: [
    { priceTypeId: 'pt-retail', kopecks: retail, currency: 'RUB' },
    { priceTypeId: 'pt-wholesale', kopecks: 100, currency: 'RUB' },
    ...(old ? [{ priceTypeId: 'pt-old', kopecks: old, currency: 'RUB' }] : []),
  ],
  quantity: stock.reduce((s, [, q]) => s + q, 0),
  stock: stock.map(([warehouseId, quantity]) => ({ warehouseId, quantity })),
  deleted: false,
});

/** A package as 1C writes it: two groups, properties with dictionaries, three models, sizes in two colours. */
function basePackage(): CataloguePackage {
  const [a, b] = shops.map((s) => s.code) as [string, string];
  return {
    groups: [
      { id: 'g-root', name: 'Одежда из 1С', parentId: null, deleted: false },
      { id: 'g-parkas', name: 'Парки зимние', parentId: 'g-root', deleted: false },
    ],
    properties: [
      { id: 'p-brand', name: 'Бренд', values: [{ id: 'b-1', value: 'Полярная звезда' }], deleted: false },
      {
        id: 'p-fill',
        name: 'Утеплитель',
        values: [
          { id: 'f-down', value: 'Пух' },
          { id: 'f-syn', value: 'Синтепон' },
        ],
        deleted: false,
      },
      { id: 'p-season', name: 'Сезон', values: [], deleted: false },
    ],
    products: [
      {
        id: 'm-1',
        name: 'Парка «Тайга»',
        article: 'TG-100',
        description: 'Тёплая парка с капюшоном.',
        groupIds: ['g-parkas'],
        properties: [
          { propertyId: 'p-brand', value: 'b-1', valueId: 'b-1' },
          { propertyId: 'p-fill', value: 'f-down', valueId: 'f-down' },
          { propertyId: 'p-season', value: 'Зима', valueId: null },
        ],
        requisites: [{ name: 'ВидНоменклатуры', value: 'Товар' }],
        images: ['import_files/m1/main.jpg', 'import_files/m1/back.jpg'],
        deleted: false,
      },
      {
        id: 'm-2',
        name: 'Парка «Тундра»',
        article: 'TN-200',
        description: '',
        groupIds: ['g-parkas'],
        properties: [{ propertyId: 'p-fill', value: 'f-syn', valueId: 'f-syn' }],
        requisites: [],
        images: [],
        deleted: false,
      },
      {
        id: 'm-3',
        name: 'Парка «Снятая»',
        article: 'SN-300',
        description: '',
        groupIds: ['g-parkas'],
        properties: [],
        requisites: [],
        images: [],
        deleted: true,
      },
    ],
    priceTypes: [
      { id: 'pt-retail', name: 'Розничная', currency: 'RUB' },
      { id: 'pt-wholesale', name: 'Оптовая', currency: 'RUB' },
      { id: 'pt-old', name: 'Старая цена', currency: 'RUB' },
    ],
    warehouses: [
      { id: a, name: 'Магазин А' },
      { id: b, name: 'Магазин Б' },
      { id: 'w-far', name: 'Склад в Подольске' },
    ],
    offers: [
      offer(
        'm-1#s-black',
        '48',
        'Чёрный',
        1_299_000,
        [
          [a, 2],
          [b, 1],
        ],
        1_599_000,
      ),
      offer('m-1#m-black', '50', 'Чёрный', 1_299_000, [[a, 1]], 1_599_000),
      offer('m-1#s-sand', '48', 'Песочный', 1_349_000, [[b, 4]]),
      offer('m-2#one', '52', 'Чёрный', 899_000, [
        [a, 0],
        [b, 3],
      ]),
    ],
  };
}

async function session(files: { name: string; data: Buffer }[], options: { zip?: boolean } = {}) {
  const onec = onecClient(app, 'catalog', credentials);
  expect((await onec.checkauth()).lines[0]).toBe('success');
  await onec.send('init');
  const uploads = options.zip
    ? [{ name: 'package.zip', data: zipOf(files.map((f) => ({ ...f, deflate: true }))) }]
    : files;
  for (const f of uploads) for (const a of await onec.upload(f.name, f.data, 2)) expect(a.lines[0]).toBe('success');
  const answers: OnecAnswer[] = [];
  for (const f of files.filter((f) => f.name.endsWith('.xml'))) answers.push(...(await onec.importFile(f.name)));
  answers.push(await onec.send('deactivate'), await onec.send('complete'));
  return { onec, answers, last: (name: string) => answers.filter((a) => a.lines[1]?.includes(name)).at(-1) };
}

const packageFiles = (pkg: CataloguePackage, encoding: 'utf-8' | 'windows-1251' = 'utf-8') => {
  const { importXml, offersXml } = writePackage(pkg, { encoding });
  return [
    { name: 'import.xml', data: importXml },
    { name: 'offers.xml', data: offersXml },
    { name: 'import_files/m1/main.jpg', data: photo },
    { name: 'import_files/m1/back.jpg', data: photo2 },
  ];
};

interface VariantRow {
  id: number;
  name: string;
  url: string;
  color_code: string;
  min_price: number;
  old_price: number | null;
  discount_percent: number;
  active: boolean;
  props: Record<string, string>;
  brand: string;
  model_id: number;
}

const variants = async () =>
  (
    await rows<VariantRow>(sql`select p.id, p.name, p.url, p.color_code, p.min_price, p.old_price, p.discount_percent,
      p.active, p.props, b.name as brand, p.model_id
    from exchange_variants v join products p on p.id = v.product_id join brands b on b.id = p.brand_id
    order by v.onec_product_id, p.color_code`)
  ).map((v) => ({
    ...v,
    min_price: Number(v.min_price),
    old_price: v.old_price === null ? null : Number(v.old_price),
    model_id: Number(v.model_id),
  }));

const stockOf = (onecOffer: string) =>
  rows<{
    store: string;
    quantity: number;
  }>(sql`select st.code as store, k.quantity::int as quantity from exchange_offers x
    join stock k on k.offer_id = x.offer_id join stores st on st.id = k.store_id
    where x.onec_id = ${onecOffer} order by st.code`);

/** Every catalogue row's version: an import that changes nothing rewrites none of them. */
const versions = () =>
  rows<{ v: string }>(sql`select string_agg(xmin::text, ',' order by t, id) as v from (
    select 'p' as t, id, xmin from products union all select 'o', id, xmin from offers
    union all select 's', offer_id * 1000 + store_id, xmin from stock
    union all select 'i', id, xmin from product_images) x`);

describe('1C catalogue import', () => {
  it('a full package: sections, colour variants with sizes, prices by type, stock by shop, photos, live pages', async () => {
    const listingBefore = await app.fetch('/catalog/');
    expect(listingBefore.status).toBeLessThan(500);
    const { answers } = await session(packageFiles(basePackage(), 'windows-1251'));
    for (const a of answers) expect(a.lines[0], a.lines.join('\n')).toBe('success');

    const sections = await rows<{ url: string; name: string; gender: string | null }>(
      sql`select s.url, s.name, s.gender from exchange_sections x join sections s on s.id = x.section_id order by s.depth`,
    );
    expect(sections.map((s) => s.name)).toEqual(['Одежда из 1С', 'Парки зимние']);
    expect(sections[1]?.url).toBe('/catalog/odezhda-iz-1s/parki-zimnie/');

    const list = await variants();
    // m-1 in black and sand, m-2 in black; the deleted m-3 has no offers, so no variant.
    expect(list.map((v) => [v.name, v.color_code, v.min_price, v.old_price, v.discount_percent, v.active])).toEqual([
      ['Парка «Тайга»', 'black', 1_299_000, 1_599_000, 19, true],
      ['Парка «Тайга»', expect.any(String), 1_349_000, null, 0, true],
      ['Парка «Тундра»', 'black', 899_000, null, 0, true],
    ]);
    expect(list[0]?.model_id).toBe(list[1]?.model_id);
    expect(list[0]?.model_id).not.toBe(list[2]?.model_id);
    expect(list[0]?.brand).toBe('Полярная звезда');
    expect(list[0]?.props).toEqual({ insulation: 'down', season: 'winter' });
    expect(list[2]?.brand).toBe('Без бренда');

    const [a, b] = shops.map((s) => s.code) as [string, string];
    expect(await stockOf('m-1#s-black')).toEqual(
      [
        { store: a, quantity: 2 },
        { store: b, quantity: 1 },
      ].sort((x, y) => x.store.localeCompare(y.store)),
    );
    expect(await stockOf('m-2#one')).toEqual([{ store: b, quantity: 3 }]);

    const sizes = await rows<{ size_name: string }>(sql`select o.size_name from offers o
      where o.product_id = ${list[0]?.id} order by o.size_sort`);
    expect(sizes.map((s) => s.size_name)).toEqual(['48', '50']);

    // The photos went through the image pipeline: stored by content, served in sizes.
    const images = await rows<{ file: string }>(
      sql`select file from product_images where product_id = ${list[0]?.id} order by sort`,
    );
    expect(images).toHaveLength(2);
    expect((await app.fetch(`/images/source/${images[0]?.file}`)).status).toBe(200);

    // The pages show it at once: product page, section listing, search.
    const page = await (await app.fetch(list[0]?.url as string)).text();
    expect(page).toContain('Парка «Тайга»');
    expect(page).toMatch(/12\s990/);
    const listing = await (await app.fetch('/catalog/odezhda-iz-1s/parki-zimnie/')).text();
    expect(listing).toContain('Парка «Тундра»');
  });

  it('the same package again changes nothing: no row rewritten, every count zero', async () => {
    const before = await versions();
    const { answers } = await session(packageFiles(basePackage()), { zip: true });
    // The first `import` unpacks the zip (`progress`); the rest succeed.
    expect(answers.map((a) => a.lines[0])).toEqual(['progress', 'success', 'success', 'success', 'success']);
    const texts = answers.map((a) => a.lines.join(' ')).join('\n');
    expect(texts).toContain('товаров +0/~0/−0, предложений +0/~0, цен ~0, остатков ~0/−0');
    expect(await versions()).toEqual(before);
  });

  it('a product the staff unpublished stays out of sale through the next exchange', async () => {
    const [first] = await variants();
    await app.database.db.execute(sql`update products set unpublished = true, active = false where id = ${first?.id}`);
    const renamed = basePackage();
    renamed.products = [...(renamed.products ?? [])].map((p, i) =>
      i === 0 ? { ...p, description: 'Тёплая парка с капюшоном и мембраной.' } : p,
    );
    await session(packageFiles(renamed));
    const after = (await variants()).find((v) => v.id === first?.id);
    expect(after?.active).toBe(false);
    await app.database.db.execute(sql`update products set unpublished = false, active = true where id = ${first?.id}`);
    await session(packageFiles(basePackage()));
  });

  it('a changes-only package changes what it names and removes nothing', async () => {
    const pkg = basePackage();
    const [a] = shops.map((s) => s.code) as [string];
    const delta: CataloguePackage = {
      ...pkg,
      changesOnly: true,
      groups: [],
      products: [],
      offers: [offer('m-2#one', '52', 'Чёрный', 799_000, [[a, 5]])],
    };
    const url = (await variants())[2]?.url as string;
    // The page is cached before the change: the import's tags must drop it.
    expect(await (await app.fetch(url)).text()).toMatch(/8\s990/);
    expect((await app.fetch(url)).headers.get('x-cache')).toMatch(/hit/i);
    const { answers } = await session(packageFiles(delta).filter((f) => f.name === 'offers.xml'));
    for (const a of answers) expect(a.lines[0]).toBe('success');
    const page = await (await app.fetch(url)).text();
    expect(page).toMatch(/7\s990/);
    expect(page).not.toMatch(/8\s990/);
    const list = await variants();
    expect(list.map((v) => v.active)).toEqual([true, true, true]);
    expect(list[2]?.min_price).toBe(799_000);
    expect(await stockOf('m-2#one')).toEqual(
      [
        { store: a, quantity: 5 },
        { store: shops[1]?.code, quantity: 0 },
      ].sort((x, y) => String(x.store).localeCompare(String(y.store))),
    );
    expect((await stockOf('m-1#s-sand')).find((s) => s.quantity > 0)).toBeTruthy();
  });

  it('a full package without a product hides it; «Удален» hides it too; its offers lose their stock', async () => {
    const pkg = basePackage();
    pkg.products = [...(pkg.products as ProductList)].filter((p) => p.id !== 'm-2');
    pkg.offers = [...(pkg.offers as OfferSpec[])].filter((o) => !o.id.startsWith('m-2'));
    const { last } = await session(packageFiles(pkg));
    // A whole import.xml is a package of its own: it hides what it did not mention as it ends.
    expect(last('import.xml')?.lines[2]).toMatch(/товаров \+0\/~0\/−1/);
    expect(last('offers.xml')?.lines[2]).toMatch(/остатков ~0\/−[1-9]/);
    const list = await variants();
    expect(list.map((v) => [v.name, v.active])).toEqual([
      ['Парка «Тайга»', true],
      ['Парка «Тайга»', true],
      ['Парка «Тундра»', false],
    ]);
    expect((await stockOf('m-2#one')).every((s) => s.quantity === 0)).toBe(true);
    expect((await app.fetch(list[2]?.url as string)).status).toBe(404);
    // Issue 28.2: the zeroing is the import's stock movement.
    const zeroing = await rows<{ kind: string; reason: string; quantity: number }>(
      sql`select distinct on (m.offer_id, m.store_id) m.kind, m.reason, m.quantity from stock_movements m
        join exchange_offers x on x.offer_id = m.offer_id where x.onec_id like 'm-2#%'
        order by m.offer_id, m.store_id, m.id desc`,
    );
    expect(zeroing.length).toBeGreaterThan(0);
    expect(new Set(zeroing.map((m) => JSON.stringify([m.kind, m.reason, m.quantity])))).toEqual(
      new Set([JSON.stringify(['import', 'Обмен с 1С', 0])]),
    );

    // Back in the next full package: live again.
    await session(packageFiles(basePackage()));
    expect((await variants()).map((v) => v.active)).toEqual([true, true, true]);
  });

  it('offers that arrive before their product wait for it and join it', async () => {
    const pkg = basePackage();
    const fresh = {
      ...(pkg.products as ProductList)[1],
      id: 'm-4',
      name: 'Пуховик «Поздний»',
      article: 'PZ-400',
    } as ProductList[number];
    const [a] = shops.map((s) => s.code) as [string];
    const offersOnly: CataloguePackage = {
      ...pkg,
      changesOnly: true,
      offers: [offer('m-4#xl', 'XL', 'Синий', 2_199_000, [[a, 7]])],
    };
    await session(packageFiles(offersOnly).filter((f) => f.name === 'offers.xml'));
    expect(await rows(sql`select onec_id from exchange_pending_offers`)).toEqual([{ onec_id: 'm-4#xl' }]);
    await session(
      packageFiles({ ...pkg, changesOnly: true, products: [fresh], offers: [] }).filter((f) => f.name === 'import.xml'),
    );
    expect(await rows(sql`select onec_id from exchange_pending_offers`)).toEqual([]);
    const [variant] = await rows<{ name: string; min_price: number; active: boolean }>(sql`select p.name,
      p.min_price::int as min_price,
      p.active from exchange_variants v join products p on p.id = v.product_id where v.onec_product_id = 'm-4'`);
    expect(variant).toEqual({ name: 'Пуховик «Поздний»', min_price: 2_199_000, active: true });
    expect(await stockOf('m-4#xl')).toContainEqual({ store: a, quantity: 7 });
  });

  it('stock from 1C leaves out what the shop’s orders not yet handed to 1C hold', async () => {
    const a = shops[0] as { id: number; code: string };
    const [{ offer_id: offerId } = { offer_id: 0 }] = await rows<{ offer_id: number }>(
      sql`select offer_id from exchange_offers where onec_id = 'm-1#m-black'`,
    );
    // A shopper's order not yet handed to 1C, holding one unit of the offer in shop A.
    const k = await checkoutKit(app);
    const [item] = (await offerFacts(app.database.db)).filter((o) => !o.restricted);
    if (!item) throw new Error('the test catalogue has no orderable offer');
    await k.stockOf(item, 5, 5);
    const { v, phone } = await k.quickShopper(item, 1);
    const saved = (await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json()) as { id: number };
    expect(saved).toEqual({ id: expect.any(Number) });
    const id = saved.id;
    await app.database.db.execute(sql`update order_stock set offer_id = ${offerId}, store_id = ${a.id}
      where order_id = ${id}`);
    const pkg = basePackage();
    pkg.offers = [offer('m-1#m-black', '50', 'Чёрный', 1_299_000, [[a.code, 3]], 1_599_000)];
    await session(packageFiles({ ...pkg, changesOnly: true }).filter((f) => f.name === 'offers.xml'));
    expect(await stockOf('m-1#m-black')).toContainEqual({ store: a.code, quantity: 2 });
  });

  it('a long file goes in progress steps and ends as one import would', async () => {
    const [a, b] = shops.map((s) => s.code) as [string, string];
    const many = Array.from({ length: 1_200 }, (_, i) =>
      offer(`m-2#n${i}`, String(40 + (i % 20)), `Оттенок ${i % 3}`, 500_000 + i * 100, [
        [a, i % 4],
        [b, 1],
      ]),
    );
    const { answers, last } = await session([
      { name: 'offers.xml', data: writePackage({ ...basePackage(), changesOnly: true, offers: many }).offersXml },
    ]);
    const steps = answers.filter((x) => x.lines[1]?.startsWith('Файл offers.xml'));
    expect(steps.map((s) => s.lines[0])).toEqual(['progress', 'progress', 'success']);
    expect(last('offers.xml')?.lines[1]).toBe('Файл offers.xml загружен: записей 1207.');
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from exchange_offers where onec_id like 'm-2#n%'`,
    );
    expect(n).toBe(1_200);
    const colours =
      await rows(sql`select distinct c.name from exchange_variants v join colors c on c.code = v.color_code
      where v.onec_product_id = 'm-2' and c.name like 'Оттенок%' order by 1`);
    expect(colours).toHaveLength(3);
  });

  it('a malformed file fails with a reason and writes nothing', async () => {
    const before = await versions();
    const good = writePackage(basePackage()).offersXml.toString('utf8');
    const broken = Buffer.from(good.replace('</Предложения>', '</Предложение>'));
    const onec = onecClient(app, 'catalog', credentials);
    await onec.checkauth();
    await onec.send('init');
    await onec.upload('offers.xml', broken, 1);
    const [answer] = await onec.importFile('offers.xml');
    expect(answer?.lines[0]).toBe('failure');
    expect(answer?.lines[1]).toMatch(/строк|XML/i);
    expect(await versions()).toEqual(before);
    const [log] = await rows<{ status: string }>(
      sql`select status from exchange_log where file_name = 'offers.xml' order by id desc limit 1`,
    );
    expect(log?.status).toBe('failure');
  });
});

describe('1C catalogue import, odd files', () => {
  it('a full package of one 1C catalogue never hides the products of another', async () => {
    const [a] = shops.map((s) => s.code) as [string];
    const other = basePackage();
    const accessories: CataloguePackage = {
      ...other,
      catalogueId: 'cat-accessories',
      products: [
        { ...((other.products as ProductList)[1] as ProductList[number]), id: 'acc-1', name: 'Шарф «Другой каталог»' },
      ],
      offers: [offer('acc-1#one', '1', 'Чёрный', 299_000, [[a, 3]])],
    };
    await session(packageFiles(accessories).filter((f) => f.name.endsWith('.xml')));
    await session(packageFiles(basePackage()));
    const scarf = (await variants()).find((v) => v.name === 'Шарф «Другой каталог»');
    expect(scarf?.active).toBe(true);
    expect(await stockOf('acc-1#one')).toContainEqual({ store: a, quantity: 3 });
  });

  it('a prices file and a rests file without characteristics keep every offer in its colour and size', async () => {
    const before = await rows(sql`select x.onec_id, o.product_id, o.size_name from exchange_offers x
      join offers o on o.id = x.offer_id order by x.onec_id`);
    const [a, b] = shops.map((s) => s.code) as [string, string];
    const plain = (o: OfferSpec): OfferSpec => ({ ...o, characteristics: [] });
    const prices = writePackage({
      ...basePackage(),
      changesOnly: true,
      warehouses: [],
      offers: [plain({ ...offer('m-1#s-black', '48', 'Чёрный', 1_199_000, [], 1_599_000), quantity: null, stock: [] })],
    }).offersXml;
    const rests = writePackage({
      ...basePackage(),
      changesOnly: true,
      priceTypes: [],
      offers: [
        {
          ...plain(
            offer('m-1#s-black', '48', 'Чёрный', 0, [
              [a, 6],
              [b, 1],
            ]),
          ),
          prices: [],
        },
      ],
    }).offersXml;
    const { answers } = await session([
      { name: 'prices0_1.xml', data: prices },
      { name: 'rests0_1.xml', data: rests },
    ]);
    for (const answer of answers) expect(answer.lines[0], answer.lines.join('\n')).toBe('success');
    expect(
      await rows(sql`select x.onec_id, o.product_id, o.size_name from exchange_offers x
        join offers o on o.id = x.offer_id order by x.onec_id`),
    ).toEqual(before);
    const taigaBlack = (await variants()).find((v) => v.name === 'Парка «Тайга»' && v.color_code === 'black');
    expect(taigaBlack?.min_price).toBe(1_199_000);
    expect(await stockOf('m-1#s-black')).toContainEqual({ store: a, quantity: 6 });
  });

  it('a size whose price type is not the retail one is not sold, and the answer says why', async () => {
    const [a] = shops.map((s) => s.code) as [string];
    const unpriced: OfferSpec = {
      ...offer('m-1#xl-black', '52', 'Чёрный', 0, [[a, 4]]),
      prices: [{ priceTypeId: 'pt-wholesale', kopecks: 900_000, currency: 'RUB' }],
    };
    const { last } = await session([
      { name: 'offers.xml', data: writePackage({ ...basePackage(), changesOnly: true, offers: [unpriced] }).offersXml },
    ]);
    expect(last('offers.xml')?.lines.join('\n')).toContain('Ошибка (Ид m-1#xl-black): Нет цены розничного типа');
    expect((await stockOf('m-1#xl-black')).every((s) => s.quantity === 0)).toBe(true);
  });

  it('an offer moved to another colour leaves its old colour; a colour with no sizes left is out of sale', async () => {
    const [a] = shops.map((s) => s.code) as [string];
    const recoloured = offer('m-1#s-sand', '48', 'Чёрный', 1_349_000, [[a, 1]]);
    await session([
      {
        name: 'offers.xml',
        data: writePackage({ ...basePackage(), changesOnly: true, offers: [recoloured] }).offersXml,
      },
    ]);
    const sand = (await variants()).find((v) => v.name === 'Парка «Тайга»' && v.color_code !== 'black');
    expect(sand).toMatchObject({ active: false, min_price: 0 });
  });

  it('1C sending Basic on every call (no cookie) starts each exchange anew at init: the same file name is imported again', async () => {
    const basicOnly = async (price: number) => {
      const auth = `Basic ${Buffer.from(`${credentials.login}:${credentials.password}`).toString('base64')}`;
      const call = async (mode: string, params: Record<string, string> = {}, body?: Buffer) => {
        const res = await app.fetch(
          `/bitrix/admin/1c_exchange.php?${new URLSearchParams({ type: 'catalog', mode, ...params })}`,
          {
            method: body ? 'POST' : 'GET',
            headers: { authorization: auth },
            body: body ? new Uint8Array(body) : undefined,
          },
        );
        return (await res.text()).split('\n');
      };
      const [a] = shops.map((s) => s.code) as [string];
      const data = writePackage({
        ...basePackage(),
        changesOnly: true,
        offers: [offer('m-2#one', '52', 'Чёрный', price, [[a, 1]])],
      }).offersXml;
      await call('init');
      expect((await call('file', { filename: 'offers.xml' }, data))[0]).toBe('success');
      expect((await call('import', { filename: 'offers.xml' }))[0]).toBe('success');
    };
    await basicOnly(610_000);
    await basicOnly(620_000);
    const tundra = (await variants()).find((v) => v.name.startsWith('Парка «Тундра»'));
    expect(tundra?.min_price).toBe(620_000);
  });

  it('a file naming the same product and offer twice takes the last of each', async () => {
    const pkg = basePackage();
    const tundra = (pkg.products as ProductList)[1] as ProductList[number];
    const [a] = shops.map((s) => s.code) as [string];
    const twice: CataloguePackage = {
      ...pkg,
      changesOnly: true,
      groups: [],
      products: [tundra, { ...tundra, name: 'Парка «Тундра» (новая)' }],
      offers: [
        offer('m-2#one', '52', 'Чёрный', 700_000, [[a, 1]]),
        offer('m-2#one', '52', 'Чёрный', 690_000, [[a, 2]]),
      ],
    };
    const { answers } = await session(packageFiles(twice).filter((f) => f.name.endsWith('.xml')));
    for (const answer of answers) expect(answer.lines[0], answer.lines.join('\n')).toBe('success');
    const tundraRow = (await variants()).find((v) => v.name.startsWith('Парка «Тундра»'));
    expect(tundraRow).toMatchObject({ name: 'Парка «Тундра» (новая)', min_price: 690_000 });
    expect(await stockOf('m-2#one')).toContainEqual({ store: a, quantity: 2 });
  });
});

type ProductList = Exclude<CataloguePackage['products'], undefined> extends Iterable<infer P> ? P[] : never;
