import type { RequestContext } from '../context';
import { type LimitRule, RateLimitedError, type RateLimiter } from '../limits/limits';
import type { DiscountCardFacts } from './ports';
import { cardError } from './order-errors';

/**
 * Typed discount card numbers are looked up under a limit per client address: the answers tell a card from none, so
 * a script could otherwise walk the numbers. Each look-up counts and a card found gives its try back: a shopper using
 * their card (or one that has ended) never meets the limit, a guesser's misses add up.
 */
export interface CardTries {
  /** The card typed as `number` and what refuses it (none, ended, or too many misses), counted for `ctx`'s client. */
  lookUp(
    ctx: Pick<RequestContext, 'client'>,
    number: string,
  ): Promise<{ card: DiscountCardFacts | null; problem: Error | null }>;
}

export function cardTries(deps: {
  limits: RateLimiter;
  rule: LimitRule;
  card(number: string): Promise<DiscountCardFacts | null>;
}): CardTries {
  return {
    async lookUp(ctx, number) {
      const verdict = await deps.limits.hit(ctx.client, deps.rule);
      if (!verdict.allowed) return { card: null, problem: new RateLimitedError(verdict.retryAfterS) };
      const card = await deps.card(number);
      // An ended card counts as found: the order page sends a remembered one with every load, and it gives nothing.
      if (card) await deps.limits.giveBack(ctx.client, deps.rule);
      return { card, problem: cardError(card) };
    },
  };
}
