// Over 400 lines because its cases share one seeded app and its fixtures: one feature's behaviour, end to end.
import { createReadStream, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { type CatalogueRecord, type OfferRecord, splitOfferId } from '../../../domain/exchange/records';
import { bigPackage } from './big-package';
import { CommerceMlError, parseCatalogue } from './parse-catalogue';
import { type CataloguePackage, encodeChunks, offersXml, type WriteOptions, writePackage } from './write-package';

const fixturePath = (name: string) =>
  fileURLToPath(new URL(`../../../tests/fixtures/commerceml/${name}`, import.meta.url));
const fixture = (name: string) => readFileSync(fixturePath(name));

async function collect(input: Parameters<typeof parseCatalogue>[0]): Promise<CatalogueRecord[]> {
  const records: CatalogueRecord[] = [];
  for await (const record of parseCatalogue(input)) records.push(record);
  return records;
}

function* chunks(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const text = (xml: string) => [Buffer.from(xml)];

const CLS = '5c1d4a8e-7f3b-11e9-80c4-0050569a7b1c';
const id = (prefix: string, n: number) => `${prefix}-0000-0000-0000-00000000000${n}`;

describe('parseCatalogue on a package written by hand as 1C writes it (windows-1251)', () => {
  it('reads import.xml: classifier, nested groups, a dictionary property, products, the deleted ones', async () => {
    expect(await collect([fixture('import.xml')])).toEqual([
      {
        kind: 'package',
        part: 'classifier',
        id: CLS,
        name: 'Классификатор (Каталог одежды)',
        classifierId: CLS,
        catalogueId: null,
        changesOnly: false,
        schemaVersion: '2.08',
      },
      { kind: 'group', id: id('a1000000', 1), name: 'Женская одежда', parentId: null, deleted: false },
      { kind: 'group', id: id('a1000000', 2), name: 'Платья', parentId: id('a1000000', 1), deleted: false },
      { kind: 'group', id: id('a1000000', 3), name: 'Пальто и куртки', parentId: id('a1000000', 1), deleted: false },
      {
        kind: 'property',
        id: id('b2000000', 1),
        name: 'Бренд',
        values: [
          { id: id('b2100000', 1), value: 'Северная мода' },
          { id: id('b2100000', 2), value: 'Ёлка & Ко' },
        ],
        deleted: false,
      },
      { kind: 'property', id: id('b2000000', 2), name: 'Состав', values: [], deleted: false },
      {
        kind: 'package',
        part: 'catalogue',
        id: CLS,
        name: 'Каталог одежды',
        classifierId: CLS,
        catalogueId: CLS,
        changesOnly: false,
        schemaVersion: '2.08',
      },
      {
        kind: 'product',
        id: id('c3000000', 1),
        name: 'Платье льняное «Лето»',
        article: 'ПЛ-101',
        description: 'Лёгкое платье <b>из льна</b>.',
        groupIds: [id('a1000000', 2)],
        properties: [
          { propertyId: id('b2000000', 1), value: 'Ёлка & Ко', valueId: id('b2100000', 2) },
          { propertyId: id('b2000000', 2), value: 'лён 100%', valueId: null },
        ],
        requisites: [
          { name: 'ВидНоменклатуры', value: 'Одежда' },
          { name: 'Полное наименование', value: 'Платье женское льняное "Лето"' },
        ],
        images: [
          'import_files/c3/c3000000-0000-0000-0000-000000000001_1.jpg',
          'import_files/c3/c3000000-0000-0000-0000-000000000001_2.jpg',
        ],
        deleted: false,
      },
      {
        kind: 'product',
        id: id('c3000000', 2),
        name: 'Пальто шерстяное',
        article: 'ПТ-202',
        description: null,
        groupIds: [id('a1000000', 3)],
        properties: [],
        requisites: [],
        images: [],
        deleted: true,
      },
      {
        kind: 'product',
        id: id('c3000000', 3),
        name: 'Куртка пуховая',
        article: null,
        description: null,
        groupIds: [id('a1000000', 3)],
        properties: [],
        requisites: [{ name: 'ПометкаУдаления', value: 'true' }],
        images: [],
        deleted: true,
      },
    ]);
  });

  it('reads offers.xml: price types, two warehouses, sizes and colours, prices in kopecks, both stock shapes', async () => {
    const retail = id('e5000000', 1);
    const [tverskaya, khimki] = [id('f6000000', 1), id('f6000000', 2)];
    expect(await collect([fixture('offers.xml')])).toEqual([
      {
        kind: 'package',
        part: 'offers',
        id: `${CLS}#`,
        name: 'Пакет предложений (Каталог одежды)',
        classifierId: CLS,
        catalogueId: CLS,
        changesOnly: true,
        schemaVersion: '2.08',
      },
      { kind: 'priceType', id: retail, name: 'Розничная', currency: 'руб' },
      { kind: 'priceType', id: id('e5000000', 2), name: 'Старая цена', currency: 'RUB' },
      { kind: 'warehouse', id: tverskaya, name: 'Магазин на Тверской' },
      { kind: 'warehouse', id: khimki, name: 'Склад в Химках' },
      {
        kind: 'offer',
        id: `${id('c3000000', 1)}#aa000000-0000-0000-0000-000000000044`,
        productId: id('c3000000', 1),
        characteristicId: 'aa000000-0000-0000-0000-000000000044',
        name: 'Платье льняное «Лето» (44, белый)',
        characteristics: [
          { name: 'Размер', value: '44' },
          { name: 'Цвет', value: 'белый' },
        ],
        prices: [
          { priceTypeId: retail, kopecks: 499_050, currency: 'руб' },
          { priceTypeId: id('e5000000', 2), kopecks: 599_000, currency: 'RUB' },
        ],
        quantity: 5,
        stock: [
          { warehouseId: tverskaya, quantity: 2 },
          { warehouseId: khimki, quantity: 3 },
        ],
        deleted: false,
      },
      {
        kind: 'offer',
        id: `${id('c3000000', 1)}#aa000000-0000-0000-0000-000000000046`,
        productId: id('c3000000', 1),
        characteristicId: 'aa000000-0000-0000-0000-000000000046',
        name: 'Платье льняное «Лето» (46, белый)',
        characteristics: [{ name: 'Размер', value: '46' }],
        prices: [{ priceTypeId: retail, kopecks: 499_000, currency: 'руб' }],
        quantity: 0,
        stock: [{ warehouseId: khimki, quantity: 0 }],
        deleted: false,
      },
      {
        kind: 'offer',
        id: id('c3000000', 2),
        productId: id('c3000000', 2),
        characteristicId: null,
        name: 'Пальто шерстяное',
        characteristics: [],
        prices: [],
        quantity: 0,
        stock: [],
        deleted: true,
      },
    ]);
  });

  it('gives the same records when the bytes arrive 7 at a time, from an array or a file stream', async () => {
    for (const name of ['import.xml', 'offers.xml']) {
      const whole = await collect([fixture(name)]);
      expect(await collect(chunks(fixture(name), 7))).toEqual(whole);
      expect(await collect(createReadStream(fixturePath(name), { highWaterMark: 7 }))).toEqual(whole);
    }
  });
});

const WAREHOUSES = [
  { id: 'wh-tverskaya', name: 'Магазин на Тверской' },
  { id: 'wh-khimki', name: 'Склад в Химках' },
];

function sizesAndColours(productId: string, name: string): OfferRecord[] {
  return ['S', 'M'].flatMap((size) =>
    ['белый', 'синий'].map((colour) => ({
      kind: 'offer' as const,
      id: `${productId}#${size}-${colour}`,
      ...splitOfferId(`${productId}#${size}-${colour}`),
      name: `${name} (${size}, ${colour})`,
      characteristics: [
        { name: 'Размер', value: size },
        { name: 'Цвет', value: colour },
      ],
      prices: [
        { priceTypeId: 'pt-retail', kopecks: 499_050, currency: 'RUB' },
        { priceTypeId: 'pt-old', kopecks: 599_000, currency: 'RUB' },
      ],
      quantity: 5,
      stock: [
        { warehouseId: 'wh-tverskaya', quantity: 2 },
        { warehouseId: 'wh-khimki', quantity: 3 },
      ],
      deleted: false,
    })),
  );
}

/** A package and the records it must read back as, in document order. */
function sample(changesOnly: boolean) {
  const groups = [
    { kind: 'group' as const, id: 'g-women', name: 'Женщинам', parentId: null, deleted: false },
    { kind: 'group' as const, id: 'g-dresses', name: 'Платья', parentId: 'g-women', deleted: false },
    { kind: 'group' as const, id: 'g-archive', name: 'Архив', parentId: null, deleted: true },
  ];
  const properties = [
    {
      kind: 'property' as const,
      id: 'p-brand',
      name: 'Бренд',
      values: [{ id: 'v-north', value: 'Северная мода' }],
      deleted: false,
    },
    { kind: 'property' as const, id: 'p-fabric', name: 'Состав', values: [], deleted: false },
  ];
  const products = [
    {
      kind: 'product' as const,
      id: 'prod-dress',
      name: 'Платье «Лето»',
      article: 'PL-1',
      description: 'Лён & хлопок <100%> 👗 — ˚',
      groupIds: ['g-dresses'],
      properties: [
        { propertyId: 'p-brand', value: 'Северная мода', valueId: 'v-north' },
        { propertyId: 'p-fabric', value: 'лён', valueId: null },
      ],
      requisites: [{ name: 'ВидНоменклатуры', value: 'Одежда' }],
      images: ['import_files/pr/prod-dress.jpg'],
      deleted: false,
    },
    {
      kind: 'product' as const,
      id: 'prod-coat',
      name: 'Пальто',
      article: null,
      description: null,
      groupIds: ['g-archive'],
      properties: [],
      requisites: [],
      images: [],
      deleted: true,
    },
  ];
  const priceTypes = [
    { kind: 'priceType' as const, id: 'pt-retail', name: 'Розничная', currency: 'RUB' },
    { kind: 'priceType' as const, id: 'pt-old', name: 'Старая цена', currency: 'RUB' },
  ];
  const warehouses = WAREHOUSES.map((w) => ({ kind: 'warehouse' as const, ...w }));
  const offers: OfferRecord[] = [
    ...sizesAndColours('prod-dress', 'Платье «Лето»'),
    {
      kind: 'offer',
      id: 'prod-coat',
      productId: 'prod-coat',
      characteristicId: null,
      name: 'Пальто',
      characteristics: [],
      prices: [],
      quantity: 0,
      stock: [],
      deleted: true,
    },
  ];
  const pkg: CataloguePackage = {
    changesOnly,
    classifierId: 'cls-1',
    catalogueId: 'cat-1',
    groups,
    properties,
    products,
    priceTypes,
    warehouses,
    offers,
  };
  const head = { kind: 'package' as const, changesOnly, schemaVersion: '2.10', classifierId: 'cls-1' };
  const classifierName = 'Классификатор (Основной каталог товаров)';
  const importRecords: CatalogueRecord[] = [
    { ...head, part: 'classifier', id: 'cls-1', name: classifierName, catalogueId: null },
    ...groups,
    ...properties,
    { ...head, part: 'catalogue', id: 'cat-1', name: 'Основной каталог товаров', catalogueId: 'cat-1' },
    ...products,
  ];
  const offersName = 'Пакет предложений (Основной каталог товаров)';
  const offerRecords: CatalogueRecord[] = [
    { ...head, part: 'offers', id: 'cat-1#', name: offersName, catalogueId: 'cat-1' },
    ...priceTypes,
    ...warehouses,
    ...offers,
  ];
  return { pkg, importRecords, offerRecords };
}

describe('writePackage → parseCatalogue', () => {
  const cases: [string, WriteOptions][] = [
    ['UTF-8 with a BOM', { encoding: 'utf-8', bom: true }],
    ['windows-1251', { encoding: 'windows-1251' }],
    ['UTF-8, stock in the 2.08 <Остатки> shape', { encoding: 'utf-8', stockForm: 'nested' }],
  ];
  it.each(cases)('round-trips a package in %s', async (_, options) => {
    const { pkg, importRecords, offerRecords } = sample(false);
    const files = writePackage(pkg, options);
    const declared = options.encoding === 'windows-1251' ? 'windows-1251' : 'UTF-8';
    expect(files.importXml.subarray(0, 60).toString('latin1')).toContain(`encoding="${declared}"`);
    expect(await collect([files.importXml])).toEqual(importRecords);
    expect(await collect([files.offersXml])).toEqual(offerRecords);
  });

  it('writes windows-1251 bytes, not UTF-8 (a UTF-8 reader fails on them)', () => {
    const { offersXml } = writePackage(sample(false).pkg, { encoding: 'windows-1251' });
    expect(offersXml.includes(Buffer.from('Предложение', 'utf8'))).toBe(false);
    expect(new TextDecoder('windows-1251').decode(offersXml)).toContain('<Предложение>');
  });

  it('splits inside multibyte characters and a windows-1251 head and still reads the same records', async () => {
    for (const options of cases.map(([, o]) => o)) {
      const { importXml, offersXml } = writePackage(sample(false).pkg, options);
      for (const file of [importXml, offersXml]) {
        const pieces = [...chunks(file, 7)];
        if (options.encoding === 'utf-8') {
          // A chunk that starts with a continuation byte: some character was cut in two.
          expect(pieces.some((piece) => piece[0] >= 0x80 && piece[0] < 0xc0)).toBe(true);
        }
        expect(await collect(pieces)).toEqual(await collect([file]));
      }
    }
  });

  it('carries СодержитТолькоИзменения into every package head', async () => {
    for (const changesOnly of [true, false]) {
      const { importXml, offersXml } = writePackage(sample(changesOnly).pkg);
      const heads = [...(await collect([importXml])), ...(await collect([offersXml]))].filter(
        (r) => r.kind === 'package',
      );
      expect(heads.map((h) => h.changesOnly)).toEqual([changesOnly, changesOnly, changesOnly]);
      expect(offersXml.toString()).toContain(`<ПакетПредложений СодержитТолькоИзменения="${changesOnly}">`);
    }
  });
});

describe('parseCatalogue, order and faults', () => {
  it('emits offers that come before their products, in document order, without asking for the product', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.05">
  <ПакетПредложений><Ид>c#</Ид><Предложения><Предложение><Ид>p1#s</Ид><Количество>1,000</Количество></Предложение></Предложения></ПакетПредложений>
  <Каталог СодержитТолькоИзменения="true"><Ид>c</Ид><Товары><Товар><Ид>p1</Ид><Наименование>Юбка</Наименование></Товар></Товары></Каталог>
</КоммерческаяИнформация>`;
    const records = await collect(text(xml));
    expect(records.map((r) => `${r.kind}:${r.id}`)).toEqual(['package:c#', 'offer:p1#s', 'package:c', 'product:p1']);
    expect(records[1]).toMatchObject({ productId: 'p1', characteristicId: 's', quantity: 1, prices: [], stock: [] });
  });

  it('skips elements it does not know, reads prefixed names and a rests-only offer', async () => {
    const xml = `<?xml version="1.0"?>
<cml:КоммерческаяИнформация xmlns:cml="urn:1C.ru:commerceml_2"><cml:Неизвестное><cml:Товар><cml:Ид>x</cml:Ид></cml:Товар></cml:Неизвестное>
<cml:ПакетПредложений><cml:Ид>c#</cml:Ид><cml:Предложения><cml:Предложение><cml:Ид>p</cml:Ид>
<cml:Остатки><cml:Остаток><cml:Количество>4</cml:Количество></cml:Остаток></cml:Остатки></cml:Предложение></cml:Предложения></cml:ПакетПредложений></cml:КоммерческаяИнформация>`;
    const records = await collect(text(xml));
    expect(records.map((r) => r.kind)).toEqual(['package', 'offer']);
    expect(records[1]).toMatchObject({ id: 'p', quantity: 4, stock: [] });
  });

  it('throws CommerceMlError with the line and column on malformed XML', async () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация>\n  <Каталог><Ид>c</Ид></Товары>\n';
    const error = await collect(text(xml)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommerceMlError);
    expect(error).toMatchObject({ line: 3 });
    expect((error as CommerceMlError).message).toMatch(
      /^Файл CommerceML не прочитан: ошибка XML.*строка 3, столбец \d+/,
    );
  });

  it.each([
    ['a truncated file', '<?xml version="1.0"?><КоммерческаяИнформация><Каталог>', /ошибка XML/],
    ['not CommerceML', '<html><body>502</body></html>', /корневой элемент «html»/],
    ['an empty file', '', /ошибка XML/],
    [
      'a price that is not a number',
      '<КоммерческаяИнформация><ПакетПредложений><Ид>c</Ид><Предложения><Предложение><Ид>p</Ид><Цены><Цена><ИдТипаЦены>t</ИдТипаЦены><ЦенаЗаЕдиницу>12р</ЦенаЗаЕдиницу></Цена></Цены></Предложение></Предложения></ПакетПредложений></КоммерческаяИнформация>',
      /цена «12р» не число/,
    ],
    [
      'a price no coat has (and no column holds)',
      '<КоммерческаяИнформация><ПакетПредложений><Ид>c</Ид><Предложения><Предложение><Ид>p</Ид><Цены><Цена><ИдТипаЦены>t</ИдТипаЦены><ЦенаЗаЕдиницу>99999999999999999999</ЦенаЗаЕдиницу></Цена></Цены></Предложение></Предложения></ПакетПредложений></КоммерческаяИнформация>',
      /цена «99999999999999999999» не от 0 до 10 000 000 ₽/,
    ],
    [
      'a product without its Ид',
      '<КоммерческаяИнформация><Каталог><Ид>c</Ид><Товары><Товар><Наименование>x</Наименование></Товар></Товары></Каталог></КоммерческаяИнформация>',
      /в элементе «Товар» нет «Ид»/,
    ],
  ])('throws CommerceMlError on %s', async (_, xml, message) => {
    const error = await collect(text(xml)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommerceMlError);
    expect((error as Error).message).toMatch(message);
  });

  it('throws on bytes that are not in the declared encoding instead of reading mojibake', async () => {
    const lying = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация><Каталог><Ид>'),
      new Uint8Array([0xcf, 0xeb, 0xe0, 0xf2]), // «Плат» in windows-1251
      Buffer.from('</Ид></Каталог></КоммерческаяИнформация>'),
    ]);
    const error = await collect([lying]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommerceMlError);
    expect((error as Error).message).toMatch(/не в кодировке utf-8/);
  });
});

describe('parseCatalogue on 20 000 offers', () => {
  const COUNT = 20_000;
  /** `gc` without `--expose-gc`: turned on for this process, then taken from a fresh context. */
  function gc(): () => void {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  }

  it('streams a generated offers.xml with memory flat and reports the time', async () => {
    const collectGarbage = gc();
    const options: WriteOptions = { encoding: 'windows-1251' };
    const pkg = bigPackage({ offers: COUNT, warehouses: 20 });
    let bytes = 0;
    let writing = 0; // the time the generator takes to write the file, left out of the parse time
    const input = (function* () {
      let started = performance.now();
      for (const chunk of encodeChunks(offersXml(pkg, options), options)) {
        writing += performance.now() - started;
        bytes += chunk.length;
        yield chunk;
        started = performance.now();
      }
    })();

    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    let peak = 0;
    let offers = 0;
    const started = performance.now();
    for await (const record of parseCatalogue(input)) {
      if (record.kind !== 'offer') continue;
      offers++;
      if (offers % 2_000 === 0) {
        collectGarbage();
        peak = Math.max(peak, process.memoryUsage().heapUsed - before);
      }
    }
    const parsing = (performance.now() - started - writing) / 1000;
    const mb = (n: number) => (n / 2 ** 20).toFixed(1);
    console.info(
      `CommerceML: ${offers} offers × 20 stores, ${mb(bytes)} MB windows-1251, parsed in ${parsing.toFixed(2)} s (written in ${(writing / 1000).toFixed(2)} s), live heap growth at most ${mb(peak)} MB`,
    );
    expect(offers).toBe(COUNT);
    // The file is tens of megabytes and the records hundreds: holding either would be far past this bound.
    expect(peak).toBeLessThan(16 * 2 ** 20);
  }, 180_000);
});

describe('«changes only» as CommerceML 2.03 writes it: an element, before or after the products', () => {
  const xml = (flag: string, where: 'head' | 'tail') =>
    Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.03" ДатаФормирования="2026-11-26T10:00:00">
  <Каталог>
    <Ид>cat-203</Ид>
    <Наименование>Каталог</Наименование>
    ${where === 'head' ? `<СодержитТолькоИзменения>${flag}</СодержитТолькоИзменения>` : ''}
    <Товары><Товар><Ид>p-1</Ид><Наименование>Шарф</Наименование></Товар></Товары>
    ${where === 'tail' ? `<СодержитТолькоИзменения>${flag}</СодержитТолькоИзменения>` : ''}
  </Каталог>
</КоммерческаяИнформация>`);
  const flags = async (bytes: Buffer) =>
    (await collect([bytes])).flatMap((r) => (r.kind === 'package' ? [r.changesOnly] : []));

  it('reads it in the head, and after the products tells the package again', async () => {
    expect(await flags(xml('true', 'head'))).toEqual([true]);
    expect(await flags(xml('true', 'tail'))).toEqual([false, true]);
    expect(await flags(xml('false', 'tail'))).toEqual([false, false]);
  });
});
