import { z } from 'zod';
import { line } from '../input';
import { SUGGEST_QUERY_MAX, SUGGEST_QUERY_MIN } from './address-suggestions';

// Apart from the port's constants: the order page reads those, and zod stays out of its start (page-javascript.test).
/** `POST /api/v2/delivery/address/suggest/`: what the shopper typed and the town the order goes to. */
export const addressSuggestInput = z.object({
  query: line({ error: 'Введите адрес.' })
    .min(SUGGEST_QUERY_MIN, `Введите хотя бы ${SUGGEST_QUERY_MIN} буквы адреса.`)
    .max(SUGGEST_QUERY_MAX, `Адрес для подсказки — не длиннее ${SUGGEST_QUERY_MAX} символов.`),
  city: line().max(100, 'Город — не длиннее 100 символов.').optional().default(''),
});
export type AddressSuggestInput = z.infer<typeof addressSuggestInput>;
