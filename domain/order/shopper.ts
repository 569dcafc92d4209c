import type { BasketOwner } from '../basket/ports';
import { type RequestContext, userIdOf } from '../context';

/** Whose basket the order takes: the user's when logged in, else the session's. */
export const ownerOf = (ctx: RequestContext): BasketOwner => ({ sessionId: ctx.sessionId, userId: userIdOf(ctx) });

/** Whom promo code limits count: the user, else the order's phone, else the session. */
export const customerOf = (ctx: RequestContext, phone?: string) => {
  const userId = userIdOf(ctx);
  return userId !== null ? `user:${userId}` : phone ? `phone:${phone}` : `session:${ctx.sessionId}`;
};
