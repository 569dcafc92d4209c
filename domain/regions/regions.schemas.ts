import { z } from 'zod';
import { positiveInt } from '../input';

const CHOOSE_CITY = 'Выберите город из списка.';

/** Spec §7 `user/location/region/set`: `method` user.location.setRegion and the city `id`. */
export const regionInput = z.object({
  method: z
    .literal('user.location.setRegion', { error: 'Неизвестный метод: ожидается user.location.setRegion.' })
    .optional(),
  id: positiveInt(CHOOSE_CITY, CHOOSE_CITY),
});

/** Spec §7 `user/location/yandex/set`: an address typed or detected, whose city becomes the visitor's. */
export const addressRegionInput = z.object({
  address: z
    .string({ error: 'Укажите адрес или город.' })
    .trim()
    .min(1, 'Укажите адрес или город.')
    .max(500, 'Адрес — не длиннее 500 символов.'),
});
