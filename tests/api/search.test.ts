import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../support/test-app';

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Json = any;

let app: TestApp;
let products: { id: number; name: string; brand: string; article: string; color: string }[];

beforeAll(async () => {
  app = await createTestApp();
  products = (
    await queryRows<Json>(
      app.database.db,
      sql`
      select p.id, p.name, b.name as brand, p.article, c.name as color
      from products p join brands b on b.id = p.brand_id join colors c on c.code = p.color_code where p.active`,
    )
  ).map((r) => ({ ...r, id: Number(r.id) }));
});
afterAll(() => app.close());

async function search(q: string, extra = '') {
  const res = await app.fetch(`/api/v2/catalog/product/list/?${new URLSearchParams({ q })}${extra}`);
  return { status: res.status, body: (await res.json()) as Json };
}

/** Every result of a search, page by page. */
async function allResults(q: string): Promise<Json[]> {
  const first = await search(q);
  expect(first.status).toBe(200);
  const items = [...first.body.data.items];
  for (let page = 2; page <= first.body.data.navigation.pageCount; page++)
    items.push(...(await search(q, `&page=${page}`)).body.data.items);
  return items;
}

async function page(path: string) {
  const res = await app.fetch(path);
  return { status: res.status, html: await res.text(), res };
}

describe('search: Russian morphology and typos', () => {
  it('«пуховики мужские» finds exactly the men’s down jackets', async () => {
    const found = await allResults('пуховики мужские');
    const expected = products.filter((p) => p.name.startsWith('Пуховик мужской'));
    expect(expected.length).toBeGreaterThan(0);
    expect(found.map((i) => i.id).sort()).toEqual(expected.map((p) => p.id).sort());
  });

  it('«мужской пуховик» and «пуховик мужской» find the same', async () => {
    const a = await allResults('мужской пуховик');
    const b = await allResults('ПУХОВИК   мужской');
    expect(a.map((i) => i.id).sort()).toEqual(b.map((i) => i.id).sort());
  });

  it('«пуховек» finds «пуховик» and says so on the page', async () => {
    const found = await allResults('пуховек');
    expect(found.length).toBe(products.filter((p) => /^Пуховик /.test(p.name)).length);
    const { status, html } = await page(`/search/?${new URLSearchParams({ q: 'пуховек', s: 'Y' })}`);
    expect(status).toBe(200);
    expect(html).toMatch(/Исправили опечатку: .*<s>пуховек<\/s>.*<b>пуховик<\/b>/);
  });

  it('finds a brand by name, also with a typo, and a brand of two words', async () => {
    const nordvik = products.filter((p) => p.brand === 'Nordvik');
    expect((await allResults('nordvik')).length).toBe(nordvik.length);
    expect((await allResults('Nordwik')).length).toBe(nordvik.length);
    const bear = products.filter((p) => p.brand === 'Белый медведь');
    expect((await allResults('белый медведь')).map((i) => i.id).sort()).toEqual(bear.map((p) => p.id).sort());
  });

  it('finds a product by its article number, and the whole model by the article’s prefix', async () => {
    const target = products[7] as (typeof products)[number];
    const exact = await allResults(target.article);
    expect(exact.map((i) => i.id)).toEqual([target.id]);
    const model = target.article.split('-')[0] as string;
    const sameModel = products.filter((p) => p.article.startsWith(`${model}-`));
    expect((await allResults(model.toLowerCase())).map((i) => i.id).sort()).toEqual(sameModel.map((p) => p.id).sort());
  });

  it('combines a colour with a product word', async () => {
    const found = await allResults('чёрные парки');
    const expected = products.filter((p) => /^Парка /.test(p.name) && p.color === 'Чёрный');
    expect(found.map((i) => i.id).sort()).toEqual(expected.map((p) => p.id).sort());
  });
});

describe('search page', () => {
  it('renders results with the listing grid, filters, sort and at most five ids for analytics', async () => {
    const { status, html } = await page(`/search/?${new URLSearchParams({ q: 'куртка', s: 'Y' })}`);
    expect(status).toBe(200);
    expect(html).toContain('Поиск «куртка»');
    expect(html).toContain('data-pager-items');
    expect(html).toContain('aria-label="Фильтр товаров"');
    expect(html).toContain('Сортировка:');
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    const ids = html.match(/data-search-analytics="([\d,]*)"/)?.[1] ?? '';
    expect(ids.split(',').length).toBe(5);
    expect(html).toMatch(/maxLength="100"|maxlength="100"/);
  });

  it('keeps the query in filter and sort links of the results', async () => {
    const { html } = await page(`/search/?${new URLSearchParams({ q: 'куртка' })}`);
    expect(html).toMatch(/href="\/search\/filter\/[a-z0-9/-]+\/apply\/\?q=%D0%BA%D1%83%D1%80%D1%82%D0%BA%D0%B0"/);
    expect(html).toContain('href="/search/?q=%D0%BA%D1%83%D1%80%D1%82%D0%BA%D0%B0&amp;sort=price_asc"');
  });

  it('cuts a query longer than 100 characters instead of failing', async () => {
    const long = `пуховик ${'о'.repeat(300)}`;
    const { status, html } = await page(`/search/?${new URLSearchParams({ q: long })}`);
    expect(status).toBe(200);
    const shown =
      html.match(/name="q" type="search" value="([^"]*)"/)?.[1] ??
      html.match(/id="search-page-q"[^>]*value="([^"]*)"/)?.[1];
    expect(Array.from(shown ?? '').length).toBeLessThanOrEqual(100);
    const api = await search(long);
    expect(api.status).toBe(200);
  });

  it('gives a helpful page when nothing is found', async () => {
    const { status, html } = await page(`/search/?${new URLSearchParams({ q: 'квадрокоптер' })}`);
    expect(status).toBe(200);
    expect(html).toContain('По запросу «квадрокоптер» ничего не нашлось');
    expect(html).toContain('Проверьте, нет ли опечатки');
    expect(html).toContain('Популярные разделы');
    expect(html).toMatch(/href="\/catalog\/(women|man)\/[a-z-]+\/[a-z-]+\/"/);
  });

  it('shows the search form on an empty query and never errs on odd input', async () => {
    for (const q of ['', '   ', '<script>alert(1)</script>', "'; drop table products; --", '%%%', '😀']) {
      const { status, html } = await page(`/search/?${new URLSearchParams({ q })}`);
      expect(status).toBe(200);
      expect(html).not.toContain('<script>alert(1)</script>');
    }
  });
});
