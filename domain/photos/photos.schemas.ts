import { z } from 'zod';
import { DomainError } from '../errors';

/** A product's or shop's id from the path: a positive whole number, else a Russian 404. */
export function ownerId(value: string | undefined, what: 'товара' | 'магазина'): number {
  if (!value || !/^\d{1,9}$/.test(value) || Number(value) === 0)
    throw new DomainError('not_found', `Такого ${what} нет.`, 'NOT_FOUND');
  return Number(value);
}

/** A product photo's id from the path. */
export function photoId(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value) || Number(value) === 0)
    throw new DomainError('not_found', 'Такого фото нет.', 'PHOTO_NOT_FOUND');
  return Number(value);
}

/** `POST .../photos/order/`: every photo's id, the main one first. */
export const photoOrderInput = z.object({
  ids: z
    .array(
      z.coerce.number({ message: 'ids — номера фото.' }).int('ids — номера фото.').positive('ids — номера фото.'),
      {
        message: 'Передайте ids — номера всех фото товара по порядку, главное первым.',
      },
    )
    .min(1, 'Передайте ids — номера всех фото товара по порядку, главное первым.')
    .max(200, 'Слишком много фото в порядке.'),
});

/** A page form's move of one photo. */
export const photoMoveInput = z.enum(['up', 'down', 'main'], { message: 'Неизвестное перемещение фото.' });
