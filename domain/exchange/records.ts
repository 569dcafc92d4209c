/**
 * What a CommerceML 2.0x catalogue package (import*.xml, offers*.xml, prices*.xml, rests*.xml from 1C) says, as plain
 * records, independent of XML. A parser emits them one by one in document order; an importer maps them by 1C's `Ид`.
 * Each record carries only what its element mentioned: a prices file gives offers with prices and no stock, a rests
 * file offers with stock and no prices, so an empty list means «not in this file», never «remove».
 */

/** The head of `Классификатор`, `Каталог` or `ПакетПредложений`: which 1C catalogue it is and whether it is complete. */
export interface PackageRecord {
  kind: 'package';
  part: 'classifier' | 'catalogue' | 'offers';
  id: string;
  name: string | null;
  classifierId: string | null;
  catalogueId: string | null;
  /** `СодержитТолькоИзменения="true"`: a delta, which never removes what it does not mention. Absent means full. */
  changesOnly: boolean;
  /** `ВерсияСхемы` of the document, such as "2.10". */
  schemaVersion: string | null;
}

/** A catalogue group; a group is emitted before its subgroups. */
export interface GroupRecord {
  kind: 'group';
  id: string;
  name: string;
  parentId: string | null;
  deleted: boolean;
}

/** A property with its value dictionary (`ВариантыЗначений`), empty for a free-text or numeric property. */
export interface PropertyRecord {
  kind: 'property';
  id: string;
  name: string;
  values: { id: string; value: string }[];
  deleted: boolean;
}

export interface PropertyValue {
  propertyId: string;
  /** The text: the dictionary's text when the file gave a dictionary value `Ид`, otherwise the text as written. */
  value: string;
  /** The dictionary value `Ид` the file gave, or null when the value was plain text. */
  valueId: string | null;
}

export interface ProductRecord {
  kind: 'product';
  id: string;
  name: string;
  article: string | null;
  description: string | null;
  groupIds: string[];
  properties: PropertyValue[];
  /** `ЗначенияРеквизитов`: «ВидНоменклатуры», «Полное наименование», «Вес»… */
  requisites: { name: string; value: string }[];
  /** The `Вес` element (kilograms), as written; null when absent (the requisite «Вес» may say it instead). */
  weight?: string | null;
  /** `Картинка` paths inside the package, such as "import_files/ab/abcd.jpg". */
  images: string[];
  /** `Статус="Удален"` or `ПометкаУдаления` true: hide it, never delete (orders refer to it). */
  deleted: boolean;
}

export interface PriceTypeRecord {
  kind: 'priceType';
  id: string;
  name: string;
  currency: string | null;
}

export interface WarehouseRecord {
  kind: 'warehouse';
  id: string;
  name: string;
}

export interface OfferPrice {
  priceTypeId: string;
  kopecks: number;
  currency: string | null;
}

export interface OfferRecord {
  kind: 'offer';
  /** "productGuid#characteristicGuid" for a size or colour of a product, or the product's own `Ид`. */
  id: string;
  productId: string;
  characteristicId: string | null;
  name: string | null;
  /** `ХарактеристикиТовара`: «Размер» → «M», «Цвет» → «белый». */
  characteristics: { name: string; value: string }[];
  prices: OfferPrice[];
  /** `Количество`, the total; null when the file does not give it. */
  quantity: number | null;
  stock: { warehouseId: string; quantity: number }[];
  deleted: boolean;
}

export type CatalogueRecord =
  | PackageRecord
  | GroupRecord
  | PropertyRecord
  | ProductRecord
  | PriceTypeRecord
  | WarehouseRecord
  | OfferRecord;

/** The offer `Ид` split at its first `#`: the product's `Ид` and the characteristic's, if any. */
export function splitOfferId(id: string): { productId: string; characteristicId: string | null } {
  const hash = id.indexOf('#');
  if (hash < 0) return { productId: id, characteristicId: null };
  return { productId: id.slice(0, hash), characteristicId: id.slice(hash + 1) || null };
}

/**
 * A CommerceML decimal ("1990", "3159.00", "1 990,50") in kopecks, rounded half up; null when it is not a number.
 * Done on the digits, not through a float, so 0.29 stays 29 kopecks.
 */
export function parseKopecks(text: string): number | null {
  const match = /^(-?)(\d+)(?:[.,](\d*))?$/.exec(text.replace(/[\s\u00a0]/g, ''));
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  const rounded = cents + (Number(fraction[2] ?? '0') >= 5 ? 1 : 0);
  return sign && rounded ? -rounded : rounded;
}

/** A CommerceML quantity ("5", "5,000", "-2") as a number; null when it is not a number. */
export function parseQuantity(text: string): number | null {
  const normal = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(normal) ? Number(normal) || 0 : null;
}
