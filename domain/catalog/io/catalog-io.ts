/**
 * The catalogue as a table (issue 47.5): one row per offer with its prices and its stock in each store, exported as
 * CSV or XLSX and imported back. An import changes existing offers only — price, old price, the product's «on sale»
 * (the staff's hold, `unpublished`) and stock by store; it never creates a product or an offer. Money is kopecks
 * inside, roubles in the file. Pure: the file formats are read elsewhere, the rows come here as text cells.
 */
import { type PriceRounding, roundPrices } from '../../pricing/price-rounding';
import { OWNED_BY_1C_NOTE } from '../admin/catalog-admin';
import { kopecksOf, priceProblem } from '../admin/rules';

/** A store as a stock column names it. */
export interface IoStore {
  id: number;
  code: string;
  name: string;
}

/** An offer as the table shows it. */
export interface IoOffer {
  offerId: number;
  productId: number;
  productCode: string;
  article: string;
  name: string;
  color: string;
  size: string;
  onecId: string | null;
  barcode: string | null;
  price: number;
  oldPrice: number | null;
  /** Not held off sale by the staff (`products.unpublished` is false). */
  published: boolean;
  ownedBy1C: boolean;
  /** Quantity by store id; a store absent has none. */
  stock: Record<number, number>;
}

export const COLUMN = {
  productCode: 'Код товара',
  article: 'Артикул',
  name: 'Название',
  color: 'Цвет',
  size: 'Размер',
  offerId: 'ID предложения',
  onecId: 'ID 1С',
  barcode: 'Штрихкод',
  price: 'Цена',
  oldPrice: 'Старая цена',
  published: 'В продаже',
} as const;

/** A stock column's heading: the store's name and, in brackets, its code, by which an import finds the store. */
export const stockColumn = (store: IoStore) => `Остаток: ${store.name} [${store.code}]`;
const STOCK_COLUMN = /^Остаток:.*\[([^\]]+)\]\s*$/;

/** The largest import: rows of one file (a shop's whole catalogue is some 20 000 offers). */
export const MAX_IMPORT_ROWS = 100_000;
/** The largest file an import takes, in megabytes. */
export const MAX_IMPORT_MB = 30;
/** Problems an import answers one by one; the count covers them all. */
export const PROBLEMS_SHOWN = 500;
/** Changes the preview lists one by one; the counts cover them all. */
export const CHANGES_SHOWN = 200;
/** Offers the import's audit entry names one by one; the counts cover them all. */
export const AUDIT_OFFERS_CAP = 500;

export function headerOf(stores: readonly IoStore[]): string[] {
  return [...Object.values(COLUMN), ...stores.map(stockColumn)];
}

/** An offer's row, in the heading's order: prices in roubles (numbers: the file's writer formats them), «да»/«нет». */
export function rowOf(o: IoOffer, stores: readonly IoStore[]): (string | number)[] {
  return [
    o.productCode,
    o.article,
    o.name,
    o.color,
    o.size,
    o.offerId,
    o.onecId ?? '',
    o.barcode ?? '',
    o.price / 100,
    o.oldPrice === null ? '' : o.oldPrice / 100,
    o.published ? 'да' : 'нет',
    ...stores.map((s) => o.stock[s.id] ?? 0),
  ];
}

/** One refused cell: the file's row number (the heading is row 1), the column, and why. */
export interface ImportProblem {
  row: number;
  column: string;
  message: string;
}

export const problemText = (p: ImportProblem) =>
  p.row === 1 ? `Заголовок: ${p.message}` : `Строка ${p.row}, «${p.column}»: ${p.message}`;

/** What an import changes in one offer: each field's value before and after; absent fields stay. */
export interface OfferChange {
  offerId: number;
  productId: number;
  product: string;
  article: string;
  size: string;
  price?: { before: number; after: number };
  oldPrice?: { before: number | null; after: number | null };
  published?: { before: boolean; after: boolean };
  stock: { storeId: number; before: number; after: number }[];
}

export interface ImportCounts {
  /** Offer rows read. */
  rows: number;
  /** Offers with a change. */
  changed: number;
  unchanged: number;
  prices: number;
  oldPrices: number;
  published: number;
  /** Store cells whose quantity changes. */
  stock: number;
  products: number;
  /** Products (an article's colour each) and offers the rows without an offer id create. */
  newProducts?: number;
  newOffers?: number;
}

export interface ImportPlan {
  changes: OfferChange[];
  problems: ImportProblem[];
  counts: ImportCounts;
}

/** A cell as typed: trimmed, and the apostrophe an export puts before text that looks like a formula dropped. */
export const clean = (cell: string | undefined) => {
  const text = (cell ?? '').trim();
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
};

const YES = new Set(['да', 'yes', 'true', '1', 'д', 'y']);
const NO = new Set(['нет', 'no', 'false', '0', 'н', 'n']);

/**
 * The ids of the offers the table names, or the heading's problems: the offer id column is required, a stock column
 * must name a store the shop has, a column (and a store's stock) may come once.
 */
export function readHeading(table: readonly (readonly string[])[], stores: readonly IoStore[]) {
  const heading = (table[0] ?? []).map((h) => clean(h).replace(/^\uFEFF/, ''));
  const problems: ImportProblem[] = [];
  const at = (title: string) => heading.indexOf(title);
  const byCode = new Map(stores.map((s) => [s.code, s]));
  const stockAt: { index: number; store: IoStore; title: string }[] = [];
  heading.forEach((title, index) => {
    if (heading.indexOf(title) !== index && title !== '')
      problems.push({ row: 1, column: title, message: `столбец «${title}» встречается дважды: оставьте один.` });
    const stockOf = STOCK_COLUMN.exec(title);
    if (stockOf) {
      const store = byCode.get((stockOf[1] ?? '').trim());
      if (!store)
        problems.push({
          row: 1,
          column: title,
          message: `в столбце «${title}» склад с кодом «${stockOf[1]}» не найден: возьмите заголовок из выгрузки.`,
        });
      else if (stockAt.some((s) => s.store.id === store.id))
        problems.push({
          row: 1,
          column: title,
          message: `склад «${store.code}» уже есть в другом столбце остатков: оставьте один.`,
        });
      else stockAt.push({ index, store, title });
    }
  });
  if (at(COLUMN.offerId) < 0)
    problems.push({
      row: 1,
      column: COLUMN.offerId,
      message: `нет столбца «${COLUMN.offerId}»: по нему импорт находит размер. Возьмите таблицу из выгрузки.`,
    });
  const columns = {
    offerId: at(COLUMN.offerId),
    price: at(COLUMN.price),
    oldPrice: at(COLUMN.oldPrice),
    published: at(COLUMN.published),
    stock: stockAt,
  };
  if (problems.length === 0 && columns.price < 0 && columns.oldPrice < 0 && columns.published < 0 && !stockAt.length)
    problems.push({
      row: 1,
      column: COLUMN.offerId,
      message: `менять нечего: нет ни столбца «${COLUMN.price}», ни «${COLUMN.oldPrice}», ни «${COLUMN.published}», ни остатков.`,
    });
  return { columns, problems };
}

export type Heading = ReturnType<typeof readHeading>['columns'];

/** The offer ids of the table's rows (what is not an id is left to `planImport` to refuse). */
export function offerIdsOf(table: readonly (readonly string[])[], columns: Heading): number[] {
  const ids = new Set<number>();
  for (const row of table.slice(1)) {
    const id = clean(row[columns.offerId]);
    if (/^\d{1,9}$/.test(id)) ids.add(Number(id));
  }
  return [...ids];
}

const isBlank = (row: readonly string[]) => row.every((c) => clean(c) === '');

/**
 * Every row checked against the offers as they are: each refused cell a problem (nothing is applied while any is
 * left), each offer's differences a change. An empty cell leaves its field as it is, except the old price, whose
 * empty cell removes it when the column is there (as the export writes an offer without one). Prices are rounded
 * as the shop rounds every price it is given.
 */
export function planImport(
  table: readonly (readonly string[])[],
  columns: Heading,
  current: ReadonlyMap<number, IoOffer>,
  rounding: PriceRounding,
  /** Rows with no offer id are new products' (catalog-io-new.ts): left to that plan, counted here as rows. */
  newRows = false,
): ImportPlan {
  const problems: ImportProblem[] = [];
  const changes: OfferChange[] = [];
  const counts: ImportCounts = {
    rows: 0,
    changed: 0,
    unchanged: 0,
    prices: 0,
    oldPrices: 0,
    published: 0,
    stock: 0,
    products: 0,
  };
  const seen = new Map<number, number>();
  /** A product's «on sale» as its first row says it, to refuse a row of the same product saying otherwise. */
  const publishedBy = new Map<number, { value: boolean; row: number }>();
  const products = new Set<number>();
  for (let i = 1; i < table.length; i++) {
    const row = table[i] as readonly string[];
    const line = i + 1;
    if (isBlank(row)) continue;
    counts.rows++;
    const refuse = (column: string, message: string) => problems.push({ row: line, column, message });
    const idText = clean(row[columns.offerId]);
    if (newRows && idText === '') continue;
    if (!/^\d{1,9}$/.test(idText)) {
      refuse(COLUMN.offerId, idText === '' ? 'пусто: укажите номер размера из выгрузки.' : `«${idText}» — не номер.`);
      continue;
    }
    const offerId = Number(idText);
    const offer = current.get(offerId);
    if (!offer) {
      refuse(COLUMN.offerId, `размера №${offerId} нет на сайте (импорт меняет только существующие размеры).`);
      continue;
    }
    const twice = seen.get(offerId);
    if (twice !== undefined) {
      refuse(COLUMN.offerId, `размер №${offerId} уже есть в строке ${twice}: оставьте одну строку.`);
      continue;
    }
    seen.set(offerId, line);
    const before = problems.length;
    // Prices: what the cells say, else what the offer has.
    let price = offer.price;
    let oldPrice = offer.oldPrice;
    if (columns.price >= 0) {
      const text = clean(row[columns.price]);
      if (text !== '') {
        const k = kopecksOf(text);
        if (k === null) refuse(COLUMN.price, `«${text}» — не сумма в рублях (например, 4990 или 4990,50).`);
        else price = k;
      }
    }
    if (columns.oldPrice >= 0) {
      const text = clean(row[columns.oldPrice]);
      if (text === '') oldPrice = null;
      else {
        const k = kopecksOf(text);
        if (k === null) refuse(COLUMN.oldPrice, `«${text}» — не сумма в рублях (или оставьте пустой).`);
        else oldPrice = k;
      }
    }
    if (problems.length === before) {
      const problem = priceProblem(price, oldPrice);
      if (problem)
        refuse(
          problem.startsWith('Старая') ? COLUMN.oldPrice : COLUMN.price,
          problem.replace(/^./, (c) => c.toLowerCase()),
        );
      else ({ price, oldPrice } = roundPrices({ price, oldPrice }, rounding));
    }
    let published = offer.published;
    if (columns.published >= 0) {
      const text = clean(row[columns.published]).toLowerCase();
      if (YES.has(text)) published = true;
      else if (NO.has(text)) published = false;
      else if (text !== '') refuse(COLUMN.published, `«${text}» — напишите «да» или «нет».`);
      const said = publishedBy.get(offer.productId);
      if (said && said.value !== published && text !== '')
        refuse(
          COLUMN.published,
          `«В продаже» — признак товара, а в строке ${said.row} для этого товара указано «${said.value ? 'да' : 'нет'}».`,
        );
      else if (!said && text !== '') publishedBy.set(offer.productId, { value: published, row: line });
    }
    const stock: OfferChange['stock'] = [];
    for (const { index, store, title } of columns.stock) {
      const text = clean(row[index]);
      if (text === '') continue;
      if (!/^\d{1,7}$/.test(text.replace(/[\s\u00a0]/g, ''))) {
        refuse(title, `«${text}» — не целое число штук от 0.`);
        continue;
      }
      const after = Number(text.replace(/[\s\u00a0]/g, ''));
      const was = offer.stock[store.id] ?? 0;
      if (after !== was) stock.push({ storeId: store.id, before: was, after });
    }
    if (problems.length > before) continue;
    const change: OfferChange = {
      offerId,
      productId: offer.productId,
      product: offer.name,
      article: offer.article,
      size: offer.size,
      stock,
    };
    if (price !== offer.price) change.price = { before: offer.price, after: price };
    if (oldPrice !== offer.oldPrice) change.oldPrice = { before: offer.oldPrice, after: oldPrice };
    if (published !== offer.published) change.published = { before: offer.published, after: published };
    const pricesChange = change.price !== undefined || change.oldPrice !== undefined;
    if (offer.ownedBy1C && (pricesChange || stock.length > 0)) {
      refuse(pricesChange ? COLUMN.price : (columns.stock[0]?.title ?? COLUMN.offerId), `${OWNED_BY_1C_NOTE}`);
      continue;
    }
    if (!pricesChange && change.published === undefined && stock.length === 0) {
      counts.unchanged++;
      continue;
    }
    counts.changed++;
    if (change.price) counts.prices++;
    if (change.oldPrice) counts.oldPrices++;
    if (change.published) counts.published++;
    counts.stock += stock.length;
    products.add(offer.productId);
    changes.push(change);
  }
  // A product's «on sale» is one value: the offers of a product the file did not list keep it, so each change of it is
  // the product's, counted once.
  counts.products = products.size;
  if (counts.rows === 0 && problems.length === 0)
    problems.push({ row: 1, column: COLUMN.offerId, message: 'в файле нет ни одной строки с размером.' });
  return { changes, problems, counts };
}

/** What the preview shows and the API answers of a change: roubles. */
export function changeView(c: OfferChange) {
  const rub = (k: number | null) => (k === null ? null : k / 100);
  return {
    ...c,
    price: c.price && { before: rub(c.price.before), after: rub(c.price.after) },
    oldPrice: c.oldPrice && { before: rub(c.oldPrice.before), after: rub(c.oldPrice.after) },
  };
}
