import type { EventsRepository } from '../../domain/events/events.service';
import type { Db } from '../client';
import { events } from '../schema';

export function eventsRepository(db: Db): EventsRepository {
  return {
    async add(event) {
      await db.insert(events).values(event);
    },
  };
}
