import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface ErrorItem {
  message: string;
  code: string;
}

/**
 * The answer shape of one of the shop's three API dialects. Everything else — body reading, sessid, error
 * mapping — is shared (server/http/api-layer.ts); only these two functions differ.
 */
export interface Dialect {
  ok(c: Context, data: unknown): Response;
  fail(c: Context, status: ContentfulStatusCode, errors: ErrorItem[]): Response;
}

/** `/api/v2` and the platform path: `{status: 'ok', data}` / `{status: 'error', errors: [{message, code}]}`. */
export const ENVELOPE: Dialect = {
  ok: (c, data) => c.json({ status: 'ok', data }),
  fail: (c, status, errors) => c.json({ status: 'error', errors }, status),
};

/** `POST /api/`: the answer object itself / `{error: {msg, code}}` (spec §7). */
export const RPC: Dialect = {
  ok: (c, data) => c.json(data as object),
  fail: (c, status, [first]) => c.json({ error: { msg: first?.message ?? '', code: first?.code ?? '' } }, status),
};
