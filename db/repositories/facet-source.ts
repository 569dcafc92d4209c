import { sql } from 'drizzle-orm';
import { FacetIndex, type FacetRow } from '../../domain/catalog/listing/facet-index';
import { type Db, queryRows } from '../client';

/**
 * Rows per statement of a whole load: 200 000 products in one result would hold hundreds of megabytes at once, and
 * the embedded database keeps the memory a statement took (20 000 a statement grew its process by 130 MB, 5 000 by 87).
 */
const LOAD_ROWS = 5_000;

/**
 * Lists come joined by the unit separator, which no code or lexeme holds: the driver's array parser took two
 * thirds of a whole load.
 */
const SEPARATOR = '\u001f';
const list = (joined: string) => (joined === '' ? [] : joined.split(SEPARATOR));

interface SyncRow {
  epoch: string | number;
  horizon: string | number;
  product_id: number | null;
  section_id: number;
  brand_id: number;
  gender: string | null;
  color_code: string;
  size_codes: string;
  shop_codes: string;
  props: string;
  min_price: string | number;
  popularity: number;
  discount_percent: number;
  created_at: string | number;
  active: boolean;
  article: string;
  title_words: string;
  article_words: string;
}

/**
 * The shop process's facet index kept current with product_facets (decision 0026). Before every listing one
 * statement reads, in one snapshot, the rows written by transactions that had not finished at the previous read's
 * horizon (`pg_snapshot_xmin`: every older transaction had ended, so its rows were read then) and the deletion
 * epoch. A row read twice is simply written again; another epoch means rows were deleted, and the index is loaded
 * whole. So a listing sees every change committed before it started, on every host.
 */
export function facetSource(db: Db, pageRows = LOAD_ROWS) {
  let index = new FacetIndex();
  let epoch: string | null = null;
  let horizon = '0';
  let running: Promise<FacetIndex> | null = null;
  let next: Promise<FacetIndex> | null = null;

  async function read(since: string, after = 0) {
    const rows = await queryRows<SyncRow>(
      db,
      sql`
      with h as (
        select (select epoch from facet_epoch limit 1) as epoch, pg_snapshot_xmin(pg_current_snapshot())::text::bigint as horizon
      ),
      c as (
        select f.product_id, f.section_id, f.brand_id, f.gender, f.color_code,
          array_to_string(f.size_codes, ${SEPARATOR}) as size_codes, array_to_string(f.shop_codes, ${SEPARATOR}) as shop_codes,
          f.props::text as props,
          f.min_price, f.popularity, f.discount_percent, extract(epoch from f.created_at) * 1000 as created_at, f.active,
          p.article, p.name || ' ' || p.category as title
        from product_facets f join products p on p.id = f.product_id
        where f.writer >= ${since}::bigint and f.product_id > ${after}::int
        order by f.product_id limit ${pageRows}
      ),
      -- The words of the products' full-text search (name, category, article): a title's once, as many share it.
      t as (
        select d.title, array_to_string(tsvector_to_array(to_tsvector('russian', d.title)), ${SEPARATOR}) as words
        from (select distinct title from c) d
      )
      select h.epoch, h.horizon, c.product_id, c.section_id, c.brand_id, c.gender, c.color_code, c.size_codes,
        c.shop_codes, c.props, c.min_price, c.popularity, c.discount_percent, c.created_at, c.active,
        upper(c.article) as article, t.words as title_words,
        -- A search's words have no digits (those are article prefixes), so only an article's letters-only parts can
        -- match one: the others are not stemmed.
        case when c.article ~ '(^|[^[:alnum:]])[[:alpha:]]+([^[:alnum:]]|$)'
          then array_to_string(tsvector_to_array(to_tsvector('russian', c.article)), ${SEPARATOR}) else '' end as article_words
      from h left join (c join t on t.title = c.title) on true`,
    );
    const first = rows[0] as SyncRow;
    const changed: FacetRow[] = [];
    // Products of one title share its words: the index turns one list into ids once.
    const titles = new Map<string, readonly string[]>();
    const titleWords = (joined: string) => {
      let words = titles.get(joined);
      if (!words) {
        words = list(joined);
        titles.set(joined, words);
      }
      return words;
    };
    for (const r of rows) {
      if (r.product_id == null) continue;
      changed.push({
        productId: Number(r.product_id),
        sectionId: Number(r.section_id),
        brandId: Number(r.brand_id),
        gender: r.gender,
        colorCode: r.color_code,
        sizeCodes: list(r.size_codes),
        shopCodes: list(r.shop_codes),
        props: JSON.parse(r.props),
        minPrice: Number(r.min_price),
        popularity: Number(r.popularity),
        discountPercent: Number(r.discount_percent),
        createdAt: Number(r.created_at),
        active: r.active,
        article: r.article,
        titleWords: titleWords(r.title_words),
        articleWords: list(r.article_words),
      });
    }
    return { epoch: String(first.epoch), horizon: String(first.horizon), changed };
  }

  /**
   * One read at a time: a later read applied before an earlier one would leave older rows in the index. Many changed
   * rows come in pages by product id; a later page reads a later snapshot, which is only newer, and what changed
   * meanwhile is past the first page's horizon, kept, so the next read brings it again.
   */
  async function sync(): Promise<FacetIndex> {
    let since = horizon;
    let got = await read(since);
    if (got.epoch !== epoch) {
      if (epoch !== null) {
        since = '0';
        got = await read(since);
      }
      index = new FacetIndex();
      epoch = got.epoch;
    }
    const { horizon: next } = got;
    index.upsert(got.changed);
    while (got.changed.length === pageRows) {
      got = await read(since, (got.changed.at(-1) as FacetRow).productId);
      index.upsert(got.changed);
    }
    horizon = next;
    return index;
  }

  /**
   * The index as of now. Calls made while a read runs share the next one, which starts after it: a read that began
   * before a caller's own write committed is never the one it gets.
   */
  function fresh(): Promise<FacetIndex> {
    if (!running) {
      running = sync().finally(() => {
        running = null;
      });
      return running;
    }
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return fresh();
      });
    return next;
  }

  return {
    fresh,

    /** A search's words as the full-text index reads them (the russian configuration's lexemes). */
    async lexemes(text: string): Promise<string[]> {
      const [row] = await queryRows<{ lexemes: string[] }>(
        db,
        sql`select tsvector_to_array(to_tsvector('russian', ${text}::text)) as lexemes`,
      );
      return row?.lexemes ?? [];
    },
  };
}
