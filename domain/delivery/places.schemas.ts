import { z } from 'zod';

/** `GET /api/v2/delivery/towns/?q=`: the start of a town's name, 2–50 letters (spaces, hyphens and dots between). */
export const townsInput = z.object({
  q: z
    .string({ error: 'Введите начало названия города.' })
    .trim()
    .min(2, 'Введите хотя бы две буквы названия города.')
    .max(50, 'Название города — не длиннее 50 символов.')
    .regex(/^[а-яёa-z][а-яёa-z\s.-]*$/i, 'В названии города — только буквы, пробелы и дефисы.'),
});
