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

/** «55.7961, 49.1064»: the browser's geolocation (latitude, longitude) as the address; decimals tell it from a house. */
const COORDINATES = /^(-?\d{1,3}\.\d+)\s*[,;\s]\s*(-?\d{1,3}\.\d+)$/;

/**
 * Spec §7 `user/location/yandex/set`: an address typed, or the coordinates the browser found, whose city becomes the
 * visitor's. Coordinates come out as a `point`, any other text as the `address`.
 */
export const addressRegionInput = z
  .object({
    address: z
      .string({ error: 'Укажите адрес или город.' })
      .trim()
      .min(1, 'Укажите адрес или город.')
      .max(500, 'Адрес — не длиннее 500 символов.'),
  })
  .transform(({ address }, ctx) => {
    const found = COORDINATES.exec(address);
    if (!found) return { address };
    const [lat, lon] = [Number(found[1]), Number(found[2])];
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) {
      ctx.addIssue({
        code: 'custom',
        path: ['address'],
        message: 'Координаты вне допустимых пределов: широта до 90°, долгота до 180°.',
      });
      return z.NEVER;
    }
    return { point: { lat, lon } };
  });
