import { type CacheOptions, cachedFor } from '../../cache';
import { LISTINGS } from '../../cache-tags';
import { splitFilterPath } from '../filter/filter';
import type { Listing, ListingService, Outcome, Params } from '../listing/listing.service';
import {
  cutQuery,
  isEmptyMatch,
  planSearch,
  type SearchPlan,
  tokenize,
  type VocabularyWord,
  type WordFacts,
} from './search';

export interface SearchRepository {
  /** The catalogue's words with their stems: product names and categories, brand and colour names. */
  vocabulary(): Promise<VocabularyWord[]>;
  /** Stems of the query words and, for each, the nearest of `vocabulary` by trigram similarity (pg_trgm). */
  facts(words: string[], vocabulary: string[]): Promise<Map<string, WordFacts>>;
}

export interface SearchPage {
  /** The query as searched: cut to 100 characters. */
  query: string;
  corrected: SearchPlan['corrected'];
  /** Null when there is nothing to search for. */
  listing: Listing | null;
  /** Spec §7: search analytics takes at most the first 5 product ids. */
  analyticsIds: number[];
}

export interface SearchService {
  plan(query: string): Promise<SearchPlan | null>;
  page(pathname: string, params: Params): Promise<Outcome<SearchPage>>;
}

const SEARCH_BASE = '/search/';
export const SEARCH_ANALYTICS_IDS = 5;

/** The vocabulary changes only with the catalogue: one load serves every search for `ttlMs`. */
export function createSearchService(
  repo: SearchRepository,
  listings: ListingService,
  { ttlMs = 300_000, now = Date.now, invalidations }: CacheOptions = {},
): SearchService {
  const vocabulary = cachedFor(() => repo.vocabulary(), {
    ttlMs,
    now,
    dropOn: { invalidations, tags: [LISTINGS] },
  }).get;

  async function plan(query: string): Promise<SearchPlan | null> {
    const tokens = tokenize(cutQuery(query));
    if (tokens.words.length === 0 && tokens.articles.length === 0) return null;
    const words = await vocabulary();
    const facts = tokens.words.length
      ? await repo.facts(tokens.words, [...new Set(words.map((w) => w.word))])
      : new Map<string, WordFacts>();
    const result = planSearch(tokens, facts, words);
    return isEmptyMatch(result.match) ? null : result;
  }

  return {
    plan,
    async page(pathname, params) {
      const split = splitFilterPath(pathname);
      if (!split || split.base !== SEARCH_BASE) return { kind: 'not_found' };
      const query = cutQuery(params('q'));
      const searched = query ? await plan(query) : null;
      if (!searched) {
        // Filters mean nothing without results to filter.
        if (split.segments)
          return { kind: 'redirect', to: query ? `${SEARCH_BASE}?${new URLSearchParams({ q: query })}` : SEARCH_BASE };
        return { kind: 'ok', value: { query, corrected: [], listing: null, analyticsIds: [] } };
      }
      const outcome = await listings.page({
        scope: { kind: 'search', match: searched.match },
        base: SEARCH_BASE,
        segments: split.segments,
        params,
        query: [['q', query]],
      });
      if (outcome.kind !== 'ok') return outcome;
      return {
        kind: 'ok',
        value: {
          query,
          corrected: searched.corrected,
          listing: outcome.value,
          analyticsIds: outcome.value.items.slice(0, SEARCH_ANALYTICS_IDS).map((i) => i.id),
        },
      };
    },
  };
}
