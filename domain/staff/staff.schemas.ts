import { z } from 'zod';
import { email, password } from '../auth/credentials.schemas';
import { line } from '../input';
import { STAFF_ROLES } from './staff-member';

const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Код из приложения — шесть цифр.');

export const staffLoginInput = z.object({
  email,
  password,
  totp: z.preprocess((v) => (v === '' ? undefined : v), code.optional()),
});
export type StaffLoginInput = z.infer<typeof staffLoginInput>;

export const staffInviteInput = z.object({
  email,
  name: line().max(100, 'Имя — не длиннее 100 символов.').default(''),
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
  name: line().max(100, 'Имя — не длиннее 100 символов.').pipe(z.string().min(1, 'Укажите имя.')),
  password,
});

export const passwordChangeInput = z.object({ current: password, password });
export const totpCodeInput = z.object({ code });
