import {
  type AddressSuggestion,
  type AddressSuggestions,
  NO_ADDRESS_SUGGESTIONS,
} from '../../domain/delivery/address-suggestions';

/**
 * DaData's address suggestions (`suggest/address`, integrations README §6) behind the shop's port. Only the server
 * calls it, with the key (`ADDRESS_API_KEY`) in the `Authorization: Token` header, so the key never has to serve the
 * browser. Whatever goes wrong — the daily limit (403), a time-out, a fault — answers an empty list: the shopper
 * types the address by hand, as without a key. Answers are kept for a while: the same street in the same town is
 * typed by many shoppers and the free plan counts every call.
 */

/** `ADDRESS_API_URL`'s default: DaData's suggestions API. */
export const DADATA_URL = 'https://suggestions.dadata.ru/suggestions/api/4_1/rs';

export interface DadataOptions {
  apiKey: string;
  /** The API's base, `…/suggestions/api/4_1/rs`; tests point it at a local fake. */
  url?: string;
  /** A suggestion later than this is no help to someone typing: the form goes on without it. */
  timeoutMs?: number;
  /** After a 403 (the day's limit spent, the key off) nothing is asked for this long: every call would fail alike. */
  pauseMs?: number;
  /** Suggestions per answer (DaData: at most 20). */
  count?: number;
  /** How long an answer is kept, and how many answers at most. */
  cacheMs?: number;
  cacheSize?: number;
  fetch?: typeof globalThis.fetch;
  now?: () => number;
  /** The shop's log (pino's `warn`): told once when the service starts failing, not on every call while it does. */
  log?: { warn(details: object, message: string): void };
  /** Each call's outcome, for the metrics and the owner's alerts (`outsideCall('address', ok)`). */
  report?: (ok: boolean) => void;
}

/** The suggestions the settings give: DaData with `ADDRESS_API_KEY` at `ADDRESS_API_URL`, nothing without it. */
export function addressSuggestionsOf(
  settings: { ADDRESS_API_KEY?: string; ADDRESS_API_URL?: string },
  deps: Pick<DadataOptions, 'log' | 'report'> = {},
): AddressSuggestions {
  if (!settings.ADDRESS_API_KEY) return NO_ADDRESS_SUGGESTIONS;
  return dadataSuggestions({ apiKey: settings.ADDRESS_API_KEY, url: settings.ADDRESS_API_URL, ...deps });
}

/** The parts of DaData's `data` the shop reads; every one may be null. */
interface DadataAddress {
  postal_code?: string | null;
  region_with_type?: string | null;
  city?: string | null;
  settlement?: string | null;
  street_with_type?: string | null;
  house?: string | null;
  block_type?: string | null;
  block?: string | null;
  flat?: string | null;
  geo_lat?: string | null;
  geo_lon?: string | null;
}

interface DadataSuggestion {
  value?: string;
  unrestricted_value?: string;
  data?: DadataAddress | null;
}

/** The reasons the service did not help, each logged once until it answers again. */
type Trouble = 'limit' | 'timeout' | 'fault';

export function dadataSuggestions(options: DadataOptions): AddressSuggestions {
  const {
    apiKey,
    url = DADATA_URL,
    timeoutMs = 1500,
    count = 10,
    pauseMs = 10 * 60 * 1000,
    cacheMs = 60 * 60 * 1000,
    cacheSize = 1000,
    fetch = globalThis.fetch,
    now = Date.now,
  } = options;
  const endpoint = `${url.replace(/\/+$/, '')}/suggest/address`;
  const kept = new Map<string, { at: number; list: AddressSuggestion[] }>();
  let troubled: Trouble | null = null;
  let pausedUntil = 0;

  function trouble(kind: Trouble, details: object, message: string): AddressSuggestion[] {
    options.report?.(false);
    if (troubled !== kind) options.log?.warn({ service: 'dadata', ...details }, message);
    troubled = kind;
    return [];
  }

  return {
    async suggest(query, town) {
      const key = `${town.toLowerCase()}\n${query.toLowerCase()}`;
      const known = kept.get(key);
      if (known && now() - known.at < cacheMs) return known.list;
      if (now() < pausedUntil) return [];
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            authorization: `Token ${apiKey}`,
          },
          body: JSON.stringify(requestBody(query, town, count)),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const late = error instanceof DOMException && error.name === 'TimeoutError';
        return late
          ? trouble('timeout', { timeoutMs }, `подсказки адресов DaData: нет ответа за ${timeoutMs} мс`)
          : trouble('fault', { err: error }, 'подсказки адресов DaData недоступны');
      }
      if (response.status === 403) {
        pausedUntil = now() + pauseMs;
        return trouble(
          'limit',
          { status: 403, said: await said(response) },
          'подсказки адресов DaData: ключ отключён или дневной лимит исчерпан; адрес вводят вручную',
        );
      }
      const json = response.ok ? ((await response.json().catch(() => null)) as { suggestions?: unknown } | null) : null;
      if (!json || !Array.isArray(json.suggestions))
        return trouble(
          'fault',
          { status: response.status, said: response.ok ? '' : await said(response) },
          'подсказки адресов DaData: ответ не понят',
        );
      options.report?.(true);
      troubled = null;
      const list = (json.suggestions as DadataSuggestion[]).map(suggestionOf);
      if (kept.size >= cacheSize) kept.delete(kept.keys().next().value as string);
      kept.delete(key);
      kept.set(key, { at: now(), list });
      return list;
    },
  };
}

/**
 * The search within the shopper's town: a town of either kind (city or settlement: DaData ORs its `locations`),
 * and the town left out of each suggestion's `value`, since the form has the town in a field of its own.
 */
function requestBody(query: string, town: string, count: number) {
  const body: Record<string, unknown> = { query, count, language: 'ru', locations: [{ country_iso_code: 'RU' }] };
  if (town) {
    body.locations = [{ city: town }, { settlement: town }];
    body.restrict_value = true;
  }
  return body;
}

/** The first words of a refusal for the log; DaData's message may quote the key's id, never the key. */
async function said(response: Response): Promise<string> {
  return (await response.text().catch(() => '')).slice(0, 300);
}

/** DaData's coordinates are strings and may be null (`qc_geo` 5: unknown). */
function coordinate(text: string | null | undefined): number | null {
  if (text === null || text === undefined || text === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function suggestionOf(s: DadataSuggestion): AddressSuggestion {
  const d = s.data ?? {};
  const house = [d.house, d.block && `${d.block_type ?? ''} ${d.block}`.trim()].filter(Boolean).join(' ');
  const postcode = d.postal_code && /^\d{6}$/.test(d.postal_code) ? d.postal_code : null;
  return {
    value: s.value ?? '',
    full: s.unrestricted_value ?? s.value ?? '',
    street: d.street_with_type ?? '',
    house,
    flat: d.flat || null,
    postcode,
    city: d.city ?? d.settlement ?? '',
    region: d.region_with_type ?? '',
    lat: coordinate(d.geo_lat),
    lon: coordinate(d.geo_lon),
    houseLevel: Boolean(d.house),
  };
}
