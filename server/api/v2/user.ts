import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { z } from 'zod';
import { DomainError } from '../../../domain/errors';
import { positiveInt } from '../../../domain/input';
import { subscribeInput } from '../../../domain/newsletter/newsletter.schemas';
import type { Services } from '../../../domain/services';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';
import { ok } from '../../http/envelope';

const regionInput = z.object({ id: positiveInt('Выберите город из списка.', 'Выберите город из списка.') });

export function userApi(services: Services) {
  const api = new Hono<AppEnv>();
  api.post('/subscribe/sign/', async (c) => {
    const input = await parseInput(c, subscribeInput);
    return ok(c, await services.newsletter.subscribe(input.email));
  });
  api.post('/location/region/set/', async (c) => {
    const { id } = await parseInput(c, regionInput);
    const city = (await services.regions.cities()).find((x) => x.id === id);
    if (!city) throw new DomainError('not_found', 'Такого города нет в списке.', 'CITY_NOT_FOUND');
    setCookie(c, 'city', city.code, { path: '/', maxAge: 365 * 86400, sameSite: 'Lax' });
    return ok(c, {
      region: {
        locationId: city.id,
        id: city.id,
        name: city.name,
        isOther: false,
        phones: city.phones,
        cityName: city.name,
        cityId: city.id,
        cityCode: city.code,
        cityFull: city.fullName,
      },
    });
  });
  return api;
}
