import type { City } from './regions/ports';
import type { StaffMember } from './staff/staff-member';

/**
 * Who is asking: an anonymous visitor or a logged-in shopper on the shop's pages; on the back office's (`/admin/`,
 * `/api/v2/admin/`), a staff member by their own session, or a visitor.
 */
export type Actor =
  | { kind: 'visitor' }
  | { kind: 'user'; userId: number }
  | ({ kind: 'staff' } & StaffMember)
  /**
   * Whoever the session is bound to, not looked up yet: the basket's state and add-to-cart calls look the owner up in
   * their own query, so that each costs one round trip fewer (issue 29.1). Only the basket reads it.
   */
  | { kind: 'session' };

/**
 * Everything a use-case may know about the request, resolved once by the HTTP layer and passed to every service
 * call that acts for someone (Vendure's RequestContext). Personal data is always looked up by the owner read
 * from here, never by an id from the request body.
 */
export interface RequestContext {
  readonly requestId: string;
  /** The visitor's session id: owns the basket of a visitor and is bound to the user after login. */
  readonly sessionId: string;
  readonly actor: Actor;
  /** The visitor's city (the city cookie), or the shop's first city. */
  readonly city: City | null;
  /** The client address (the socket's, or the last proxy hop when the shop trusts its proxy): rate limits count by it. */
  readonly client: string;
  /** The shop's clock: tests set it to check cut-offs. */
  now(): Date;
}

/** The user id of a logged-in actor, else null. */
export function userIdOf(ctx: Pick<RequestContext, 'actor'>): number | null {
  if (ctx.actor.kind === 'session') throw new Error('the actor of this call is looked up by its own query');
  return ctx.actor.kind === 'user' ? ctx.actor.userId : null;
}
