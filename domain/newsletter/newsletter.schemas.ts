import { z } from 'zod';
import { line } from '../input';

export const subscribeInput = z.object({
  email: line({ error: 'Укажите адрес электронной почты.' })
    .min(1, 'Укажите адрес электронной почты.')
    .max(254, 'Слишком длинный адрес электронной почты.')
    .pipe(z.email('Проверьте адрес электронной почты: в нём ошибка.')),
  licenses_subscribe: z.literal('Y', { error: 'Подтвердите согласие на обработку персональных данных.' }),
});

export type SubscribeInput = z.infer<typeof subscribeInput>;
