import { z } from 'zod';
import { PASSWORD_MAX } from '../auth/password';
import { STAFF_ROLES } from './staff-member';

const email = z
  .string({ error: 'Укажите адрес электронной почты.' })
  .trim()
  .min(1, 'Укажите адрес электронной почты.')
  .max(254, 'Слишком длинный адрес электронной почты.')
  .pipe(z.email('Проверьте адрес электронной почты: в нём ошибка.'));

// The policy (length, common passwords) is the service's; here only a bound on what is read.
const password = z
  .string({ error: 'Введите пароль.' })
  .min(1, 'Введите пароль.')
  .max(PASSWORD_MAX * 4, `Пароль должен быть не длиннее ${PASSWORD_MAX} символов.`);

const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Код из приложения — шесть цифр.');

/** Single-line text: control characters (CR/LF among them) go, so a name cannot forge lines of a letter. */
const line = (max: number, tooLong: string) =>
  z
    .string()
    .max(max * 4, tooLong)
    .transform((v) => v.replace(/\p{Cc}/gu, ' ').trim())
    .pipe(z.string().max(max, tooLong));

export const staffLoginInput = z.object({
  email,
  password,
  totp: z.preprocess((v) => (v === '' ? undefined : v), code.optional()),
});
export type StaffLoginInput = z.infer<typeof staffLoginInput>;

export const staffInviteInput = z.object({
  email,
  name: line(100, 'Имя — не длиннее 100 символов.').default(''),
  role: z.enum(STAFF_ROLES, { error: 'Выберите роль сотрудника.' }),
  shopId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: 'Выберите магазин.' }).int().positive('Выберите магазин.').optional(),
  ),
});
export type StaffInviteInput = z.infer<typeof staffInviteInput>;

export const staffAcceptInput = z.object({
  /** Asked only on the first owner's link, which names no address. */
  email: email.optional(),
  name: line(100, 'Имя — не длиннее 100 символов.').pipe(z.string().min(1, 'Укажите имя.')),
  password,
});

export const passwordChangeInput = z.object({ current: password, password });
export const totpCodeInput = z.object({ code });
