import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { z } from 'zod';
import { DomainError } from '../../domain/errors';
import type { AppEnv } from './env';
import { HttpError, unsupportedMediaType } from './errors';
import { readableValue } from './readable-input';

const unreadable = () =>
  new DomainError(
    'validation',
    'Запрос содержит недопустимые символы (нулевой символ \\0 или половину суррогатной пары): уберите их.',
    'BAD_CHARACTERS',
  );

const badBody = () =>
  new DomainError('validation', 'Не удалось прочитать запрос: проверьте формат данных.', 'BAD_BODY');

/** Every field may come once: a repeated one (`?page=1&page=2`, two `offerId` in a form) is ambiguous, not a list. */
const duplicate = (name: string) =>
  new DomainError(
    'validation',
    `Поле «${name.slice(0, 64)}» передано несколько раз: оставьте одно значение.`,
    'DUPLICATE_FIELD',
  );

/** Copies `source` into `fields` without letting a `__proto__` key of a JSON body change the object's prototype. */
function assignOwn(fields: Record<string, unknown>, source: Record<string, unknown>) {
  for (const [key, value] of Object.entries(source)) {
    if (key === '__proto__') continue;
    fields[key] = value;
  }
}

/**
 * The body as text, read from Node's own request stream when nothing has started reading it: through the web
 * `Request`, every call built an undici request, its abort signal and a stream, a tenth of the basket state's time.
 * Its size was checked by the body limit (a declared length, which Node holds the body to).
 */
async function bodyText(c: Context<AppEnv>): Promise<string> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.readableFlowing !== null || incoming.headers['transfer-encoding']) return c.req.text();
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A form's fields as hono's `parseBody({ all: true })` gives them: a repeated name, or one ending in [], is a list. */
function formFields(text: string): Record<string, unknown> {
  const form: Record<string, unknown> = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) {
    const had = form[key];
    if (had !== undefined) form[key] = Array.isArray(had) ? [...had, value] : [had, value];
    else form[key] = key.endsWith('[]') ? [value] : value;
  }
  return form;
}

/**
 * The request's fields, from a form (what the spec's client sends) or JSON, plus the query string.
 * Read once per request and kept, because the sessid check reads it before the handler does.
 */
export async function readBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const cached = c.get('parsedBody');
  if (cached) return cached;
  // Keyed by names from the request: without a prototype, `constructor` is a field name like any other.
  const fields: Record<string, unknown> = Object.create(null);
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (values.length > 1) throw duplicate(name);
    fields[name] = values[0];
  }
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    // Media types are case-insensitive: `Application/JSON` is JSON.
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    let body: Record<string, unknown> | null = null;
    try {
      if (type.includes('application/json')) {
        const text = await c.req.text();
        if (text.trim()) {
          const json: unknown = JSON.parse(text);
          if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('not an object');
          body = json as Record<string, unknown>;
        }
      } else if (type.includes('application/x-www-form-urlencoded')) {
        body = formFields(await bodyText(c));
      } else if (type.includes('multipart/form-data')) {
        body = await c.req.parseBody({ all: true });
      } else if ((await c.req.arrayBuffer()).byteLength > 0) {
        // A body the shop cannot read must not pass as "no fields": the caller would be told a field is missing.
        throw unsupportedMediaType();
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw badBody();
    }
    if (body) {
      // Several files under one name are one upload of several photos (issue 28), not an ambiguous field.
      for (const [name, value] of Object.entries(body))
        if (Array.isArray(value) && !type.includes('application/json') && !value.every((v) => v instanceof File))
          throw duplicate(name);
      assignOwn(fields, body);
    }
  }
  if (!readableValue(fields)) throw unreadable();
  c.set('parsedBody', fields);
  return fields;
}

/** Parses the request's fields with `schema`; a failure is a validation error with the schema's Russian message. */
export async function parseInput<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  const result = schema.safeParse(await readBody(c));
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new DomainError(
      'validation',
      issue?.message ?? 'Неверный запрос.',
      `INVALID_${(issue?.path ?? []).join('_').toUpperCase() || 'REQUEST'}`,
    );
  }
  return result.data;
}
