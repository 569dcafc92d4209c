import type {
  GroupRecord,
  OfferRecord,
  PriceTypeRecord,
  ProductRecord,
  PropertyRecord,
  WarehouseRecord,
} from '../../../domain/exchange/records';

/**
 * A catalogue package as 1C 8.3 (УТ 11) writes it with CommerceML 2.10: import.xml with `Классификатор` and
 * `Каталог`, offers.xml with `ПакетПредложений`. Used by the tests and by a scripted 1C client. The lists may be
 * generators, so a package of any size is written as a stream.
 */
export interface CataloguePackage {
  changesOnly?: boolean;
  classifierId?: string;
  catalogueId?: string;
  /** `ДатаФормирования`, as 1C writes it: local time without a zone. */
  generatedAt?: string;
  groups?: Iterable<Omit<GroupRecord, 'kind'>>;
  properties?: Iterable<Omit<PropertyRecord, 'kind'>>;
  products?: Iterable<Omit<ProductRecord, 'kind'>>;
  priceTypes?: Iterable<Omit<PriceTypeRecord, 'kind'>>;
  warehouses?: Iterable<Omit<WarehouseRecord, 'kind'>>;
  /** The product is the part of `id` before `#`. */
  offers?: Iterable<Omit<OfferRecord, 'kind' | 'productId' | 'characteristicId'>>;
}

export interface WriteOptions {
  encoding?: 'utf-8' | 'windows-1251';
  /** A UTF-8 byte order mark before the declaration. */
  bom?: boolean;
  /** `<Склад ИдСклада КоличествоНаСкладе/>` (2.05–2.07) or `<Остатки><Остаток><Склад>` (2.08+). */
  stockForm?: 'attributes' | 'nested';
}

interface El {
  name: string;
  attrs?: Record<string, string>;
  content?: string | (El | null)[];
}

const el = (name: string, content?: El['content'], attrs?: El['attrs']): El => ({ name, content, attrs });
const opt = (name: string, value: string | null | undefined): El | null => (value == null ? null : el(name, value));

export function escapeXml(text: string): string {
  if (!/[&<>"]/.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function open(e: El): string {
  const attrs = Object.entries(e.attrs ?? {}).map(([k, v]) => ` ${k}="${escapeXml(v)}"`);
  return `<${e.name}${attrs.join('')}`;
}

function render(e: El, depth: number): string {
  const tabs = '\t'.repeat(depth);
  if (e.content === undefined) return `${tabs}${open(e)}/>\n`;
  if (typeof e.content === 'string') return `${tabs}${open(e)}>${escapeXml(e.content)}</${e.name}>\n`;
  const inner = e.content.map((c) => (c ? render(c, depth + 1) : '')).join('');
  return `${tabs}${open(e)}>\n${inner}${tabs}</${e.name}>\n`;
}

const UNIT = el('БазоваяЕдиница', 'шт', { Код: '796', НаименованиеПолное: 'Штука', МеждународноеСокращение: 'PCE' });
const DEFAULT_CLASSIFIER = 'bd72d8f9-55bc-11d9-848a-00112f43529a';
const DEFAULT_CATALOGUE = 'bd72d8f9-55bc-11d9-848a-00112f43529a';

function* document(pkg: CataloguePackage, options: WriteOptions, body: () => Iterable<string>): Generator<string> {
  const encoding = options.encoding === 'windows-1251' ? 'windows-1251' : 'UTF-8';
  const bom = options.bom && encoding === 'UTF-8' ? '\ufeff' : '';
  yield `${bom}<?xml version="1.0" encoding="${encoding}"?>\n`;
  yield `<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ВерсияСхемы="2.10" ДатаФормирования="${pkg.generatedAt ?? '2026-11-26T12:00:00'}">\n`;
  yield* body();
  yield '</КоммерческаяИнформация>\n';
}

/** Groups nested under their parents, as 1C writes them. */
function groupTree(groups: Omit<GroupRecord, 'kind'>[], parentId: string | null): El[] {
  return groups
    .filter((g) => g.parentId === parentId)
    .map((g) => {
      const subgroups = groupTree(groups, g.id);
      return el('Группа', [
        el('Ид', g.id),
        g.deleted ? el('ПометкаУдаления', 'true') : null,
        el('Наименование', g.name),
        subgroups.length ? el('Группы', subgroups) : null,
      ]);
    });
}

function property(p: Omit<PropertyRecord, 'kind'>): El {
  const values = p.values.map((v) => el('Справочник', [el('ИдЗначения', v.id), el('Значение', v.value)]));
  return el('Свойство', [
    el('Ид', p.id),
    el('Наименование', p.name),
    p.deleted ? el('ПометкаУдаления', 'true') : null,
    el('ТипЗначений', values.length ? 'Справочник' : 'Строка'),
    values.length ? el('ВариантыЗначений', values) : null,
  ]);
}

function product(p: Omit<ProductRecord, 'kind'>): El {
  const requisites = p.requisites.map((r) =>
    el('ЗначениеРеквизита', [el('Наименование', r.name), el('Значение', r.value)]),
  );
  return el(
    'Товар',
    [
      el('Ид', p.id),
      opt('Артикул', p.article),
      el('Наименование', p.name),
      UNIT,
      p.groupIds.length
        ? el(
            'Группы',
            p.groupIds.map((id) => el('Ид', id)),
          )
        : null,
      opt('Описание', p.description),
      ...p.images.map((path) => el('Картинка', path)),
      p.properties.length
        ? el(
            'ЗначенияСвойств',
            p.properties.map((v) =>
              el('ЗначенияСвойства', [el('Ид', v.propertyId), el('Значение', v.valueId ?? v.value)]),
            ),
          )
        : null,
      el('СтавкиНалогов', [el('СтавкаНалога', [el('Наименование', 'НДС'), el('Ставка', '20')])]),
      requisites.length ? el('ЗначенияРеквизитов', requisites) : null,
      opt('Вес', p.weight ?? null),
    ],
    p.deleted ? { Статус: 'Удален' } : undefined,
  );
}

/** import.xml: the classifier (groups, properties) and the catalogue (products). */
export function* importXml(pkg: CataloguePackage, options: WriteOptions = {}): Generator<string> {
  const classifierId = pkg.classifierId ?? DEFAULT_CLASSIFIER;
  const changesOnly = String(pkg.changesOnly ?? false);
  yield* document(pkg, options, function* () {
    const groups = [...(pkg.groups ?? [])];
    const properties = [...(pkg.properties ?? [])];
    yield render(
      el(
        'Классификатор',
        [
          el('Ид', classifierId),
          el('Наименование', 'Классификатор (Основной каталог товаров)'),
          groups.length ? el('Группы', groupTree(groups, null)) : null,
          properties.length ? el('Свойства', properties.map(property)) : null,
        ],
        { СодержитТолькоИзменения: changesOnly },
      ),
      1,
    );
    yield `\t<Каталог СодержитТолькоИзменения="${changesOnly}">\n`;
    yield render(el('Ид', pkg.catalogueId ?? DEFAULT_CATALOGUE), 2);
    yield render(el('ИдКлассификатора', classifierId), 2);
    yield render(el('Наименование', 'Основной каталог товаров'), 2);
    yield '\t\t<Товары>\n';
    for (const p of pkg.products ?? []) yield render(product(p), 3);
    yield '\t\t</Товары>\n\t</Каталог>\n';
  });
}

function money(kopecks: number): string {
  const sign = kopecks < 0 ? '-' : '';
  const abs = Math.abs(kopecks);
  return abs % 100 ? `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}` : `${sign}${abs / 100}`;
}

function offer(o: Omit<OfferRecord, 'kind' | 'productId' | 'characteristicId'>, options: WriteOptions): El {
  const stock =
    options.stockForm === 'nested'
      ? [
          o.stock.length
            ? el(
                'Остатки',
                o.stock.map((s) =>
                  el('Остаток', [el('Склад', [el('Ид', s.warehouseId), el('Количество', String(s.quantity))])]),
                ),
              )
            : null,
        ]
      : o.stock.map((s) => el('Склад', undefined, { ИдСклада: s.warehouseId, КоличествоНаСкладе: String(s.quantity) }));
  const characteristics = o.characteristics.map((c) =>
    el('ХарактеристикаТовара', [el('Наименование', c.name), el('Значение', c.value)]),
  );
  const prices = o.prices.map((p) =>
    el('Цена', [
      el('Представление', `${money(p.kopecks)} ${p.currency ?? ''} за шт`),
      el('ИдТипаЦены', p.priceTypeId),
      el('ЦенаЗаЕдиницу', money(p.kopecks)),
      opt('Валюта', p.currency),
      el('Единица', 'шт'),
      el('Коэффициент', '1'),
    ]),
  );
  return el(
    'Предложение',
    [
      el('Ид', o.id),
      opt('Наименование', o.name),
      UNIT,
      characteristics.length ? el('ХарактеристикиТовара', characteristics) : null,
      prices.length ? el('Цены', prices) : null,
      o.quantity === null ? null : el('Количество', String(o.quantity)),
      ...stock,
    ],
    o.deleted ? { Статус: 'Удален' } : undefined,
  );
}

/** offers.xml: price types, warehouses and the offers (sizes and colours) with prices and stock. */
export function* offersXml(pkg: CataloguePackage, options: WriteOptions = {}): Generator<string> {
  const catalogueId = pkg.catalogueId ?? DEFAULT_CATALOGUE;
  yield* document(pkg, options, function* () {
    yield `\t<ПакетПредложений СодержитТолькоИзменения="${pkg.changesOnly ?? false}">\n`;
    yield render(el('Ид', `${catalogueId}#`), 2);
    yield render(el('Наименование', 'Пакет предложений (Основной каталог товаров)'), 2);
    yield render(el('ИдКаталога', catalogueId), 2);
    yield render(el('ИдКлассификатора', pkg.classifierId ?? DEFAULT_CLASSIFIER), 2);
    const priceTypes = [...(pkg.priceTypes ?? [])].map((t) =>
      el('ТипЦены', [
        el('Ид', t.id),
        el('Наименование', t.name),
        opt('Валюта', t.currency),
        el('Налог', [el('Наименование', 'НДС'), el('УчтеноВСумме', 'true')]),
      ]),
    );
    if (priceTypes.length) yield render(el('ТипыЦен', priceTypes), 2);
    const warehouses = [...(pkg.warehouses ?? [])].map((w) =>
      el('Склад', [el('Ид', w.id), el('Наименование', w.name)]),
    );
    if (warehouses.length) yield render(el('Склады', warehouses), 2);
    yield '\t\t<Предложения>\n';
    for (const o of pkg.offers ?? []) yield render(offer(o, options), 3);
    yield '\t\t</Предложения>\n\t</ПакетПредложений>\n';
  });
}

/** windows-1251 byte by UTF-16 code unit, 0 for a character it lacks; built from the platform's decoder, so exact. */
const CP1251 = (() => {
  const table = new Uint8Array(0x10000);
  for (let code = 1; code < 0x80; code++) table[code] = code;
  const decoder = new TextDecoder('windows-1251');
  for (let byte = 0x80; byte < 0x100; byte++) table[decoder.decode(Uint8Array.of(byte)).charCodeAt(0)] = byte;
  return table;
})();

/** Text in windows-1251; a character it lacks becomes a character reference, which XML reads back as the same. */
export function encodeWindows1251(text: string): Buffer {
  const out = Buffer.allocUnsafe(text.length * 10); // `&#1114111;` is the longest a UTF-16 unit can grow
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const byte = CP1251[text.charCodeAt(i)];
    if (byte) {
      out[length++] = byte;
      continue;
    }
    const code = text.codePointAt(i) ?? 0;
    if (code > 0xffff) i++;
    length += out.write(`&#${code};`, length, 'latin1');
  }
  return Buffer.from(out.subarray(0, length));
}

/** The pieces as bytes in the encoding, joined into chunks of about 64 KB, as a file would be read. */
export function* encodeChunks(pieces: Iterable<string>, options: WriteOptions = {}): Generator<Buffer> {
  const encode = options.encoding === 'windows-1251' ? encodeWindows1251 : (s: string) => Buffer.from(s, 'utf8');
  let pending = '';
  for (const piece of pieces) {
    pending += piece;
    if (pending.length >= 65_536) {
      yield encode(pending);
      pending = '';
    }
  }
  if (pending) yield encode(pending);
}

/** Both files of a package, whole, for a test or an upload. */
export function writePackage(
  pkg: CataloguePackage,
  options: WriteOptions = {},
): { importXml: Buffer; offersXml: Buffer } {
  return {
    importXml: Buffer.concat([...encodeChunks(importXml(pkg, options), options)]),
    offersXml: Buffer.concat([...encodeChunks(offersXml(pkg, options), options)]),
  };
}
