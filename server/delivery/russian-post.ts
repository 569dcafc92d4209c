import { CarrierError, type PostOffice } from '../../domain/delivery/carrier';

/**
 * Russian Post's prices through its open tariff calculator (tariff.pochta.ru, no contract, issue 42.3): a standard
 * parcel (object 27030) by weight between two post indexes, with the delivery days in the same call. Answers are
 * cached for a day by (from, to, weight band), and the calculator is asked one request at a time with a pause
 * between, as it asks of its clients.
 */
export interface RussianPostOptions {
  /** `POCHTA_TARIFF_URL`: https://tariff.pochta.ru/v2, or a local fake. */
  url: string;
  fetch?: typeof globalThis.fetch;
  /** Per request, the answer's body included. */
  timeoutMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** The least time between the starts of two requests. */
  spacingMs?: number;
  /** Answers kept at most (the oldest goes first). */
  cacheSize?: number;
}

/** «Посылка стандартная» (обыкновенная). */
const PARCEL_OBJECT = 27030;
/** Prices are asked and kept per band of this many grams, rounded up: a 1.2 kg basket is priced as 1.5 kg. */
export const WEIGHT_BAND = 500;
const DAY_MS = 86_400_000;
/** The calculator's codes for an index it does not serve or cannot deliver to. */
const INDEX_CODES = new Set([2005, 2007, 2008, 2009, 2010]);
const INDEX = /^\d{6}$/;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Quote = { price: number; daysMin: number; daysMax: number };

export function russianPostOffice(options: RussianPostOptions): PostOffice {
  const {
    fetch = globalThis.fetch,
    timeoutMs = 5000,
    now = Date.now,
    sleep = wait,
    spacingMs = 150,
    cacheSize = 5000,
  } = options;
  const base = options.url.replace(/\/+$/, '');
  /** A refusal for an index is kept too: a shopper retyping it does not send the calculator the same question. */
  const cache = new Map<string, { until: number; quote?: Quote; error?: CarrierError }>();
  let queue: Promise<unknown> = Promise.resolve();
  let lastStart = Number.NEGATIVE_INFINITY;

  function cached(key: string) {
    const entry = cache.get(key);
    if (!entry) return null;
    if (entry.until > now()) return entry;
    cache.delete(key);
    return null;
  }

  function keep(key: string, entry: { quote?: Quote; error?: CarrierError }) {
    cache.delete(key);
    cache.set(key, { until: now() + DAY_MS, ...entry });
    while (cache.size > cacheSize) cache.delete(cache.keys().next().value as string);
  }

  /** One request at a time, each at least `spacingMs` after the one before started. */
  function inTurn<T>(task: () => Promise<T>): Promise<T> {
    const turn = queue.then(async () => {
      const pause = lastStart + spacingMs - now();
      if (pause > 0) await sleep(pause);
      lastStart = now();
      return task();
    });
    queue = turn.catch(() => {});
    return turn;
  }

  async function ask(from: string, to: string, weight: number): Promise<Quote> {
    // `json` is a flag without a value: the calculator answers XML or HTML without it.
    const url = `${base}/calculate/tariff/delivery?json&object=${PARCEL_OBJECT}&from=${from}&to=${to}&weight=${weight}`;
    let status: number;
    let text: string;
    try {
      const response = await fetch(url, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw error instanceof Error && error.name === 'TimeoutError'
        ? new CarrierError(
            `Калькулятор Почты России не ответил за ${Math.round(timeoutMs / 100) / 10} с.`,
            true,
            'TIMEOUT',
          )
        : new CarrierError('Нет связи с калькулятором Почты России.', true, 'NETWORK');
    }
    if (status >= 500) throw new CarrierError(`Калькулятор Почты России ответил ошибкой ${status}.`, true, 'SERVER');
    const json = parseJson(text) as PostAnswer | undefined;
    const errors = Array.isArray(json?.errors) ? json.errors : [];
    if (errors.some((e) => INDEX_CODES.has(Number(e.code)))) {
      throw new CarrierError(`Почта России не доставляет по индексу ${to}.`, false, 'INDEX');
    }
    if (status !== 200 || errors.length > 0 || typeof json?.paynds !== 'number') {
      const said = errors
        .map((e) => e.msg)
        .filter(Boolean)
        .join('; ');
      throw new CarrierError(`Почта России не рассчитала доставку${said ? `: ${said}` : ` (ответ ${status})`}.`, false);
    }
    const daysMin = Number(json.delivery?.min);
    const daysMax = Number(json.delivery?.max);
    return {
      price: Math.round(json.paynds),
      daysMin: Number.isFinite(daysMin) ? daysMin : Number.isFinite(daysMax) ? daysMax : 0,
      daysMax: Number.isFinite(daysMax) ? daysMax : Number.isFinite(daysMin) ? daysMin : 0,
    };
  }

  return {
    async quote(weight, fromIndex, toIndex) {
      const from = fromIndex.trim();
      const to = toIndex.trim();
      for (const index of [from, to]) {
        if (!INDEX.test(index))
          throw new CarrierError(`Почтовый индекс «${index}» должен состоять из 6 цифр.`, false, 'INDEX');
      }
      const band = Math.max(1, Math.ceil(weight / WEIGHT_BAND)) * WEIGHT_BAND;
      const key = `${from}:${to}:${band}`;
      const hit = cached(key);
      if (hit?.quote) return hit.quote;
      if (hit?.error) throw hit.error;
      return inTurn(async () => {
        // Asked meanwhile by a caller ahead in the queue.
        const known = cached(key);
        if (known?.quote) return known.quote;
        if (known?.error) throw known.error;
        try {
          const quote = await ask(from, to, band);
          keep(key, { quote });
          return quote;
        } catch (error) {
          if (error instanceof CarrierError && error.code === 'INDEX') keep(key, { error });
          throw error;
        }
      });
    },
  };
}

interface PostAnswer {
  paynds?: number;
  delivery?: { min?: number | string; max?: number | string };
  errors?: { type?: number; code?: number | string; msg?: string }[];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
