import type { RequestContext } from '../context';
import { enforce, type LimitRule, type RateLimiter } from '../limits/limits';

/** One analytics event, as the browser's analytics module sends it. */
export interface EventData {
  event1: string;
  event2: string | null;
  params: string | null;
}

/** An event as stored: with the visitor session that sent it. */
export interface EventRecord extends EventData {
  sessionId: string;
}

export interface EventsRepository {
  add(event: EventRecord): Promise<void>;
}

/** A page sends a handful of goals; a session sending more than one a second on average is not a shopper. */
export const EVENTS_PER_SESSION: LimitRule = { name: 'events-per-session', limit: 60, windowS: 60 };

export interface EventsService {
  record(ctx: Pick<RequestContext, 'sessionId'>, event: EventData): Promise<void>;
}

export function createEventsService(repo: EventsRepository, limits: RateLimiter): EventsService {
  return {
    async record(ctx, event) {
      await enforce(limits, [ctx.sessionId, EVENTS_PER_SESSION]);
      await repo.add({ sessionId: ctx.sessionId, ...event });
    },
  };
}
