import { Hono } from 'hono';
import { addressSuggestInput } from '../../domain/delivery/address-suggestions.schemas';
import { RateLimitedError, waitText } from '../../domain/limits/limits';
import type { Services } from '../../domain/services';
import { parseInput } from '../http/body';
import type { AppEnv } from '../http/env';
import { route } from '../api/route';

/**
 * `POST /api/v2/delivery/address/suggest/` (`deliveryAddressSuggest`): `{query, city}` → `{suggestions: […]}`. Registered among the `/api/v2` calls, so it carries the sessid like
 * them; without an address service configured it answers an empty list (the form is plain fields then anyway).
 * The port is read per request: the composition root, or a test, decides which one is in force.
 */
export function addressSuggestApi(services: Pick<Services, 'addressSuggestions' | 'limits' | 'limitRules'>) {
  const api = new Hono<AppEnv>();
  route(api, 'deliveryAddressSuggest', ['POST'], async (c) => {
    const { query, city } = await parseInput(c, addressSuggestInput);
    const rule = services.limitRules.addressSuggestPerClient;
    const [verdict] = await services.limits.hitAll([[c.get('ctx').client, rule]]);
    if (verdict && !verdict.allowed)
      throw new RateLimitedError(
        verdict.retryAfterS,
        `Слишком много запросов подсказок адреса. Повторите ${waitText(verdict.retryAfterS)} или введите адрес вручную.`,
      );
    return { suggestions: await services.addressSuggestions.suggest(query, city) };
  });
  return api;
}
