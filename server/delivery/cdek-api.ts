import { CarrierError } from '../../domain/delivery/carrier';

/**
 * CDEK API v2 on the wire: the OAuth token (client credentials, cached until a minute before it lapses, one request
 * shared by concurrent callers, refreshed once on a 401) and one call with the shop's errors. A time-out, a network
 * failure and a 5xx are retryable (the outcome is unknown); a 4xx carries CDEK's own messages (mostly Russian).
 */
export interface CdekConnection {
  clientId: string;
  clientSecret: string;
  /** `https://api.cdek.ru/v2`, the test `https://api.edu.cdek.ru/v2`, or a local fake. */
  apiUrl: string;
  fetch?: typeof globalThis.fetch;
  /** Per request, the answer's body included. */
  timeoutMs?: number;
  now?: () => number;
}

export interface CdekAnswer {
  status: number;
  json: unknown;
}

export interface CdekCallOptions {
  query?: Record<string, string | number>;
  body?: unknown;
  /** 4xx statuses the caller reads itself (a «not found» that is an answer, a refusal it explains). */
  allow?: readonly number[];
}

export interface CdekApi {
  call(method: 'GET' | 'POST' | 'DELETE', path: string, options?: CdekCallOptions): Promise<CdekAnswer>;
  /** A file CDEK made (a label's PDF), with the token. */
  download(url: string): Promise<Uint8Array>;
}

/** The token is renewed this long before CDEK says it lapses, so that no call goes out with a dying one. */
const TOKEN_MARGIN_MS = 60_000;

export function cdekApi(connection: CdekConnection): CdekApi {
  const { clientId, clientSecret, fetch = globalThis.fetch, timeoutMs = 10_000, now = Date.now } = connection;
  const base = connection.apiUrl.replace(/\/+$/, '');
  const scrub = (text: string) => (clientSecret ? text.split(clientSecret).join('***') : text);
  let token: { value: string; until: number } | null = null;
  let pending: Promise<string> | null = null;

  async function requestToken(): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    });
    const { status, json } = await send(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: body.toString(),
    });
    if (status >= 500) throw new CarrierError(`СДЭК не выдал ключ доступа: ошибка ${status}.`, true);
    const answer = json as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (status !== 200 || typeof answer?.access_token !== 'string') {
      throw new CarrierError(
        `СДЭК не принял CDEK_CLIENT_ID и CDEK_CLIENT_SECRET (ответ ${status}): проверьте ключи из кабинета СДЭК.`,
        false,
        'AUTH',
      );
    }
    const lifetime = typeof answer.expires_in === 'number' ? answer.expires_in * 1000 : 3_600_000;
    token = { value: answer.access_token, until: now() + Math.max(0, lifetime - TOKEN_MARGIN_MS) };
    return answer.access_token;
  }

  function tokenOf(): Promise<string> {
    if (token && now() < token.until) return Promise.resolve(token.value);
    pending ??= requestToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  /** One request with the time-out; the body read as JSON when it is JSON. */
  async function send(url: string, init: RequestInit): Promise<CdekAnswer> {
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      const text = await response.text();
      return { status: response.status, json: parseJson(text) };
    } catch (error) {
      throw unreachable(error);
    }
  }

  function unreachable(error: unknown): CarrierError {
    if (error instanceof CarrierError) return error;
    return error instanceof Error && error.name === 'TimeoutError'
      ? new CarrierError(`СДЭК не ответил за ${Math.round(timeoutMs / 100) / 10} с.`, true, 'TIMEOUT')
      : new CarrierError('Нет связи со СДЭК.', true, 'NETWORK');
  }

  /** With a token; a 401 (the token lapsed or was revoked early) gets one fresh token and one more try. */
  async function authorized(url: string, init: RequestInit): Promise<CdekAnswer> {
    for (let attempt = 0; ; attempt++) {
      const used = await tokenOf();
      const answer = await send(url, { ...init, headers: { ...init.headers, Authorization: `Bearer ${used}` } });
      if (answer.status !== 401) return answer;
      if (attempt > 0) {
        throw new CarrierError('СДЭК не принимает ключ доступа даже после его обновления.', false, 'AUTH');
      }
      if (token?.value === used) token = null;
    }
  }

  return {
    async call(method, path, options = {}) {
      const url = new URL(`${base}/${path.replace(/^\/+/, '')}`);
      for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, String(value));
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      const answer = await authorized(url.toString(), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      if (answer.status < 300 || options.allow?.includes(answer.status)) return answer;
      if (answer.status >= 500) {
        throw new CarrierError(`СДЭК ответил ошибкой ${answer.status} (результат неизвестен).`, true, 'SERVER');
      }
      throw new CarrierError(
        `СДЭК отклонил запрос: ${scrub(cdekMessages(answer.json) || `HTTP ${answer.status}`)}.`,
        answer.status === 429,
        `HTTP_${answer.status}`,
      );
    },

    async download(url) {
      // The token goes only to CDEK's own address, whatever an answer names.
      if (new URL(url, `${base}/`).origin !== new URL(base).origin) {
        throw new CarrierError('СДЭК дал ссылку на файл на чужом адресе; файл не скачан.', false);
      }
      try {
        const used = await tokenOf();
        const response = await fetch(new URL(url, `${base}/`), {
          headers: { Authorization: `Bearer ${used}` },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.status >= 500) throw new CarrierError(`СДЭК не отдал файл: ошибка ${response.status}.`, true);
        if (!response.ok) throw new CarrierError(`СДЭК не отдал файл: ответ ${response.status}.`, false);
        return new Uint8Array(await response.arrayBuffer());
      } catch (error) {
        throw unreachable(error);
      }
    },
  };
}

interface CdekErrorItem {
  code?: unknown;
  message?: unknown;
}

/** CDEK's error items of an answer: at the top (`errors`) or in its requests (`requests[].errors`). */
export function cdekErrors(json: unknown): { code: string; message: string }[] {
  const answer = json as { errors?: unknown; requests?: unknown } | undefined;
  const lists: unknown[] = [answer?.errors];
  if (Array.isArray(answer?.requests)) {
    for (const request of answer.requests) lists.push((request as { errors?: unknown } | null)?.errors);
  }
  const found: { code: string; message: string }[] = [];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const item of list as CdekErrorItem[]) {
      found.push({
        code: typeof item?.code === 'string' ? item.code : '',
        message: typeof item?.message === 'string' ? item.message : '',
      });
    }
  }
  return found;
}

/** CDEK's messages in one line, for the staff: «Не указан телефон получателя; …». */
export const cdekMessages = (json: unknown): string =>
  [...new Set(cdekErrors(json).map((e) => (e.message || e.code).replace(/\.$/, '')))].filter(Boolean).join('; ');

/** Whether CDEK answered «no such entity» (HTTP 400 with a `v2_entity_not_found…` code, or a 404). */
export const isNotFound = (answer: CdekAnswer): boolean =>
  answer.status === 404 || cdekErrors(answer.json).some((e) => e.code.includes('not_found'));

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
