import { type Context, Hono, type Handler } from 'hono';
import type { z } from 'zod';
import type { RequestContext } from '../../../../domain/context';
import { DomainError } from '../../../../domain/errors';
import { requirePermission, type StaffAction } from '../../../../domain/staff/permissions';
import { answer } from '../../../http/api-layer';
import { parseInput } from '../../../http/body';
import type { AppEnv } from '../../../http/env';

/** What a back-office call needs: a permission, or `open` (the login: the gate lets it through without a session). */
export type CallPermission = StaffAction | 'open';

/**
 * The back office's calls, each declared with the permission it needs: the one guard runs before the handler reads the
 * body or the ids, so a role that may not learns nothing of the form's checks. The domain checks again with the scope
 * of what is written (`staffWrite`).
 */
export function staffCalls() {
  const api = new Hono<AppEnv>();
  // The permission stays on the guard: the audit test reads it off the route table.
  const guard = (permission: CallPermission): Handler<AppEnv> =>
    Object.assign(
      async (c: Parameters<Handler<AppEnv>>[0], next: Parameters<Handler<AppEnv>>[1]) => {
        if (permission !== 'open') requirePermission(c.get('ctx'), permission);
        await next();
      },
      { permission },
    );
  return {
    api,
    get: (path: string, permission: CallPermission, handler: Handler<AppEnv>) =>
      api.get(path, guard(permission), handler),
    post: (path: string, permission: CallPermission, handler: Handler<AppEnv>) =>
      api.post(path, guard(permission), handler),
    delete: (path: string, permission: CallPermission, handler: Handler<AppEnv>) =>
      api.delete(path, guard(permission), handler),
    /** A write: the body through its schema (a 400 with its Russian message), then what `run` answers. */
    write: <S extends z.ZodType>(
      path: string,
      permission: StaffAction,
      schema: S,
      run: (ctx: RequestContext, input: z.infer<S>) => Promise<unknown>,
    ) =>
      api.post(path, guard(permission), async (c) => answer(c, await run(c.get('ctx'), await parseInput(c, schema)))),
    /** A write to the thing the path names: its id first (what cannot be one is «not found» before the body is read). */
    writeTo: <S extends z.ZodType>(
      path: string,
      permission: StaffAction,
      idOf: (c: Context<AppEnv>) => number,
      schema: S,
      run: (ctx: RequestContext, id: number, input: z.infer<S>) => Promise<unknown>,
    ) =>
      api.post(path, guard(permission), async (c) => {
        const id = idOf(c);
        return answer(c, await run(c.get('ctx'), id, await parseInput(c, schema)));
      }),
  };
}

/** The query string read through a schema: a bad filter is a 400 with its Russian message. */
export function queryOf<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.infer<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success)
    throw new DomainError('validation', result.error.issues[0]?.message ?? 'Проверьте фильтр.', 'INVALID_QUERY');
  return result.data;
}

/**
 * A number from the path (`:id` unless named): what cannot be an id is answered as what does not exist, with the
 * «not found» of that kind of thing.
 */
export function pathNumber(c: Context<AppEnv>, notFound: () => DomainError, name = 'id'): number {
  const id = c.req.param(name) ?? '';
  if (!/^\d{1,9}$/.test(id)) throw notFound();
  return Number(id);
}

/**
 * A promo code from the path (`:code`, already decoded by the router): the same «not found» for a code that cannot
 * exist as for one that does not.
 */
export function pathPromoCode(c: Context<AppEnv>): string {
  const code = (c.req.param('code') ?? '').toUpperCase();
  if (!/^[A-Z0-9_-]{1,32}$/.test(code)) throw new DomainError('not_found', 'Такого промокода нет.', 'PROMO_NOT_FOUND');
  return code;
}
