import type { SearchMatch } from '../listing/listing.service';

/** Spec §5: a query is at most 100 characters; a longer one is cut, never refused. */
export const SEARCH_MAX = 100;
/** Words beyond these add nothing but work. */
const MAX_WORDS = 8;

export function cutQuery(raw: string | null | undefined): string {
  const text = (raw ?? '').replace(/\s+/g, ' ').trim();
  return Array.from(text).slice(0, SEARCH_MAX).join('').trim();
}

/** A word of the catalogue's own language: from product names and categories, brand, colour or prop value names. */
export interface VocabularyWord {
  word: string;
  /** Its russian stem (ts_lexize), or the word itself when the stemmer has none. */
  stem: string;
  kind: 'text' | 'brand' | 'color' | 'prop';
  brandId?: number;
  colorCode?: string;
  /** A filterable prop's value («шерсть» is material = wool). */
  prop?: { code: string; value: string };
}

/** What the database says about a query word: its stems (none for a stop word) and the nearest catalogue word. */
export interface WordFacts {
  stems: string[];
  closest: string | null;
}

export interface QueryTokens {
  words: string[];
  /** Upper-case article prefixes such as NO00012-01. */
  articles: string[];
}

/** Splits a query into words and article numbers (tokens with digits, at least 4 characters). */
export function tokenize(query: string): QueryTokens {
  const words: string[] = [];
  const articles: string[] = [];
  for (const token of query.toLowerCase().split(/[^\p{L}\p{N}-]+/u)) {
    const clean = token.replace(/^-+|-+$/g, '');
    if (!clean) continue;
    if (/\d/.test(clean)) {
      if (clean.length >= 4 && /^[a-z0-9-]+$/.test(clean)) articles.push(clean.toUpperCase());
      continue;
    }
    words.push(...clean.split('-').filter(Boolean));
  }
  return { words: [...new Set(words)].slice(0, MAX_WORDS), articles: [...new Set(articles)].slice(0, MAX_WORDS) };
}

export interface SearchPlan {
  match: SearchMatch;
  /** Words read as another catalogue word (typos): «пуховек» -> «пуховик». */
  corrected: { from: string; to: string }[];
}

/**
 * Turns query words into a structured match. Each word is looked up by its stem among the catalogue's words:
 * product words go to full-text search, brand and colour words become conditions; an unknown word is read as the
 * nearest catalogue word by trigram similarity. A brand name of several words is found as a whole first.
 */
export function planSearch(
  tokens: QueryTokens,
  facts: ReadonlyMap<string, WordFacts>,
  vocabulary: readonly VocabularyWord[],
): SearchPlan {
  const match: SearchMatch = { text: [], brandIds: [], colorCodes: [], props: {}, articles: [...tokens.articles] };
  const corrected: SearchPlan['corrected'] = [];
  const stemsOf = (word: string) => facts.get(word)?.stems ?? [word];
  const byStem = new Map<string, VocabularyWord[]>();
  for (const v of vocabulary) byStem.set(v.stem, [...(byStem.get(v.stem) ?? []), v]);
  const lookup = (word: string) => stemsOf(word).flatMap((s) => byStem.get(s) ?? []);

  // Stop words («для», «и») have no stem and say nothing.
  const words = takeBrandNames(
    tokens.words.filter((w) => stemsOf(w).length > 0),
    vocabulary,
    stemsOf,
    match,
  );

  for (const word of words) {
    const found = lookup(word);
    if (found.length === 0) {
      const closest = facts.get(word)?.closest;
      const entry = closest ? vocabulary.find((v) => v.word === closest) : undefined;
      if (entry) {
        corrected.push({ from: word, to: entry.word });
        addFound(
          vocabulary.filter((v) => v.stem === entry.stem),
          entry.word,
          match,
        );
        continue;
      }
      match.text.push(word);
      continue;
    }
    addFound(found, word, match);
  }
  return { match, corrected };
}

/** Product words win over brand words, brand words over prop values, prop values over colours. */
function addFound(found: VocabularyWord[], word: string, match: SearchMatch) {
  if (found.some((v) => v.kind === 'text')) {
    if (!match.text.includes(word)) match.text.push(word);
    return;
  }
  const brands = found.filter((v) => v.kind === 'brand' && v.brandId != null).map((v) => v.brandId as number);
  if (brands.length) {
    for (const id of brands) if (!match.brandIds.includes(id)) match.brandIds.push(id);
    return;
  }
  const props = found.filter((v) => v.prop).map((v) => v.prop as { code: string; value: string });
  if (props.length) {
    for (const { code, value } of props) {
      const values = match.props[code] ?? [];
      if (!values.includes(value)) match.props[code] = [...values, value];
    }
    return;
  }
  for (const v of found) if (v.colorCode && !match.colorCodes.includes(v.colorCode)) match.colorCodes.push(v.colorCode);
}

/** Finds brand names of two or more words («белый медведь») as a whole; returns the words left over. */
function takeBrandNames(
  words: string[],
  vocabulary: readonly VocabularyWord[],
  stemsOf: (w: string) => string[],
  match: SearchMatch,
): string[] {
  const brandWords = new Map<number, string[]>();
  for (const v of vocabulary)
    if (v.kind === 'brand' && v.brandId != null)
      brandWords.set(v.brandId, [...(brandWords.get(v.brandId) ?? []), v.stem]);
  const left = new Set(words);
  for (const [brandId, stems] of brandWords) {
    if (stems.length < 2) continue;
    const hits = words.filter((w) => stemsOf(w).some((s) => stems.includes(s)));
    if (new Set(hits.flatMap((w) => stemsOf(w).filter((s) => stems.includes(s)))).size === stems.length) {
      if (!match.brandIds.includes(brandId)) match.brandIds.push(brandId);
      for (const w of hits) left.delete(w);
    }
  }
  return words.filter((w) => left.has(w));
}

export function isEmptyMatch(match: SearchMatch): boolean {
  return (
    !match.text.length &&
    !match.brandIds.length &&
    !match.colorCodes.length &&
    !Object.keys(match.props).length &&
    !match.articles.length
  );
}
