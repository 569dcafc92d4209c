/** The browser side of the spec's calls: form-encoded POSTs that carry the page's sessid. */

export interface ApiError {
  message: string;
  code: string;
}
export type ApiAnswer<T> = { ok: true; data: T } | { ok: false; message: string; code: string };

export const NETWORK_ERROR = 'Не удалось загрузить данные';

export function pageOptions(): { sessid: string; imgVersion: string; siteId: string } {
  const script = document.getElementById('shop-options');
  return script ? JSON.parse(script.textContent || '{}') : { sessid: '', imgVersion: '1', siteId: 's1' };
}

function toForm(fields: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(key, String(value));
  }
  return form;
}

export async function postApi<T>(url: string, fields: Record<string, unknown> = {}): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: toForm({ ...fields, sessid: pageOptions().sessid }),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, message: NETWORK_ERROR, code: 'NETWORK' };
  }
  const json = (await response.json().catch(() => null)) as { status?: string; data?: T; errors?: ApiError[] } | null;
  if (json?.status === 'ok') return { ok: true, data: json.data as T };
  if (json?.status === 'error') {
    const first = json.errors?.[0];
    return { ok: false, message: first?.message ?? 'Ошибка', code: first?.code ?? '0' };
  }
  return { ok: false, message: 'Unknown response', code: '0' };
}
