import type { Settings } from '../../config/settings';
import type { LimitRule, RateLimiter } from '../../domain/limits/limits';

/** The limits every state-changing API call counts against (`guardWrites` in api-layer.ts). */
export interface WriteLimits {
  limiter: RateLimiter;
  perSession: LimitRule;
  perClient: LimitRule;
}

/** The write limits of the settings, per minute. */
export function writeLimits(
  limiter: RateLimiter,
  settings: Pick<Settings, 'WRITE_LIMIT_PER_SESSION' | 'WRITE_LIMIT_PER_CLIENT'>,
): WriteLimits {
  return {
    limiter,
    perSession: { name: 'writes-per-session', limit: settings.WRITE_LIMIT_PER_SESSION, windowS: 60 },
    perClient: { name: 'writes-per-client', limit: settings.WRITE_LIMIT_PER_CLIENT, windowS: 60 },
  };
}
