import { sql } from 'drizzle-orm';
import type { VocabularyWord, WordFacts } from '../../domain/catalog/search/search';
import type { SearchRepository } from '../../domain/catalog/search/search.service';
import { PROPS } from '../../domain/catalog/filter/props';
import { type Db, queryRows } from '../client';
import { pgArray } from './listing';

/** Lower-case words of a catalogue text, as the query tokenizer sees them. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1);
}

export function searchRepository(db: Db): SearchRepository {
  return {
    async vocabulary() {
      const [names, brands, colors] = await Promise.all([
        queryRows<{ name: string; category: string }>(
          db,
          sql`select distinct name, category from products where active`,
        ),
        queryRows<{ id: number; name: string }>(db, sql`select id, name from brands`),
        queryRows<{ code: string; name: string }>(db, sql`select code, name from colors`),
      ]);
      const entries: Omit<VocabularyWord, 'stem'>[] = [];
      const text = new Set(names.flatMap((r) => [...words(r.name), ...words(r.category)]));
      for (const word of text) entries.push({ word, kind: 'text' });
      for (const b of brands)
        for (const word of words(b.name)) entries.push({ word, kind: 'brand', brandId: Number(b.id) });
      for (const c of colors)
        for (const word of words(c.name)) entries.push({ word, kind: 'color', colorCode: c.code });
      for (const [code, info] of Object.entries(PROPS)) {
        for (const [value, name] of info.values)
          for (const word of words(name)) entries.push({ word, kind: 'prop', prop: { code, value } });
      }
      const unique = [...new Set(entries.map((e) => e.word))];
      const stems = await queryRows<{ w: string; stems: string[] | null }>(
        db,
        sql`
        select w, ts_lexize('russian_stem', w) as stems from unnest(${pgArray(unique, 'text')}) as w`,
      );
      const stemOf = new Map(stems.map((r) => [r.w, r.stems ?? []]));
      // A stop word inside a name («с капюшоном») has no stem and is not searchable; a brand word keeps itself.
      return entries.flatMap((e) => {
        const stem = stemOf.get(e.word)?.[0] ?? (e.kind === 'text' ? null : e.word);
        return stem ? [{ ...e, stem }] : [];
      });
    },

    async facts(queryWords, vocabulary) {
      const rows = await queryRows<{ w: string; stems: string[] | null; closest: string | null }>(
        db,
        sql`
        select q.w, ts_lexize('russian_stem', q.w) as stems,
          (select v.w from unnest(${pgArray(vocabulary, 'text')}) as v(w) where v.w % q.w order by similarity(v.w, q.w) desc, v.w limit 1) as closest
        from unnest(${pgArray(queryWords, 'text')}) as q(w)`,
      );
      return new Map<string, WordFacts>(rows.map((r) => [r.w, { stems: r.stems ?? [], closest: r.closest }]));
    },
  };
}
