/** One analytics event, as the browser's analytics module sends it. */
export interface EventRecord {
  sessionId: string;
  event1: string;
  event2: string | null;
  params: string | null;
}

export interface EventsRepository {
  add(event: EventRecord): Promise<void>;
}

export interface EventsService {
  record(event: EventRecord): Promise<void>;
}

export function createEventsService(repo: EventsRepository): EventsService {
  return { record: (event) => repo.add(event) };
}
