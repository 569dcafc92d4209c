import type { ParcelFacts } from '../delivery/parcel';
import { parcelFrom1C } from './parcel-requisites';
import { PROPS, type PropCode } from '../catalog/filter/props';
import type { OfferRecord, ProductRecord, PropertyRecord } from './records';
import { type PriceRounding, roundPrice } from '../pricing/price-rounding';
import { CYRILLIC_LATIN } from '../text/transliterate';

/**
 * How 1C's words become the shop's fields (issue 26): a property by its name, a value by its text, a price type by a
 * setting, a size and a colour from an offer's characteristics. Pure: the importer and its tests share it.
 */

/** What a 1C property fills on the shop: the brand, the colour, or one of the filterable props. */
export type PropertyTarget = 'brand' | 'color' | PropCode;

/** Lower case, `ё` as `е`, single spaces (the same in SQL for colours): how names are compared. */
export const normalName = (text: string) =>
  text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[ \t\n\r\f\v\u00a0]+/g, ' ')
    .trim();

const TARGETS: Record<string, PropertyTarget> = {
  бренд: 'brand',
  производитель: 'brand',
  'торговая марка': 'brand',
  марка: 'brand',
  цвет: 'color',
  материал: 'material',
  'материал верха': 'material',
  утеплитель: 'insulation',
  наполнитель: 'insulation',
  длина: 'length',
  сезон: 'season',
  сезонность: 'season',
  капюшон: 'hood',
};

/** By the name, or by its first words as 1C's configurations vary them («Бренд (торговая марка)», «Цвет основной»). */
export function propertyTarget(name: string): PropertyTarget | null {
  const normal = normalName(name);
  const exact = TARGETS[normal];
  if (exact) return exact;
  const key = Object.keys(TARGETS).find((k) => normal.startsWith(`${k} `) || normal.startsWith(`${k} (`));
  return key ? (TARGETS[key] ?? null) : null;
}

/** A prop's value code for 1C's text («Пух-перо» → `down-feather`), by the shop's name or code; null when unknown. */
export function propValueCode(code: PropCode, text: string): string | null {
  const wanted = normalName(text);
  const found = PROPS[code].values.find(([value, name]) => normalName(name) === wanted || value === wanted);
  return found ? found[0] : null;
}

/** What the importer keeps of a 1C property: its target and its value dictionary. */
export interface PropertyMapping {
  target: PropertyTarget | null;
  values: Record<string, string>;
}

export function propertyMapping(record: PropertyRecord, before?: PropertyMapping): PropertyMapping {
  const values = { ...(before?.values ?? {}) };
  for (const v of record.values) values[v.id] = v.value;
  return { target: propertyTarget(record.name), values };
}

/** A 1C product as the shop stores it: text fields, the first group, the brand and colour names, the props. */
export interface ProductInput {
  onecId: string;
  name: string;
  article: string;
  description: string;
  groupId: string | null;
  brandName: string | null;
  colorName: string | null;
  props: Record<string, string>;
  /** `ЗначенияРеквизитов` by name, kept on the 1C product as sent (the shop shows none of them yet). */
  requisites: Record<string, string>;
  /** The weight (grams) and size (cm) 1C sent that the shop could read; what it did not send is absent. */
  parcel: Partial<ParcelFacts>;
  /** Why a weight or size 1C sent was not taken, for the import's log. */
  parcelProblems: string[];
  /** Photo paths inside the package; the importer turns them into stored files. */
  imagePaths: string[];
  deleted: boolean;
}

export function productInput(record: ProductRecord, properties: ReadonlyMap<string, PropertyMapping>): ProductInput {
  let brandName: string | null = null;
  let colorName: string | null = null;
  const props: Record<string, string> = {};
  for (const value of record.properties) {
    const mapping = properties.get(value.propertyId);
    if (!mapping?.target) continue;
    // A dictionary value may come as its `Ид` only when the classifier came in an earlier file.
    const text = (value.valueId ? mapping.values[value.valueId] : null) ?? mapping.values[value.value] ?? value.value;
    if (!text.trim()) continue;
    if (mapping.target === 'brand') brandName = text.trim();
    else if (mapping.target === 'color') colorName = text.trim();
    else {
      const code = propValueCode(mapping.target, text);
      if (code) props[mapping.target] = code;
    }
  }
  const requisites = Object.fromEntries(record.requisites.map((r) => [r.name.trim(), r.value.trim()]));
  const parcel = parcelFrom1C(record.weight ?? null, requisites);
  return {
    onecId: record.id,
    name: record.name.trim() || record.id,
    article: record.article?.trim() ?? '',
    description: record.description?.trim() ?? '',
    groupId: record.groupIds[0] ?? null,
    brandName,
    colorName,
    props,
    requisites,
    parcel: parcel.facts,
    parcelProblems: parcel.problems,
    imagePaths: record.images,
    deleted: record.deleted,
  };
}

export type PriceRole = 'retail' | 'old';

/** The settings that say which 1C price type is the retail price and which the old one: a name or an `Ид`. */
export interface PriceTypeSetting {
  retail: string;
  old: string;
}

/** A name as `wanted` is written or followed by more words («Розничная цена» for «Розничная»), case aside. */
export const namedAs = (name: string, wanted: string) =>
  normalName(name) === normalName(wanted) || normalName(name).startsWith(`${normalName(wanted)} `);

/** By `Ид`, or by name (`namedAs`). */
export function priceRole(type: { id: string; name: string }, setting: PriceTypeSetting): PriceRole | null {
  const matches = (wanted: string) => type.id === wanted || namedAs(type.name, wanted);
  if (matches(setting.retail)) return 'retail';
  if (matches(setting.old)) return 'old';
  return null;
}

/** An offer as the shop stores it: colour and size, prices by role, stock by 1C warehouse. */
export interface OfferInput {
  onecId: string;
  onecProductId: string;
  /**
   * The colour and size the file gives, or null when it gives none (a prices or rests file): a known offer then
   * stays where it is, a new one takes the product's colour and the default size (`IMPORT_DEFAULTS`).
   */
  colorName: string | null;
  sizeName: string | null;
  /** Null when the file gave no price for it (prices come in another file). */
  prices: { retail: number | null; old: number | null } | null;
  /** Null when the file gave no stock for it; `total` alone (no warehouses) goes to the web warehouse. */
  stock: { warehouses: { warehouseId: string; quantity: number }[]; total: number | null } | null;
  /** The file gave prices for it, but none of the retail price type. */
  noRetailPrice: boolean;
  deleted: boolean;
}

/**
 * An offer's price and old price after a file: the retail price it gives, else the one it had (0 for a new offer);
 * the old price it gives (or had, when it gives no prices), kept only above the price.
 */
export function offerPrice(
  offer: Pick<OfferInput, 'prices'>,
  current: { price: number; old: number | null } | null,
): { price: number; old: number | null } {
  const price = offer.prices?.retail ?? current?.price ?? 0;
  const old = offer.prices ? offer.prices.old : (current?.old ?? null);
  return { price, old: old !== null && old > price ? old : null };
}

/** An offer of a file as the shop stores it; its prices under the shop's pricing rule (`PRICE_ROUNDING`). */
export function offerInput(
  record: OfferRecord,
  roles: ReadonlyMap<string, PriceRole | null>,
  rounding: PriceRounding = 'none',
): OfferInput {
  let sizeName: string | null = null;
  let colorName: string | null = null;
  for (const c of record.characteristics) {
    // «Размер», «Размер одежды», «Цвет», «Цвет (осн.)»: 1C's configurations name them their own way.
    const name = normalName(c.name);
    if (name.startsWith('размер') || name === 'size') sizeName = c.value.trim() || null;
    else if (name.startsWith('цвет') || name === 'color') colorName = c.value.trim() || null;
  }
  sizeName ??= sizeInName(record.name);
  let prices: OfferInput['prices'] = null;
  for (const p of record.prices) {
    const role = roles.get(p.priceTypeId);
    if (!role) continue;
    prices ??= { retail: null, old: null };
    prices[role] = roundPrice(p.kopecks, rounding);
  }
  const hasStock = record.stock.length > 0 || record.quantity !== null;
  return {
    onecId: record.id,
    onecProductId: record.productId,
    colorName,
    sizeName,
    prices,
    noRetailPrice: record.prices.length > 0 && !prices?.retail,
    stock: hasStock
      ? {
          warehouses: record.stock.map((s) => ({
            warehouseId: s.warehouseId,
            quantity: Math.max(0, Math.floor(s.quantity)),
          })),
          total: record.quantity === null ? null : Math.max(0, Math.floor(record.quantity)),
        }
      : null,
    deleted: record.deleted,
  };
}

/**
 * The size in an offer's name when its characteristics give none: 1C configurations without characteristics name
 * each size's offer «Пуховик (M)» or «Пуховик, 48». Only a size-like word is taken (letters such as M or XXL, a number
 * such as 48, 44-46 or 48/176), so «Куртка (новинка)» gives none.
 */
export function sizeInName(name: string | null): string | null {
  const match = /(?:\(([^()]+)\)|,\s*([^,()]+))\s*$/.exec(name?.trim() ?? '');
  const word = (match?.[1] ?? match?.[2] ?? '').trim();
  if (LETTERS.includes(word.toUpperCase())) return word.toUpperCase();
  return /^\d{2,3}(?:[-/]\d{2,3})?$/.test(word) ? word : null;
}

const LETTERS = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];

/**
 * Where a size stands in a list: letters in their order, numbers («48», «44-46», «48/176») by their first number (at
 * most 99 999), anything else after them.
 */
export function sizeSort(name: string): number {
  const letter = LETTERS.indexOf(name.trim().toUpperCase());
  if (letter >= 0) return letter + 1;
  const number = /^\d{1,5}(?:[.,]\d+)?(?!\d)/.exec(name.trim());
  return number ? Math.round(Number(number[0].replace(',', '.'))) : 100_000;
}

/** A URL word for a Russian name: «Пуховики женские» → `pukhoviki-zhenskie`; `fallback` when nothing is left. */
export function slug(text: string, fallback = 'item'): string {
  const latin = [...text.toLowerCase()].map((ch) => CYRILLIC_LATIN[ch] ?? ch).join('');
  const word = latin
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return word || fallback;
}

/** A section's audience from its name, for a top-level group: the listings and size advice read it. */
export function genderOf(name: string): string | null {
  const n = normalName(name);
  if (/(^|[^\p{L}])(жен|women|woman)/u.test(n)) return 'women';
  if (/(^|[^\p{L}])(муж|men|man)/u.test(n)) return 'man';
  return null;
}

const KINDS: [RegExp, string][] = [
  [/пухов/, 'down-jacket'],
  [/парк/, 'parka'],
  [/пальт|плащ|тренч/, 'coat'],
  [/жилет/, 'vest'],
  [/шапк|берет/, 'hat'],
  [/шарф|палантин/, 'scarf'],
  [/перчат|варежк/, 'gloves'],
];

/** The garment kind of a product by its section's or its own name (a jacket when nothing says otherwise). */
export function kindOf(...names: string[]): string {
  const text = normalName(names.join(' '));
  return KINDS.find(([pattern]) => pattern.test(text))?.[1] ?? 'jacket';
}
