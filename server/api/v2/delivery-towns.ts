import { Hono } from 'hono';
import { townsInput } from '../../../domain/delivery/places.schemas';
import type { Services } from '../../../domain/services';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';
import { route } from '../route';

/** `/api/v2/delivery/*`: the checkout's town choice from the carrier's towns (issue 42.5). */
export function deliveryTownsApi(services: Services) {
  const api = new Hono<AppEnv>();
  route(api, 'deliveryTowns', ['GET'], async (c) => {
    const { q } = await parseInput(c, townsInput);
    return { towns: await services.places.towns(c.get('ctx'), q) };
  });
  return api;
}
