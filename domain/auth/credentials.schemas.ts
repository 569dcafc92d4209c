import { z } from 'zod';
import { line } from '../input';
import { PASSWORD_MAX } from './password';

const text = (missing: string, max: number, tooLong: string) =>
  line({ error: missing }).min(1, missing).max(max, tooLong);

/** An email address as every form takes it (the shop's and the back office's). */
export const email = line({ error: 'Укажите адрес электронной почты.' })
  .min(1, 'Укажите адрес электронной почты.')
  .max(254, 'Слишком длинный адрес электронной почты.')
  .pipe(z.email('Проверьте адрес электронной почты: в нём ошибка.'));

// The policy (length, common passwords) is the service's; here only a bound on what is read.
export const password = z
  .string({ error: 'Введите пароль.' })
  .min(1, 'Введите пароль.')
  .max(PASSWORD_MAX * 4, `Пароль должен быть не длиннее ${PASSWORD_MAX} символов.`);

const yes = z.enum(['Y', 'N'], { error: 'Ожидается Y или N.' });

/** `user/auth/register` (issue 8): `agree` is the personal data agreement of `/agreement/`. */
export const registerInput = z.object({
  name: text('Укажите имя.', 100, 'Имя — не длиннее 100 символов.'),
  lastName: line().max(100, 'Фамилия — не длиннее 100 символов.').optional().default(''),
  email,
  phone: line().max(40, 'Слишком длинный номер телефона.').optional().default(''),
  password,
  agree: z.literal('Y', { error: 'Подтвердите согласие на обработку персональных данных.' }),
  subscribe: yes.optional(),
  discountCard: yes.optional(),
});
export type RegisterInput = z.infer<typeof registerInput>;

/** `user/auth/login`: the login is the email or the phone. */
export const loginInput = z.object({
  login: text('Введите email или телефон.', 254, 'Слишком длинный логин.'),
  password,
});

/** `user/email/confirm`: `place` says where the form was (for analytics); the letter goes to the user's address. */
export const emailConfirmInput = z.object({ place: z.string().max(100).optional() });

export const passwordForgotInput = z.object({ email });

export const passwordResetInput = z.object({
  token: text(
    'Ссылка неполная: откройте её из письма ещё раз.',
    200,
    'Ссылка неполная: откройте её из письма ещё раз.',
  ),
  password,
});
