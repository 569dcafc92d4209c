import { Hono } from 'hono';
import { eventInput } from '../../../domain/events/events.schemas';
import type { Services } from '../../../domain/services';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';
import { route } from '../route';

/** `/api/v2/event/*`: analytics events of the browser's analytics module (spec §7 `event/set`). */
export function eventApi(services: Services) {
  const api = new Hono<AppEnv>();
  route(api, 'eventSet', ['POST'], async (c) => {
    const input = await parseInput(c, eventInput);
    await services.events.record(c.get('ctx'), {
      event1: input.event1,
      event2: input.event2 || null,
      params: input.params ?? null,
    });
    return {};
  });
  return api;
}
