import { z } from 'zod';
import { line } from '../input';

const PHONE_MISSING = 'Укажите номер телефона.';

const phoneField = line({ error: PHONE_MISSING })
  .min(1, PHONE_MISSING)
  .max(40, 'Введите номер мобильного телефона: 11 цифр, например +7 900 123-45-67.');

/** `user/phone/code/send`: the phone as typed; the service reads it by the spec's rule. */
export const phoneCodeSendInput = z.object({ phone: phoneField });

/** `user/phone/code/check`: the phone, the code from the SMS and, with `login=Y`, a login by that phone. */
export const phoneCodeCheckInput = z.object({
  phone: phoneField,
  code: line({ error: 'Введите код из SMS.' }).min(1, 'Введите код из SMS.').max(12, 'Введите шесть цифр кода из SMS.'),
  login: z.enum(['Y', 'N'], { error: 'login: ожидается Y или N.' }).optional(),
});
