import type { OrderStatus } from '../order/process';
import { namedAs } from './catalogue-mapping';
import type { ChangeCount, ImportIssue } from './ports';

/**
 * The 1C import's rules, each defined once (issue 41): what it fills in where 1C gives nothing, which records it skips
 * and why, and how it counts what a file changed. The repository (db/repositories/exchange-import-*.ts) calls these or
 * builds its SQL from them, and tests/api/exchange-import-rules.test.ts holds the two to the same answers.
 */

/** What a new record takes where 1C gives none. */
export const IMPORT_DEFAULTS = {
  /** The brand of a product 1C names none for. */
  brand: 'Без бренда',
  /** The colour of an offer whose product and characteristics name none. */
  color: { code: 'other', name: 'Другой', hex: '#b9b4ad' },
  /** The size of an offer 1C gives none for: a scarf, a hat. */
  size: 'Единый',
  /** Where a new section or product stands among the staff's (1C gives no order; the staff sort by hand). */
  sort: 500,
  /** The URL a top-level 1C group's section goes under. */
  sectionRoot: '/catalog/',
} as const;

/** Why a record was not written: the operator reads the message by the record's 1C `Ид`. */
export type ImportSkip = { reason: SkipReason; message: string | null };
export type SkipReason = 'groupDeleted' | 'parentGroupMissing' | 'productWithoutGroup' | 'productGroupMissing';

/**
 * A group 1C marked deleted leaves its section be (products may still be in it) and says nothing; a group whose parent
 * is not loaded has no place in the menu yet.
 */
export function groupSkip(
  group: { deleted: boolean; parentId: string | null },
  parentLoaded: boolean,
): ImportSkip | null {
  if (group.deleted) return { reason: 'groupDeleted', message: null };
  if (group.parentId && !parentLoaded)
    return {
      reason: 'parentGroupMissing',
      message: `Родительская группа ${group.parentId} не загружена: группа пропущена.`,
    };
  return null;
}

/** A product needs the section of its group: without a group, or with one not loaded, it is not written. */
export function productSkip(product: { groupId: string | null }, groupLoaded: boolean): ImportSkip | null {
  if (!product.groupId)
    return { reason: 'productWithoutGroup', message: 'У товара нет группы каталога: товар пропущен.' };
  if (!groupLoaded)
    return { reason: 'productGroupMissing', message: `Группа ${product.groupId} не загружена: товар пропущен.` };
  return null;
}

/** A size without a price is not sold: its stock is written as none until the price comes. */
export const isSold = (price: number) => price > 0;

/** The issues of the offers whose file gave prices but none of the retail type. */
export const NO_RETAIL_PRICE = 'Нет цены розничного типа (см. «Типы цен» в «Обмен с 1С»).';
/** A warehouse an offer's stock names that the package's `Склады` did not describe. */
export const UNKNOWN_WAREHOUSE = 'Склад не описан в пакете (нет в «Склады»): его остатки не загружены.';

export const issue = (id: string, message: string): ImportIssue => ({ id, message });

/**
 * Orders whose stock 1C does not know yet, so it is taken off 1C's count: not yet handed to 1C, and not given back
 * (cancelled or returned). `heldByOrderSql` (db/repositories/exchange-import-stock.ts) is built from this.
 */
export const HOLDS_STOCK_1C_DOES_NOT_KNOW = {
  exported: false,
  releasedStatuses: ['cancelled', 'returned'] as readonly OrderStatus[],
} as const;

export const holdsStock1CDoesNotKnow = (order: { exported: boolean; status: OrderStatus }) =>
  order.exported === HOLDS_STOCK_1C_DOES_NOT_KNOW.exported &&
  !HOLDS_STOCK_1C_DOES_NOT_KNOW.releasedStatuses.includes(order.status);

/** What is known of a stock row as a file writes it: whether it existed, whether it is empty now, whether it is as it was. */
export const STOCK_FACTS = ['existed', 'empty', 'same'] as const;
export type StockFacts = Record<(typeof STOCK_FACTS)[number], boolean>;
export type ChangeKindCount = keyof ChangeCount;

/**
 * How a stock row's change counts, the first line whose facts hold: as it was, or none before and none now, is no
 * change (and the row is not written); a new row is created; a row emptied is removed; any other is changed.
 * `stockCountSql` builds the SQL that writes and counts stock from this table.
 */
export const STOCK_COUNTING: readonly { when: Partial<StockFacts>; count: ChangeKindCount | null }[] = [
  { when: { same: true }, count: null },
  { when: { existed: false, empty: true }, count: null },
  { when: { existed: false }, count: 'created' },
  { when: { empty: true }, count: 'removed' },
  { when: {}, count: 'changed' },
];

export const stockCount = (facts: StockFacts): ChangeKindCount | null =>
  STOCK_COUNTING.find((line) => STOCK_FACTS.every((f) => line.when[f] === undefined || line.when[f] === facts[f]))
    ?.count ?? null;

/** The fields of a 1C product whose change counts the product as changed (and copies it onto its variants). */
export const PRODUCT_FIELDS = [
  'name',
  'article',
  'description',
  'sectionId',
  'brandId',
  'colorCode',
  'props',
  'images',
  'deleted',
] as const;
/** Where an offer stands: a change of its colour's product or its size counts it as changed (moved). */
export const OFFER_FIELDS = ['productId', 'sizeName', 'sizeSort'] as const;
/** An offer's price and old price: a change of either counts a price as changed. */
export const PRICE_FIELDS = ['price', 'old'] as const;

/**
 * Whether a record a file writes is created (new), changed (one of `fields` differs), or neither; values compare as
 * JSON with object keys in order, so `{a,b}` equals `{b,a}` and an identical package counts nothing.
 */
export function changeOf<F extends string>(
  fields: readonly F[],
  before: Readonly<Record<F, unknown>> | null | undefined,
  after: Readonly<Record<F, unknown>>,
): 'created' | 'changed' | null {
  if (!before) return 'created';
  return fields.some((f) => !sameValue(before[f], after[f])) ? 'changed' : null;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
const sorted = (v: unknown): unknown =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
    : v;

/**
 * Where a section made for a new 1C group goes in the menu, by its depth: a top group as a category, its subgroup as
 * a block of the category, the next as an item of the block; deeper ones stay in the listings' tree only.
 */
export const MENU_PLACES = ['category', 'block', 'item'] as const;
export const menuPlaceOf = (depth: number) => MENU_PLACES[depth - 1] ?? null;

/**
 * A first exchange that sells (issue 43.2): when no price type is the retail one yet, the file's only type without a
 * role is taken as retail, or of several the one named like retail (the staff are asked to confirm it). Names
 * compare as the settings' do (`namedAs`: as written or followed by more words).
 */
export const RETAIL_LIKE_NAMES = ['Розничная', 'Retail', 'Основная', 'BASE'] as const;

export interface AdoptedRetail {
  id: string;
  /** Taken by its name from several: the staff should confirm it. */
  confirm: boolean;
  /** What the exchange log says of it. */
  message: string;
}

/** `types`: the file's price types with their roles; `retailKnown`: some type (of any file) is the retail one. */
export function adoptRetail(
  types: readonly { id: string; name: string; role: string | null }[],
  retailKnown: boolean,
): AdoptedRetail | null {
  if (retailKnown || types.some((t) => t.role === 'retail')) return null;
  const unmapped = types.filter((t) => t.role === null);
  const [only] = unmapped;
  if (only && unmapped.length === 1)
    return {
      id: only.id,
      confirm: false,
      message: `Тип цен «${only.name}» — единственный без роли: его цены загружены как розничные (изменить — «Типы цен» в «Обмен с 1С»).`,
    };
  const named = unmapped.find((t) => RETAIL_LIKE_NAMES.some((wanted) => namedAs(t.name, wanted)));
  if (!named) return null;
  return {
    id: named.id,
    confirm: true,
    message: `Тип цен «${named.name}» взят как розничная цена из ${unmapped.length} типов без роли: подтвердите или выберите другой в «Типы цен» в «Обмен с 1С».`,
  };
}

/**
 * The store a 1C warehouse's stock goes to: its mapped store; a warehouse the package describes but no store is
 * mapped to counts as the online warehouse until the staff map it (so a first exchange shows goods in stock); one the
 * package does not describe gives nothing (`UNKNOWN_WAREHOUSE`).
 */
export function warehouseStore(mapped: number | null | undefined, online: number | null): number | null {
  if (mapped === undefined) return null;
  return mapped ?? online;
}
