import { MAX_PRICE } from '../../../domain/catalog/admin/rules';
import {
  type GroupRecord,
  type OfferPrice,
  type OfferRecord,
  type PackageRecord,
  type PriceTypeRecord,
  type ProductRecord,
  type PropertyRecord,
  type PropertyValue,
  parseKopecks,
  parseQuantity,
  splitOfferId,
  type WarehouseRecord,
} from '../../../domain/exchange/records';

/** One captured element: only the element being read (a product, an offer…) is ever held, never the document. */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** A fault in an element the XML parser accepted, such as a price that is not a number. */
export class ElementError extends Error {}

/** Property `Ид` → its dictionary (value `Ид` → text), learnt from the classifier read so far. */
export type Dictionary = Map<string, Map<string, string>>;

function child(node: XmlNode, name: string): XmlNode | undefined {
  return node.children.find((c) => c.name === name);
}

function children(node: XmlNode | undefined, name: string): XmlNode[] {
  return node ? node.children.filter((c) => c.name === name) : [];
}

function text(node: XmlNode | undefined, name: string): string | null {
  const found = node && child(node, name);
  return found ? found.text.trim() : null;
}

function required(node: XmlNode, name: string): string {
  const value = text(node, name);
  if (!value) throw new ElementError(`в элементе «${node.name}» нет «${name}»`);
  return value;
}

export function isTrue(value: string | null | undefined): boolean {
  return value?.trim().toLowerCase() === 'true';
}

function requisites(node: XmlNode): { name: string; value: string }[] {
  return children(child(node, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита').map((r) => ({
    name: text(r, 'Наименование') ?? '',
    value: text(r, 'Значение') ?? '',
  }));
}

/** `Статус="Удален"`, a `ПометкаУдаления` element or a `ПометкаУдаления` requisite. */
function isDeleted(node: XmlNode, reqs = requisites(node)): boolean {
  return (
    node.attrs.Статус?.trim() === 'Удален' ||
    isTrue(text(node, 'ПометкаУдаления')) ||
    reqs.some((r) => r.name === 'ПометкаУдаления' && isTrue(r.value))
  );
}

export function readPackage(node: XmlNode, schemaVersion: string | null): PackageRecord {
  const id = required(node, 'Ид');
  const part = node.name === 'Классификатор' ? 'classifier' : node.name === 'Каталог' ? 'catalogue' : 'offers';
  return {
    kind: 'package',
    part,
    id,
    name: text(node, 'Наименование'),
    classifierId: part === 'classifier' ? id : text(node, 'ИдКлассификатора'),
    catalogueId: part === 'catalogue' ? id : text(node, 'ИдКаталога'),
    // An attribute since 2.04; an element in 2.03 (before or after the products).
    changesOnly: isTrue(node.attrs.СодержитТолькоИзменения) || isTrue(text(node, 'СодержитТолькоИзменения')),
    schemaVersion,
  };
}

export function readGroup(node: XmlNode, parentId: string | null): GroupRecord {
  return {
    kind: 'group',
    id: required(node, 'Ид'),
    name: text(node, 'Наименование') ?? '',
    parentId,
    deleted: isDeleted(node),
  };
}

export function readProperty(node: XmlNode): PropertyRecord {
  const values = (child(node, 'ВариантыЗначений')?.children ?? []).flatMap((v) => {
    const id = text(v, 'ИдЗначения') ?? text(v, 'Ид');
    return id ? [{ id, value: text(v, 'Значение') ?? '' }] : [];
  });
  return {
    kind: 'property',
    id: required(node, 'Ид'),
    name: text(node, 'Наименование') ?? '',
    values,
    deleted: isDeleted(node),
  };
}

function propertyValues(node: XmlNode, dictionary: Dictionary): PropertyValue[] {
  return children(child(node, 'ЗначенияСвойств'), 'ЗначенияСвойства').flatMap((v) => {
    const propertyId = text(v, 'Ид');
    if (!propertyId) return [];
    // A multi-valued property repeats `Значение` inside one `ЗначенияСвойства`.
    return children(v, 'Значение').map((raw): PropertyValue => {
      const written = raw.text.trim();
      const resolved = dictionary.get(propertyId)?.get(written);
      return resolved === undefined
        ? { propertyId, value: written, valueId: null }
        : { propertyId, value: resolved, valueId: written };
    });
  });
}

export function readProduct(node: XmlNode, dictionary: Dictionary): ProductRecord {
  const reqs = requisites(node);
  const weight = text(node, 'Вес');
  return {
    kind: 'product',
    id: required(node, 'Ид'),
    name: text(node, 'Наименование') ?? '',
    article: text(node, 'Артикул') || null,
    description: text(node, 'Описание') || null,
    groupIds: children(child(node, 'Группы'), 'Ид').map((g) => g.text.trim()),
    properties: propertyValues(node, dictionary),
    requisites: reqs,
    images: children(node, 'Картинка')
      .map((i) => i.text.trim())
      .filter(Boolean),
    deleted: isDeleted(node, reqs),
    // Only when written: most files say a weight, if at all, as the requisite «Вес».
    ...(weight ? { weight } : {}),
  };
}

export function readPriceType(node: XmlNode): PriceTypeRecord {
  return {
    kind: 'priceType',
    id: text(node, 'Ид') || required(node, 'ИдТипаЦены'),
    name: text(node, 'Наименование') ?? '',
    currency: text(node, 'Валюта') || null,
  };
}

export function readWarehouse(node: XmlNode): WarehouseRecord {
  return { kind: 'warehouse', id: required(node, 'Ид'), name: text(node, 'Наименование') ?? '' };
}

function quantityOf(value: string, what: string): number {
  const quantity = parseQuantity(value);
  if (quantity === null) throw new ElementError(`${what} «${value}» не число`);
  return quantity;
}

function prices(node: XmlNode): OfferPrice[] {
  return children(child(node, 'Цены'), 'Цена').flatMap((p) => {
    const written = text(p, 'ЦенаЗаЕдиницу');
    if (!written) return []; // 1C leaves a price it has not set empty
    const kopecks = parseKopecks(written);
    if (kopecks === null) throw new ElementError(`цена «${written}» не число`);
    // What no coat costs, and a database column cannot hold: the file is wrong, not the shop.
    if (kopecks < 0 || kopecks > MAX_PRICE) throw new ElementError(`цена «${written}» не от 0 до 10 000 000 ₽`);
    return [{ priceTypeId: required(p, 'ИдТипаЦены'), kopecks, currency: text(p, 'Валюта') || null }];
  });
}

/** Stock by warehouse in both shapes: `<Склад ИдСклада КоличествоНаСкладе/>` and 2.08's `<Остатки><Остаток><Склад>`. */
function stock(node: XmlNode): { stock: OfferRecord['stock']; total: number | null } {
  const rows = children(node, 'Склад').map((s) => ({
    warehouseId: s.attrs.ИдСклада ?? '',
    quantity: quantityOf(s.attrs.КоличествоНаСкладе ?? '', 'остаток'),
  }));
  let total: number | null = null;
  for (const rest of children(child(node, 'Остатки'), 'Остаток')) {
    const warehouse = child(rest, 'Склад');
    const amount = text(warehouse, 'Количество') ?? text(rest, 'Количество');
    if (amount === null) continue;
    if (warehouse) rows.push({ warehouseId: required(warehouse, 'Ид'), quantity: quantityOf(amount, 'остаток') });
    else total = quantityOf(amount, 'остаток');
  }
  return { stock: rows.filter((r) => r.warehouseId), total };
}

export function readOffer(node: XmlNode): OfferRecord {
  const id = required(node, 'Ид');
  const quantity = text(node, 'Количество');
  const rests = stock(node);
  return {
    kind: 'offer',
    id,
    ...splitOfferId(id),
    name: text(node, 'Наименование') || null,
    characteristics: children(child(node, 'ХарактеристикиТовара'), 'ХарактеристикаТовара').map((c) => ({
      name: text(c, 'Наименование') ?? '',
      value: text(c, 'Значение') ?? '',
    })),
    prices: prices(node),
    quantity: quantity ? quantityOf(quantity, 'количество') : rests.total,
    stock: rests.stock,
    deleted: isDeleted(node),
  };
}
