import type { RequestContext } from '../context';

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

export function createEventsService(repo: EventsRepository): EventsService {
  return { record: (ctx, event) => repo.add({ sessionId: ctx.sessionId, ...event }) };
}
