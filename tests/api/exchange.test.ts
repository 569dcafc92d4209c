// Over 400 lines because its cases share one seeded app and its fixtures: one feature's behaviour, end to end.
import { existsSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferRecord } from '../../domain/exchange/records';
import { roubles } from '../../server/exchange/commerceml/write-orders';
import { type CataloguePackage, writePackage } from '../../server/exchange/commerceml/write-package';
import { FILE_LIMIT } from '../../server/exchange/files';
import { bootstrapStaff } from '../../server/staff-bootstrap';
import type { OfferFacts } from '../support/basket-offers';
import { type CheckoutKit, checkoutApp } from '../support/checkout';
import { ONEC_PATH, type OnecAnswer, onecClient, zipOf } from '../support/onec-client';
import type { TestApp } from '../support/test-app';

const LOGIN = '1c-exchange';
const PASSWORD = 'Обмен-с-сайтом-2026';
const credentials = { login: LOGIN, password: PASSWORD };

let app: TestApp;
let offers: OfferFacts[];
let k: CheckoutKit;

beforeAll(async () => {
  ({ app, offers, k } = await checkoutApp(2));
  await bootstrapStaff({
    services: app.services,
    settings: { EXCHANGE_LOGIN: LOGIN, EXCHANGE_PASSWORD: PASSWORD },
    log: { info() {}, warn() {} },
  });
});
afterAll(() => app.close());

/** What 1C needs of every status answer: HTTP 200, plain text, no BOM, a status word on line 1. */
function expectStatus(answer: OnecAnswer, status: 'success' | 'progress' | 'failure') {
  expect(answer.status).toBe(200);
  expect(answer.type).toBe('text/plain; charset=utf-8');
  expect(answer.bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
  expect(answer.lines[0]).toBe(status);
  return answer.lines.slice(1).join('\n');
}

/** Every file under the folder, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

const offer = (
  id: string,
  size: string,
  price: number,
): Omit<OfferRecord, 'kind' | 'productId' | 'characteristicId'> => ({
  id,
  name: `Платье (${size})`,
  characteristics: [{ name: 'Размер', value: size }],
  prices: [{ priceTypeId: 'pt-retail', kopecks: price, currency: 'RUB' }],
  quantity: 3,
  stock: [
    { warehouseId: 'w-1', quantity: 1 },
    { warehouseId: 'w-2', quantity: 2 },
  ],
  deleted: false,
});

const pkg: CataloguePackage = {
  classifierId: 'cls-1',
  catalogueId: 'cat-1',
  groups: [
    { id: 'g-women', name: 'Женщинам', parentId: null, deleted: false },
    { id: 'g-dresses', name: 'Платья', parentId: 'g-women', deleted: false },
  ],
  properties: [{ id: 'p-brand', name: 'Бренд', values: [{ id: 'v-north', value: 'Северная мода' }], deleted: false }],
  products: ['prod-1', 'prod-2', 'prod-3'].map((id, i) => ({
    id,
    name: `Платье «Лето» ${i + 1}`,
    article: `PL-${i + 1}`,
    description: 'Лён и хлопок',
    groupIds: ['g-dresses'],
    properties: [{ propertyId: 'p-brand', value: 'Северная мода', valueId: 'v-north' }],
    requisites: [],
    images: [`import_files/pr/${id}.jpg`],
    deleted: i === 2,
  })),
  priceTypes: [{ id: 'pt-retail', name: 'Розничная', currency: 'RUB' }],
  warehouses: [
    { id: 'w-1', name: 'Склад' },
    { id: 'w-2', name: 'Магазин на Тверской' },
  ],
  offers: [
    offer('prod-1#s', 'S', 499_000),
    offer('prod-1#m', 'M', 499_000),
    offer('prod-2#m', 'M', 319_050),
    offer('prod-2#l', 'L', 319_050),
  ],
};
const importXml = writePackage(pkg, { encoding: 'windows-1251' }).importXml;
const offersXml = writePackage(pkg).offersXml;
const COUNTS = /товаров \+3\/~0\/−0, предложений \+0/;
const OFFER_COUNTS = /предложений \+4\/~0/;

describe('1C catalogue session', () => {
  it('checkauth, init, import.xml and offers.xml in chunks, import with counts, complete', async () => {
    const onec = onecClient(app, 'catalog', credentials);
    const auth = await onec.checkauth();
    expectStatus(auth, 'success');
    expect(auth.lines[1]).toBe('shop_1c_exchange');
    expect(auth.lines[2]).toMatch(/^[\w-]{20,}$/);
    expect(auth.lines[3]).toMatch(/^sessid=\w+$/);
    expect(auth.lines[4]).toMatch(/^timestamp=\d{10}$/);
    const init = await onec.send('init');
    expect(init.status).toBe(200);
    expect(init.lines).toEqual(['zip=yes', `file_limit=${FILE_LIMIT}`]);
    for (const answer of [
      ...(await onec.upload('import.xml', importXml)),
      ...(await onec.upload('offers.xml', offersXml)),
    ])
      expectStatus(answer, 'success');
    const imported = await onec.importFile('import.xml');
    expect(imported).toHaveLength(1);
    const text = expectStatus(imported[0] as OnecAnswer, 'success');
    expect(text).toMatch(COUNTS);
    // The photos named in import.xml were not uploaded: each is an error with the product's `Ид`.
    expect(text).toContain('Ошибка (Ид prod-1): Картинка import_files/pr/prod-1.jpg не найдена в пакете.');
    expect(expectStatus((await onec.importFile('offers.xml'))[0] as OnecAnswer, 'success')).toMatch(OFFER_COUNTS);
    expectStatus(await onec.send('deactivate'), 'success');
    expectStatus(await onec.send('complete'), 'success');
  });

  it('a zip in chunks: the first import unpacks it (progress), the repeated one imports; photos kept inside', async () => {
    const onec = onecClient(app, 'catalog', credentials);
    expectStatus(await onec.checkauth(), 'success');
    await onec.send('init');
    const zip = zipOf([
      { name: 'import.xml', data: importXml, deflate: true },
      { name: 'offers.xml', data: offersXml },
      { name: 'import_files/pr/prod-1.jpg', data: Buffer.from('jpeg') },
    ]);
    for (const answer of await onec.upload('/tmp/v8_3B8F_3e.zip', zip)) expectStatus(answer, 'success');
    const answers = await onec.importFile('import.xml');
    expect(answers.map((a) => a.lines[0])).toEqual(['progress', 'success']);
    expect(answers[0]?.lines[1]).toContain('Архив распакован');
    // The same products as the session before: nothing changes.
    expect(answers[1]?.lines[2]).toMatch(/товаров \+0\/~0\/−0/);
    // A file named .jpg that is not an image is refused by its content.
    expect(answers[1]?.lines.join('\n')).toContain('Картинка import_files/pr/prod-1.jpg: не JPEG, PNG или WebP.');
    expect(expectStatus((await onec.importFile('offers.xml'))[0] as OnecAnswer, 'success')).toMatch(
      /предложений \+0\/~0, цен ~0/,
    );
    const files = await filesUnder(path.join(app.dataDir, 'exchange'));
    expect(files.filter((f) => f.endsWith('import_files/pr/prod-1.jpg'))).toHaveLength(1);
    expect(files.some((f) => f.endsWith('.zip'))).toBe(false);
  });

  it('init again empties the session folder', async () => {
    const onec = onecClient(app, 'catalog', credentials);
    await onec.checkauth();
    await onec.send('init');
    await onec.upload('import.xml', importXml, 1);
    await onec.send('init');
    expect(expectStatus((await onec.importFile('import.xml'))[0] as OnecAnswer, 'failure')).toContain('не получен');
  });

  it('is outside the shop middlewares: no page cache, chunks above the 256 KB body limit, a chunk above file_limit rolled back', async () => {
    const a = await onecClient(app, 'catalog', credentials).checkauth();
    const b = await onecClient(app, 'catalog', credentials).checkauth();
    expect(a.lines[2]).not.toBe(b.lines[2]);
    const onec = onecClient(app, 'catalog', credentials);
    await onec.checkauth();
    await onec.send('init');
    const big = Buffer.alloc(600 * 1024, 'a');
    expectStatus((await onec.upload('import_files/big.jpg', big, 1))[0] as OnecAnswer, 'success');
    const tooBig = Buffer.alloc(FILE_LIMIT + 1, 'b');
    expect(expectStatus((await onec.upload('import_files/big.jpg', tooBig, 1))[0] as OnecAnswer, 'failure')).toContain(
      'file_limit',
    );
    const [file] = (await filesUnder(path.join(app.dataDir, 'exchange'))).filter((f) => f.endsWith('big.jpg'));
    expect(statSync(path.join(app.dataDir, 'exchange', file as string)).size).toBe(big.length);
    // No visitor session cookie, no page headers.
    const res = await app.fetch(`${ONEC_PATH}?type=catalog&mode=complete`, { headers: { cookie: onec.cookie } });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('authenticates later calls by Basic too (emulators), without the cookie', async () => {
    const onec = onecClient(app, 'catalog', credentials);
    const auth = `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}`;
    expectStatus(await onec.send('complete', {}, { headers: { authorization: auth } }), 'success');
  });
});

describe('1C exchange refusals: always 200, plain text, the status word first, a Russian reason', () => {
  it('a wrong password, no Authorization, an unknown login', async () => {
    expect(expectStatus(await onecClient(app, 'catalog', credentials).checkauth('неверный'), 'failure')).toContain(
      'Неверный логин или пароль',
    );
    const none = await onecClient(app, 'catalog', credentials).send('checkauth');
    expect(expectStatus(none, 'failure')).toContain('Authorization');
    const stranger = onecClient(app, 'sale', { login: 'nobody', password: 'whatever1' });
    expectStatus(await stranger.checkauth(), 'failure');
  });

  it('a staff member’s right password, an owner’s too, is answered as a wrong password', async () => {
    const { addStaff, STAFF_PASSWORD } = await import('../support/staff');
    await addStaff(app, { email: 'content@example.ru', role: 'content' });
    const content = onecClient(app, 'catalog', { login: 'content@example.ru', password: STAFF_PASSWORD });
    const wrong = await onecClient(app, 'catalog', credentials).checkauth('неверный-пароль');
    const refused = await content.checkauth();
    expect([refused.status, refused.lines]).toEqual([wrong.status, wrong.lines]);
  });

  it('a session ends for the exchange once its member loses the role', async () => {
    const { addStaff, STAFF_PASSWORD } = await import('../support/staff');
    await addStaff(app, { email: 'third-1c@example.ru', role: 'exchange' });
    const onec = onecClient(app, 'catalog', { login: 'third-1c@example.ru', password: STAFF_PASSWORD });
    expectStatus(await onec.checkauth(), 'success');
    expectStatus(await onec.send('complete'), 'success');
    await app.database.db.execute(sql`update staff set role = 'content' where email = 'third-1c@example.ru'`);
    expect(expectStatus(await onec.send('complete'), 'failure')).toContain('checkauth');
  });

  it('login tries are limited per login: the 11th in 15 minutes is refused, even with the right password', async () => {
    const { addStaff, STAFF_PASSWORD } = await import('../support/staff');
    await addStaff(app, { email: 'second-1c@example.ru', role: 'exchange' });
    const onec = onecClient(app, 'catalog', { login: 'second-1c@example.ru', password: STAFF_PASSWORD });
    for (let i = 0; i < 10; i++) expectStatus(await onec.checkauth('неверный-пароль'), 'failure');
    expect(expectStatus(await onec.checkauth(), 'failure')).toContain('Слишком много попыток');
  });

  it('no cookie, a bad cookie, an unknown mode or type', async () => {
    const fresh = onecClient(app, 'catalog', credentials);
    expect(expectStatus(await fresh.send('init'), 'failure')).toContain('checkauth');
    const forged = await app.fetch(`${ONEC_PATH}?type=catalog&mode=init`, {
      headers: { cookie: 'shop_1c_exchange=forged' },
    });
    expect((await forged.text()).split('\n')[0]).toBe('failure');
    const onec = onecClient(app, 'catalog', credentials);
    await onec.checkauth();
    expect(expectStatus(await onec.send('format-disk'), 'failure')).toContain('Неизвестная команда');
    const unknownType = await app.fetch(`${ONEC_PATH}?type=reference&mode=init`, { headers: { cookie: onec.cookie } });
    expect((await unknownType.text()).split('\n')[0]).toBe('failure');
    // The alias and POST for every mode (as emulators send).
    const alias = await app.fetch('/api/1c/exchange/?type=catalog&mode=complete', {
      method: 'POST',
      headers: { cookie: onec.cookie },
    });
    expect(alias.status).toBe(200);
    expect(await alias.text()).toMatch(/^success\n/);
  });

  it('a file name with a directory part stays inside the session folder; a script is refused', async () => {
    const onec = onecClient(app, 'catalog', credentials);
    await onec.checkauth();
    await onec.send('init');
    expectStatus((await onec.upload('../../etc/passwd', Buffer.from('root:x:0:0'), 1))[0] as OnecAnswer, 'success');
    expectStatus((await onec.upload('..\\..\\boot.ini', Buffer.from('x'), 1))[0] as OnecAnswer, 'success');
    expectStatus(
      (await onec.upload('upload/1c/webdata/import_files/ab/c.jpg', Buffer.from('x'), 1))[0] as OnecAnswer,
      'success',
    );
    const files = await filesUnder(path.join(app.dataDir, 'exchange'));
    // Each is at the top of a session folder (one level down), or in its own subfolder.
    expect(files.filter((f) => f.endsWith('passwd')).map((f) => f.split(path.sep).length)).toEqual([2]);
    expect(files.filter((f) => f.endsWith('boot.ini')).map((f) => f.split(path.sep).length)).toEqual([2]);
    expect(files.some((f) => f.endsWith(path.join('import_files', 'ab', 'c.jpg')))).toBe(true);
    expect(existsSync(path.resolve(app.dataDir, '..', 'etc', 'passwd'))).toBe(false);
    for (const name of ['shell.php', 'import_files/x.phtml', '.htaccess', ''])
      expect(expectStatus((await onec.upload(name, Buffer.from('<?php'), 1))[0] as OnecAnswer, 'failure')).toContain(
        'Недопустимое имя',
      );
  });

  it('a zip with a ../ entry, declaring 2 GB or lying about its size is refused and writes nothing', async () => {
    for (const zip of [
      zipOf([
        { name: 'import.xml', data: importXml },
        { name: '../evil.txt', data: Buffer.from('evil') },
      ]),
      zipOf([
        { name: 'import.xml', data: importXml },
        { name: 'bomb.xml', data: Buffer.alloc(1024), declaredSize: 2 * 1024 * 1024 * 1024 - 1 },
      ]),
      // Declaring less than it holds: yauzl stops the entry at the declared size and fails.
      zipOf([
        { name: 'import.xml', data: importXml },
        { name: 'liar.xml', data: Buffer.alloc(1024 * 1024), declaredSize: 10 },
      ]),
    ]) {
      const onec = onecClient(app, 'catalog', credentials);
      await onec.checkauth();
      await onec.send('init');
      await onec.upload('package.zip', zip);
      const before = await filesUnder(app.dataDir);
      const reason = expectStatus((await onec.importFile('import.xml'))[0] as OnecAnswer, 'failure');
      expect(reason).toMatch(/Архив|архиве/);
      expect(await filesUnder(app.dataDir)).toEqual(before);
      expect(existsSync(path.resolve(app.dataDir, 'exchange', 'evil.txt'))).toBe(false);
      expect(existsSync(path.resolve(app.dataDir, 'evil.txt'))).toBe(false);
    }
  });

  it('the unpack bound holds for the session’s zips together, not for each archive', async () => {
    // Each archive declares 600 MB (its bytes are few): one fits the session's 1 GB, the second does not.
    const big = (name: string) => zipOf([{ name, data: Buffer.alloc(1024), declaredSize: 600 * 1024 * 1024 }]);
    const onec = onecClient(app, 'catalog', credentials);
    await onec.checkauth();
    await onec.send('init');
    await onec.upload('first.zip', big('first.xml'), 1);
    expectStatus(await onec.send('import', { filename: 'first.zip' }), 'progress');
    await onec.upload('second.zip', big('second.xml'), 1);
    const refused = expectStatus(await onec.send('import', { filename: 'second.zip' }), 'failure');
    expect(refused).toMatch(/Архивы сеанса/);
  });

  it('a malformed XML fails with its line', async () => {
    const onec = onecClient(app, 'catalog', credentials);
    await onec.checkauth();
    await onec.send('init');
    const broken = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация>\n<Каталог>\n<Товары></Каталог>\n',
    );
    await onec.upload('import.xml', broken, 1);
    const reason = expectStatus((await onec.importFile('import.xml'))[0] as OnecAnswer, 'failure');
    expect(reason).toMatch(/строка \d+/);
    expect(reason).not.toContain('\n');
  });
});

describe('1C sale session', () => {
  /** The query's document, decoded by its declared encoding, checked well-formed. */
  function documentOf(answer: OnecAnswer): string {
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/xml; charset=windows-1251');
    const head = '<?xml version="1.0" encoding="windows-1251"?>';
    expect(answer.bytes.subarray(0, head.length).toString('latin1')).toBe(head);
    const xml = new TextDecoder('windows-1251').decode(answer.bytes);
    const parser = new SaxesParser();
    parser.on('error', (e) => {
      throw e;
    });
    parser.write(xml).close();
    return xml;
  }

  it('hands new orders over until success, then not again', async () => {
    const item = offers[0] as OfferFacts;
    await k.stockOf(item, 5, 5);
    const { v, phone } = await k.quickShopper(item, 2);
    const saved = await k.rpc(v, 'sale.order.save', k.pickup(phone));
    expect(saved.status, await saved.clone().text()).toBe(200);
    const { id } = (await saved.json()) as { id: number };
    const [order] = await k.rows<{ total: number }>(sql`select total from orders where id = ${id}`);
    const number = `<Номер>${100_000 + id}</Номер>`;

    const onec = onecClient(app, 'sale', credentials);
    const auth = await onec.checkauth();
    expectStatus(auth, 'success');
    expect(auth.lines).toHaveLength(4); // no timestamp line in the sale exchange
    const init = await onec.send('init', { version: '3.1' });
    expect(init.lines).toEqual(['zip=no', `file_limit=${FILE_LIMIT}`, auth.lines[3], 'version=2.09']);

    const first = documentOf(await onec.send('query'));
    expect(first).toContain(number);
    expect(first).toContain(`<Сумма>${roubles(Number(order?.total))}</Сумма>`);
    expect(first).toContain('<ХозОперация>Заказ товара</ХозОперация>');
    expect(first).toContain(`<Ид>shop-offer-${item.id}</Ид>`);
    expect(first).toContain(`<Значение>+${phone}</Значение>`);
    expect(first).toContain('<Значение>Наличные при получении</Значение>');
    // Without success, the same order again.
    expect(documentOf(await onec.send('query'))).toContain(number);
    expect(await k.rows(sql`select exported_at from orders where id = ${id}`)).toEqual([{ exported_at: null }]);

    expect(expectStatus(await onec.send('success'), 'success')).toMatch(/Заказов принято 1С: [1-9]/);
    expect(documentOf(await onec.send('query'))).not.toContain(number);
    const [marked] = await k.rows<{ exported_at: unknown }>(sql`select exported_at from orders where id = ${id}`);
    expect(marked?.exported_at).not.toBeNull();
    // A second success marks nothing more.
    expect(expectStatus(await onec.send('success'), 'success')).toContain('Заказов принято 1С: 0');
    // Two successes at once after one query mark each order once between them.
    await onec.send('query');
    await onec.send('success');
    const again = await onecClient(app, 'sale', credentials);
    await again.checkauth();
    const { v: v2, phone: phone2 } = await k.quickShopper(item, 1);
    expect((await k.rpc(v2, 'sale.order.save', k.pickup(phone2))).status).toBe(200);
    await again.send('query');
    const both = await Promise.all([again.send('success'), again.send('success')]);
    const counts = both.map((a) => Number(a.lines[1]?.match(/: (\d+)/)?.[1]));
    expect(counts.sort()).toEqual([0, 1]);
  });

  it('an order placed after a query is not marked by that query’s success', async () => {
    const onec = onecClient(app, 'sale', credentials);
    await onec.checkauth();
    await onec.send('query');
    const item = offers[1] as OfferFacts;
    await k.stockOf(item, 5, 5);
    const { v, phone } = await k.quickShopper(item, 1);
    const { id } = (await (await k.rpc(v, 'sale.order.save', k.pickup(phone))).json()) as { id: number };
    expectStatus(await onec.send('success'), 'success');
    expect(await k.rows(sql`select exported_at from orders where id = ${id}`)).toEqual([{ exported_at: null }]);
    expect(documentOf(await onec.send('query'))).toContain(`<Номер>${100_000 + id}</Номер>`);
  });

  it('a file of orders from 1C is accepted, and refused at import when it is not CommerceML (more in exchange-sale-import)', async () => {
    const onec = onecClient(app, 'sale', credentials);
    await onec.checkauth();
    const answer = (await onec.upload('orders-1.xml', Buffer.from('<?xml version="1.0"?><x/>'), 1))[0] as OnecAnswer;
    expect(expectStatus(answer, 'success')).toBe('Файл orders-1.xml принят.');
    const imported = (await onec.importFile('orders-1.xml'))[0] as OnecAnswer;
    expect(expectStatus(imported, 'failure')).toContain('корневой элемент «x» вместо «КоммерческаяИнформация»');
  });

  it('the exchange account from the settings is audited', async () => {
    expect(
      await k.rows(sql`select action, staff_email from audit_log where action = 'staff.exchange-from-settings'`),
    ).toEqual([{ action: 'staff.exchange-from-settings', staff_email: 'система' }]);
  });
});
