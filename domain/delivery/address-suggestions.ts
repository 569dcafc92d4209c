/**
 * Address suggestions for the courier address (issue 42.5), in the shop's words: a shopper types a street in their
 * town and picks one of these; the adapter (DaData, `server/delivery/dadata.ts`) keeps its own vocabulary. With no
 * service configured the port answers nothing and the form stays plain fields.
 */

/** One suggested address, as far as the service knows it. */
export interface AddressSuggestion {
  /** What the list shows: the address without the town the search was restricted to («ул Ленина, д 5»). */
  value: string;
  /** The whole address with its index, region and town, for a record that must stand alone. */
  full: string;
  /** The street with its type («ул Ленина»); '' for a settlement without streets. */
  street: string;
  /** The house with its building («5», «5 к 2»); '' when the suggestion stops at the street. */
  house: string;
  flat: string | null;
  /** Six digits; null for a street (the Post's index belongs to a house) or when the service does not know it. */
  postcode: string | null;
  /** The town or settlement by its name («Екатеринбург»). */
  city: string;
  /** «Свердловская обл»; the federal city itself for Moscow, Saint Petersburg, Sevastopol. */
  region: string;
  /** Null when the service does not know where it is. */
  lat: number | null;
  lon: number | null;
  /** The address names a house: only such an address can be delivered to (a street alone is a step of typing). */
  houseLevel: boolean;
}

/** The port: suggestions for what the shopper typed, within their town ('' — anywhere in Russia). */
export interface AddressSuggestions {
  suggest(query: string, town: string): Promise<AddressSuggestion[]>;
}

/** The offline default (no service key): nothing is suggested, the shopper types the address into plain fields. */
export const NO_ADDRESS_SUGGESTIONS: AddressSuggestions = { suggest: async () => [] };

/** Fewer letters than this say too little to search (the service's own advice); its limit is 300. */
export const SUGGEST_QUERY_MIN = 3;
export const SUGGEST_QUERY_MAX = 300;
/** How long the form waits after the last key before it asks: one call per pause, not per letter. */
export const SUGGEST_DEBOUNCE_MS = 300;
