import type { Context, Hono } from 'hono';
import { API, type ApiAnswers, type ApiName } from '../../contract/api';
import { answer } from '../http/api-layer';
import type { AppEnv } from '../http/env';

type Verb = 'GET' | 'POST';

/**
 * Registers an `/api/v2` call at its contract path: the handler returns the `data` the contract promises for that
 * call, and the answer takes the envelope.
 */
export function route<K extends ApiName>(
  api: Hono<AppEnv>,
  name: K,
  verbs: Verb[],
  handler: (c: Context<AppEnv>) => Promise<ApiAnswers[K]>,
): void {
  api.on(verbs, API[name], async (c) => answer(c, await handler(c)));
}
