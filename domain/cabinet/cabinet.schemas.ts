import { z } from 'zod';
import { line, positiveInt } from '../input';

const optionalText = (max: number, tooLong: string) => line().max(max, tooLong).optional();

/** Spec §7 `user/profile/fields/set`: what is sent is changed, what is not stays. */
export const profileInput = z.object({
  name: optionalText(200, 'Имя — не длиннее 200 символов.'),
  lastName: optionalText(100, 'Фамилия — не длиннее 100 символов.'),
  secondName: optionalText(100, 'Отчество — не длиннее 100 символов.'),
  email: line()
    .max(254, 'Слишком длинный адрес электронной почты.')
    .pipe(z.email('Проверьте адрес электронной почты: в нём ошибка.'))
    .optional(),
  phone: optionalText(40, 'Слишком длинный номер телефона.'),
  gender: z.enum(['M', 'F', ''], { error: 'Пол: ожидается M или F.' }).optional(),
  birthday: line()
    .regex(/^(\d{2}\.\d{2}\.\d{4})?$/, 'Дата рождения — в виде ДД.ММ.ГГГГ.')
    .optional(),
  isSubscribe: z.enum(['Y', 'N'], { error: 'Подписка: ожидается Y или N.' }).optional(),
});
export type ProfileInput = z.infer<typeof profileInput>;

/** An optional address part: trimmed, at most `max` characters, '' when absent. */
export const addressPart = (max: number, label: string) =>
  line().max(max, `${label} — не длиннее ${max} символов.`).optional().default('');

/** A Russian Post postcode: six digits, or '' when absent. */
export const postcode = line()
  .regex(/^(\d{6})?$/, 'Индекс — шесть цифр.')
  .optional()
  .default('');

/** A saved address: a courier address by its parts, or a Russian Post address by postcode and one line. */
export const addressInput = z.object({
  type: z.enum(['COURIER', 'POST'], { error: 'Тип адреса: ожидается COURIER или POST.' }),
  city: addressPart(100, 'Город'),
  street: addressPart(200, 'Улица'),
  house: addressPart(20, 'Дом'),
  flat: addressPart(20, 'Квартира'),
  entrance: addressPart(10, 'Подъезд'),
  floor: addressPart(10, 'Этаж'),
  intercom: addressPart(20, 'Домофон'),
  comment: addressPart(500, 'Комментарий'),
  postcode,
  postAddress: addressPart(300, 'Адрес'),
  isDefault: z.enum(['Y', 'N']).optional(),
});
export type AddressInput = z.infer<typeof addressInput>;

const addressId = positiveInt('Не указан адрес.', 'Нет такого адреса.');
export const addressUpdateInput = addressInput.extend({ id: addressId });
export const addressDeleteInput = z.object({ id: addressId });
