import type { RequestContext } from '../context';
import type { LimitRules } from '../limits/rules';
import { enforce, type RateLimiter } from '../limits/limits';

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

export interface EventsService {
  record(ctx: Pick<RequestContext, 'sessionId'>, event: EventData): Promise<void>;
}

export function createEventsService(
  repo: EventsRepository,
  limits: RateLimiter,
  rules: Pick<LimitRules, 'eventsPerSession'>,
): EventsService {
  return {
    async record(ctx, event) {
      await enforce(limits, [ctx.sessionId, rules.eventsPerSession]);
      await repo.add({ sessionId: ctx.sessionId, ...event });
    },
  };
}
