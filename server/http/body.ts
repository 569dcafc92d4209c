import type { Context } from 'hono';
import type { z } from 'zod';
import { DomainError } from '../../domain/errors';
import type { AppEnv } from './env';

/**
 * The request's fields, from a form (what the spec's client sends) or JSON, plus the query string.
 * Read once per request and kept, because the sessid check reads it before the handler does.
 */
export async function readBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const cached = c.get('parsedBody');
  if (cached) return cached;
  const fields: Record<string, unknown> = { ...c.req.query() };
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    const type = c.req.header('content-type') ?? '';
    try {
      if (type.includes('application/json')) {
        const text = await c.req.text();
        if (text.trim()) {
          const json: unknown = JSON.parse(text);
          if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('not an object');
          Object.assign(fields, json);
        }
      } else if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
        Object.assign(fields, await c.req.parseBody({ all: true }));
      }
    } catch {
      throw new DomainError('validation', 'Не удалось прочитать запрос: проверьте формат данных.', 'BAD_BODY');
    }
  }
  c.set('parsedBody', fields);
  return fields;
}

/** Parses the request's fields with `schema`; a failure is a validation error with the schema's Russian message. */
export async function parseInput<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  const result = schema.safeParse(await readBody(c));
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new DomainError('validation', issue?.message ?? 'Неверный запрос.', `INVALID_${(issue?.path ?? []).join('_').toUpperCase() || 'REQUEST'}`);
  }
  return result.data;
}
