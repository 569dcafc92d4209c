import { z } from 'zod';
import { DomainError } from '../errors';
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

const role = z.enum(STAFF_ROLES, { error: 'Выберите роль сотрудника.' });
/** The shop of a `shop` member; a form's empty choice is none. */
const shopId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number({ error: 'Выберите магазин.' }).int().positive('Выберите магазин.').optional(),
);

export const staffInviteInput = z.object({
  email,
  name: line().max(100, 'Имя — не длиннее 100 символов.').default(''),
  role,
  shopId,
});
export type StaffInviteInput = z.infer<typeof staffInviteInput>;

/** The owner's change of a member's role: a `shop` member's shop with it, and no shop for another role. */
export const staffRoleInput = z.object({ role, shopId });
export type StaffRoleInput = z.infer<typeof staffRoleInput>;

export const staffAcceptInput = z.object({
  /** Asked only on the first owner's link, which names no address. */
  email: email.optional(),
  name: line().max(100, 'Имя — не длиннее 100 символов.').pipe(z.string().min(1, 'Укажите имя.')),
  password,
});

/** The owner's account for 1C's «Обмен с сайтом»: a login 1C sends by HTTP Basic, and its password. */
export const exchangeAccountInput = z.object({
  login: z
    .string()
    .trim()
    .regex(/^[^\s:]{1,100}$/, 'Логин обмена — слово без пробелов и двоеточия, не длиннее 100 символов.'),
  password,
});
export type ExchangeAccountInput = z.infer<typeof exchangeAccountInput>;

export const passwordChangeInput = z.object({ current: password, password });
export const totpCodeInput = z.object({ code });

export const staffNotFound = () => new DomainError('not_found', 'Такого сотрудника нет.', 'STAFF_NOT_FOUND');

/** A member's id from a path or a form: a whole number, else it names nobody (404). */
export function memberId(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw staffNotFound();
  return Number(value);
}
