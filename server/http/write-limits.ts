import type { RequestContext } from '../../domain/context';
import type { LimitRules } from '../../domain/limits/rules';
import { enforce, type RateLimiter } from '../../domain/limits/limits';

/** The limits every state-changing API call (`guardWrites`) and page form post (`guardPageForms`) counts against. */
export interface WriteLimits {
  limiter: RateLimiter;
  rules: Pick<LimitRules, 'writesPerSession' | 'writesPerClient'>;
}

/** Counts one write of the request's session and client address; a `RateLimitedError` above either limit. */
export function countWrite(limits: WriteLimits, ctx: Pick<RequestContext, 'sessionId' | 'client'>): Promise<void> {
  const { writesPerSession, writesPerClient } = limits.rules;
  return enforce(limits.limiter, [ctx.sessionId, writesPerSession], [ctx.client, writesPerClient]);
}
