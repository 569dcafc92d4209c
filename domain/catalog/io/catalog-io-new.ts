/**
 * New products from the catalogue table (issue 47.5): a row with no «ID предложения» is a size of a product the shop
 * has not got yet. Rows are grouped as the desk's «Новый товар» groups what it is typed: one model per article, one
 * product per colour of it, one offer per size. A new product needs its name, section, brand, colour, size and price;
 * every refused cell is a problem naming its row and column, and nothing is applied while any is left. Pure: the
 * sections, brands and colours come from the caller.
 */
import { type PriceRounding, roundPrices } from '../../pricing/price-rounding';
import { kopecksOf, priceProblem } from '../admin/rules';
import { MAKING_LIMITS } from '../admin/product-making.schemas';
import { COLUMN, type ImportProblem, type IoStore } from './catalog-io';

/** Columns only a new product reads (the export does not write them: an offer's product keeps its own). */
export const NEW_COLUMN = {
  section: 'Раздел',
  brand: 'Бренд',
  description: 'Описание',
} as const;

/** What a new product's cells are checked against. */
export interface NewProductRefs {
  sections: { id: number; name: string }[];
  brands: { id: number; name: string }[];
  colours: { code: string; name: string }[];
}

/** One size of a new product, as the apply inserts it: kopecks, rounded as the shop rounds. */
export interface NewSize {
  row: number;
  size: string;
  /** «Штрихкод»: 8 to 14 digits (EAN-8, UPC, EAN-13, GTIN-14), one offer's; null when the cell is empty. */
  barcode: string | null;
  price: number;
  oldPrice: number | null;
  stock: { storeId: number; quantity: number }[];
}

/** One model of the file: an article with its colours — what the desk's «Новый товар» makes from one form. */
export interface NewModel {
  /** The file's row of its first size. */
  row: number;
  article: string;
  name: string;
  sectionId: number;
  brandId: number;
  description: string;
  published: boolean;
  colours: { color: string; colorName: string; sizes: NewSize[] }[];
}

export interface NewColumns {
  onecId: number;
  barcode: number;
  article: number;
  name: number;
  color: number;
  size: number;
  price: number;
  oldPrice: number;
  published: number;
  section: number;
  brand: number;
  description: number;
  stock: { index: number; store: IoStore; title: string }[];
}

/** The heading's columns a new product reads (-1: absent; its cells are read as empty). */
export function newColumnsOf(
  table: readonly (readonly string[])[],
  stock: NewColumns['stock'],
  clean: (cell: string | undefined) => string,
): NewColumns {
  const heading = (table[0] ?? []).map((h) => clean(h).replace(/^\uFEFF/, ''));
  const at = (title: string) => heading.indexOf(title);
  return {
    onecId: at(COLUMN.onecId),
    barcode: at(COLUMN.barcode),
    article: at(COLUMN.article),
    name: at(COLUMN.name),
    color: at(COLUMN.color),
    size: at(COLUMN.size),
    price: at(COLUMN.price),
    oldPrice: at(COLUMN.oldPrice),
    published: at(COLUMN.published),
    section: at(NEW_COLUMN.section),
    brand: at(NEW_COLUMN.brand),
    description: at(NEW_COLUMN.description),
    stock,
  };
}

const YES = new Set(['да', 'yes', 'true', '1', 'д', 'y']);
const NO = new Set(['нет', 'no', 'false', '0', 'н', 'n']);

/** A reference by its number or its name (case aside); a name two of them share is refused. */
function lookup<T extends { name: string }>(
  items: readonly T[],
  idOf: (item: T) => string | number,
  text: string,
): { found: T } | { problem: string } {
  const byId = items.find((i) => String(idOf(i)).toLowerCase() === text.toLowerCase());
  if (byId) return { found: byId };
  const named = items.filter((i) => i.name.trim().toLowerCase() === text.toLowerCase());
  if (named.length === 1) return { found: named[0] as T };
  if (named.length > 1) return { problem: 'ambiguous' };
  return { problem: 'missing' };
}

export interface NewPlan {
  models: NewModel[];
  problems: ImportProblem[];
  /** Rows read as new sizes. */
  rows: number;
  /** Products (an article's colour each) and offers to create. */
  products: number;
  offers: number;
}

/** What the shop has already: articles (lower-cased), and barcodes with the offer that has each. */
export interface TakenKeys {
  articles: ReadonlySet<string>;
  barcodes: ReadonlyMap<string, number>;
}

/** A barcode as the import takes it: 8 to 14 digits. */
export const BARCODE = /^\d{8,14}$/;

/** A row's «Штрихкод» cell as a barcode is read from it: its spaces left out (a spreadsheet may group the digits). */
export const barcodeCell = (cell: string) => cell.replace(/\s/g, '');

/**
 * The new rows (those whose offer id cell is empty), grouped and checked. A new row of an article the shop already
 * has is refused (the import adds no sizes or colours to existing products), and so is a barcode an offer has.
 */
export function planNewProducts(
  table: readonly (readonly string[])[],
  columns: NewColumns,
  isNew: (row: readonly string[]) => boolean,
  refs: NewProductRefs,
  taken: TakenKeys,
  rounding: PriceRounding,
  clean: (cell: string | undefined) => string,
): NewPlan {
  const problems: ImportProblem[] = [];
  const models = new Map<string, NewModel & { set: Record<string, number> }>();
  let rows = 0;
  /** `article\ncolumn` of the cells refused: a model's field already refused is not asked for again. */
  const refused = new Set<string>();
  /** The file's barcodes so far, by the row that gives each. */
  const barcodes = new Map<string, number>();
  const cell = (row: readonly string[], index: number) => (index < 0 ? '' : clean(row[index]));
  for (let i = 1; i < table.length; i++) {
    const row = table[i] as readonly string[];
    if (!isNew(row)) continue;
    rows++;
    const line = i + 1;
    const before = problems.length;
    const article = cell(row, columns.article);
    const refuse = (column: string, message: string) => {
      problems.push({ row: line, column, message });
      refused.add(`${article.toLowerCase()}\n${column}`);
    };
    if (article === '') {
      refuse(
        COLUMN.article,
        'пусто: у нового товара (без «ID предложения») укажите артикул — по нему строки собираются в товар.',
      );
      continue;
    }
    if (article.length > 50) {
      refuse(COLUMN.article, 'артикул — до 50 символов.');
      continue;
    }
    const key = article.toLowerCase();
    if (taken.articles.has(key)) {
      refuse(
        COLUMN.article,
        `артикул «${article}» уже есть на сайте: импорт не добавляет размеры и цвета существующим товарам — укажите «${COLUMN.offerId}» из выгрузки или добавьте размер в карточке товара.`,
      );
      continue;
    }
    let model = models.get(key);
    if (!model) {
      model = {
        row: line,
        article,
        name: '',
        sectionId: 0,
        brandId: 0,
        description: '',
        published: true,
        colours: [],
        set: {},
      };
      models.set(key, model);
    }
    const m = model;
    /** A product's field: the first row that gives it sets it; another row of the article saying otherwise is refused. */
    const agree = <V>(field: string, column: string, value: V, shown: string) => {
      const first = m.set[field];
      if (first === undefined) {
        m.set[field] = line;
        (m as unknown as Record<string, unknown>)[field] = value;
      } else if ((m as unknown as Record<string, unknown>)[field] !== value)
        refuse(
          column,
          `у артикула «${m.article}» в строке ${first} указано другое значение, а здесь «${shown}»: у товара оно одно.`,
        );
    };
    const name = cell(row, columns.name);
    if (name !== '') {
      if (name.length < 2 || name.length > 200) refuse(COLUMN.name, 'название — от 2 до 200 символов.');
      else agree('name', COLUMN.name, name, name);
    }
    const sectionText = cell(row, columns.section);
    if (sectionText !== '') {
      const s = lookup(refs.sections, (x) => x.id, sectionText);
      if ('found' in s) agree('sectionId', NEW_COLUMN.section, s.found.id, sectionText);
      else
        refuse(
          NEW_COLUMN.section,
          s.problem === 'ambiguous'
            ? `разделов «${sectionText}» на сайте несколько: укажите номер раздела.`
            : `раздела «${sectionText}» нет: укажите номер или название раздела из списка разделов.`,
        );
    }
    const brandText = cell(row, columns.brand);
    if (brandText !== '') {
      const b = lookup(refs.brands, (x) => x.id, brandText);
      if ('found' in b) agree('brandId', NEW_COLUMN.brand, b.found.id, brandText);
      else
        refuse(
          NEW_COLUMN.brand,
          b.problem === 'ambiguous'
            ? `брендов «${brandText}» несколько: укажите номер бренда.`
            : `бренда «${brandText}» нет: укажите номер или название бренда из списка брендов.`,
        );
    }
    const description = cell(row, columns.description);
    if (description !== '') {
      if (description.length > 10_000) refuse(NEW_COLUMN.description, 'описание — до 10 000 символов.');
      else agree('description', NEW_COLUMN.description, description, `${description.slice(0, 40)}…`);
    }
    const publishedText = cell(row, columns.published).toLowerCase();
    if (YES.has(publishedText) || NO.has(publishedText))
      agree('published', COLUMN.published, YES.has(publishedText), publishedText);
    else if (publishedText !== '') refuse(COLUMN.published, `«${publishedText}» — напишите «да» или «нет».`);

    const colorText = cell(row, columns.color);
    let colour: { code: string; name: string } | null = null;
    if (colorText === '')
      refuse(COLUMN.color, 'пусто: у нового товара укажите цвет — код или название из списка цветов.');
    else {
      const c = lookup(refs.colours, (x) => x.code, colorText);
      if ('found' in c) colour = c.found;
      else refuse(COLUMN.color, `цвета «${colorText}» нет в списке цветов: укажите код или название из списка.`);
    }
    // 1C's ids are the exchange's: it links its own offers, a file does not name them.
    if (cell(row, columns.onecId) !== '')
      refuse(COLUMN.onecId, 'у нового товара оставьте пустым: ID 1С появится, когда 1С пришлёт этот товар в обмене.');
    const barcode = barcodeCell(cell(row, columns.barcode));
    if (barcode !== '') {
      const offerId = taken.barcodes.get(barcode);
      const twice = barcodes.get(barcode);
      if (!BARCODE.test(barcode))
        refuse(COLUMN.barcode, `«${barcode}» — штрихкод из 8–14 цифр (EAN-13, EAN-8) или оставьте пустым.`);
      else if (offerId !== undefined)
        refuse(COLUMN.barcode, `штрихкод ${barcode} уже у предложения ${offerId}: у каждого размера свой.`);
      else if (twice !== undefined)
        refuse(COLUMN.barcode, `штрихкод ${barcode} уже указан в строке ${twice}: у каждого размера свой.`);
      else barcodes.set(barcode, line);
    }
    const size = cell(row, columns.size);
    if (size === '') refuse(COLUMN.size, 'пусто: у нового товара укажите размер.');
    else if (size.length > 20) refuse(COLUMN.size, 'размер — до 20 символов.');
    const priceText = cell(row, columns.price);
    const oldText = cell(row, columns.oldPrice);
    let price: number | null = null;
    let oldPrice: number | null = null;
    if (priceText === '') refuse(COLUMN.price, 'пусто: у нового товара укажите цену в рублях.');
    else {
      price = kopecksOf(priceText);
      if (price === null) refuse(COLUMN.price, `«${priceText}» — не сумма в рублях (например, 4990 или 4990,50).`);
    }
    if (oldText !== '') {
      oldPrice = kopecksOf(oldText);
      if (oldPrice === null) refuse(COLUMN.oldPrice, `«${oldText}» — не сумма в рублях (или оставьте пустой).`);
    }
    if (price !== null && (oldText === '' || oldPrice !== null)) {
      const problem = priceProblem(price, oldPrice);
      if (problem)
        refuse(
          problem.startsWith('Старая') ? COLUMN.oldPrice : COLUMN.price,
          problem.replace(/^./, (c) => c.toLowerCase()),
        );
    }
    const stock: NewSize['stock'] = [];
    for (const { index, store, title } of columns.stock) {
      const text = cell(row, index).replace(/[\s\u00a0]/g, '');
      if (text === '') continue;
      if (!/^\d{1,7}$/.test(text)) refuse(title, `«${text}» — не целое число штук от 0.`);
      else if (Number(text) > 0) stock.push({ storeId: store.id, quantity: Number(text) });
    }
    if (problems.length > before || !colour || price === null) continue;
    let colours = m.colours.find((c) => c.color === colour.code);
    if (!colours) {
      if (m.colours.length >= MAKING_LIMITS.colours) {
        refuse(COLUMN.color, `у артикула «${m.article}» больше ${MAKING_LIMITS.colours} цветов.`);
        continue;
      }
      colours = { color: colour.code, colorName: colour.name, sizes: [] };
      m.colours.push(colours);
    }
    const twice = colours.sizes.find((s) => s.size.toLowerCase() === size.toLowerCase());
    if (twice) {
      refuse(
        COLUMN.size,
        `размер «${size}» этого артикула и цвета уже есть в строке ${twice.row}: оставьте одну строку.`,
      );
      continue;
    }
    if (colours.sizes.length >= MAKING_LIMITS.sizes) {
      refuse(COLUMN.size, `у цвета — до ${MAKING_LIMITS.sizes} размеров.`);
      continue;
    }
    colours.sizes.push({
      row: line,
      size,
      barcode: barcode === '' ? null : barcode,
      ...roundPrices({ price, oldPrice }, rounding),
      stock,
    });
  }
  // What a product needs from some row of its article.
  for (const m of models.values()) {
    const missing = (column: string, what: string) =>
      refused.has(`${m.article.toLowerCase()}\n${column}`) ||
      problems.push({
        row: m.row,
        column,
        message: `пусто: у нового товара с артикулом «${m.article}» укажите ${what} (хотя бы в одной его строке).`,
      });
    if (m.set.name === undefined) missing(COLUMN.name, 'название');
    if (m.set.sectionId === undefined) missing(NEW_COLUMN.section, 'раздел — номер или название');
    if (m.set.brandId === undefined) missing(NEW_COLUMN.brand, 'бренд — номер или название');
  }
  problems.sort((a, b) => a.row - b.row);
  const list = [...models.values()].map(({ set: _set, ...m }) => m);
  return {
    models: list,
    problems,
    rows,
    products: list.reduce((n, m) => n + m.colours.length, 0),
    offers: list.reduce((n, m) => n + m.colours.reduce((k, c) => k + c.sizes.length, 0), 0),
  };
}

/** What the preview lists of a new product (one colour of a model). */
export function newProductsView(models: readonly NewModel[], refs: NewProductRefs, limit: number) {
  const section = new Map(refs.sections.map((s) => [s.id, s.name]));
  const brand = new Map(refs.brands.map((b) => [b.id, b.name]));
  const out: {
    row: number;
    article: string;
    name: string;
    section: string;
    brand: string;
    color: string;
    published: boolean;
    sizes: { size: string; price: number; oldPrice: number | null }[];
  }[] = [];
  for (const m of models)
    for (const c of m.colours) {
      if (out.length >= limit) return out;
      out.push({
        row: c.sizes[0]?.row ?? m.row,
        article: m.article,
        name: m.name,
        section: section.get(m.sectionId) ?? String(m.sectionId),
        brand: brand.get(m.brandId) ?? String(m.brandId),
        color: c.colorName,
        published: m.published,
        sizes: c.sizes.map((s) => ({
          size: s.size,
          price: s.price / 100,
          oldPrice: s.oldPrice === null ? null : s.oldPrice / 100,
        })),
      });
    }
  return out;
}
