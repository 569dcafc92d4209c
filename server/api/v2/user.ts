import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { subscribeInput } from '../../../domain/newsletter/newsletter.schemas';
import { regionInput } from '../../../domain/regions/regions.schemas';
import { toRegion } from '../../../domain/regions/regions.service';
import type { Services } from '../../../domain/services';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';
import { route } from '../route';

/** Spec §3: cookies live 365 days. */
const CITY_COOKIE_MAX_AGE = 365 * 86400;

export function userApi(services: Services) {
  const api = new Hono<AppEnv>();
  route(api, 'subscribe', ['POST'], async (c) => {
    const input = await parseInput(c, subscribeInput);
    return services.newsletter.subscribe(input.email);
  });
  route(api, 'regionSet', ['POST'], async (c) => {
    const { id } = await parseInput(c, regionInput);
    const city = await services.regions.byId(id);
    setCookie(c, 'city', city.code, { path: '/', maxAge: CITY_COOKIE_MAX_AGE, sameSite: 'Lax' });
    return { region: toRegion(city) };
  });
  return api;
}
