/** The browser side of the spec's calls: form-encoded POSTs that carry the page's sessid, addressed by contract name. */
import { API, type ApiAnswers, type ApiName, RPC_PATH, type RpcAnswers, type RpcMethod } from '../../contract/api';
import { currentSessid } from './visitor';

export interface ApiError {
  message: string;
  code: string;
}
export type ApiAnswer<T> = { ok: true; data: T } | { ok: false; message: string; code: string };

export const NETWORK_ERROR = 'Не удалось загрузить данные';

/** The page's Options (spec §3) as the server rendered them; the personal `sessid` comes from `visitor.ts`. */
export function pageOptions(): { imgVersion: string; siteId: string; mapServiceKey?: string; metricaId?: string } {
  const script = document.getElementById('shop-options');
  return script ? JSON.parse(script.textContent || '{}') : { imgVersion: '1', siteId: 's1' };
}

/** The fields as a form, with the session's sessid. */
export async function formWithSessid(fields: Record<string, unknown>): Promise<URLSearchParams> {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...fields, sessid: await currentSessid() })) {
    if (value === undefined || value === null) continue;
    form.append(key, String(value));
  }
  return form;
}

/** Spec §8: an answer that is not the envelope (a proxy's error page, an empty body). */
export const UNKNOWN_RESPONSE = 'Unknown response';

/**
 * Reads an `/api/v2` envelope; anything else is the spec's «Unknown response», logged with the call's address and
 * status so that a broken answer is found in the console, whichever caller shows or hides it.
 */
async function readEnvelope<T>(response: Response, path: string): Promise<ApiAnswer<T>> {
  const json = (await response.json().catch((error: unknown) => {
    // A read its caller aborted (the page left while the body came) is no answer: it rejects as its fetch would.
    if ((error as Error | null)?.name === 'AbortError') throw error;
    return null;
  })) as { status?: string; data?: T; errors?: ApiError[] } | null;
  if (json?.status === 'ok') return { ok: true, data: json.data as T };
  if (json?.status === 'error') {
    const first = json.errors?.[0];
    return { ok: false, message: first?.message ?? 'Ошибка', code: first?.code ?? '0' };
  }
  console.error(UNKNOWN_RESPONSE, path, response.status);
  return { ok: false, message: UNKNOWN_RESPONSE, code: '0' };
}

/** POST to a path that answers in the envelope (an `/api/v2` call or the platform path). */
export async function postPath<T>(path: string, fields: Record<string, unknown> = {}): Promise<ApiAnswer<T>> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: await formWithSessid(fields),
      credentials: 'same-origin',
    });
    return await readEnvelope<T>(response, path);
  } catch {
    return { ok: false, message: NETWORK_ERROR, code: 'NETWORK' };
  }
}

/** POST to an `/api/v2` call by its contract name. */
export function postApi<K extends ApiName>(
  name: K,
  fields: Record<string, unknown> = {},
): Promise<ApiAnswer<ApiAnswers[K]>> {
  return postPath<ApiAnswers[K]>(API[name], fields);
}

/** GET an `/api/v2` call that only reads. */
export async function getApi<K extends ApiName>(
  name: K,
  params: URLSearchParams,
  init: RequestInit = {},
): Promise<ApiAnswer<ApiAnswers[K]>> {
  const response = await fetch(`${API[name]}?${params}`, { ...init, credentials: 'same-origin' });
  return readEnvelope<ApiAnswers[K]>(response, API[name]);
}

/** `POST /api/` with a method: its object, or the `{error: {msg, code}}` it answers. */
export async function postRpc<M extends RpcMethod>(
  method: M,
  fields: Record<string, unknown> = {},
): Promise<ApiAnswer<RpcAnswers[M]>> {
  let json: (RpcAnswers[M] & { error?: undefined }) | { error?: { msg?: string; code?: string } } | null;
  try {
    const response = await fetch(RPC_PATH, {
      method: 'POST',
      body: await formWithSessid({ method, ...fields }),
      credentials: 'same-origin',
    });
    json = await response.json().catch(() => null);
  } catch {
    return { ok: false, message: NETWORK_ERROR, code: 'NETWORK' };
  }
  if (json && !json.error) return { ok: true, data: json as RpcAnswers[M] };
  return { ok: false, message: json?.error?.msg ?? NETWORK_ERROR, code: json?.error?.code ?? '0' };
}
