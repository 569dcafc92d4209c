import { z } from 'zod';
import { positiveInt } from '../input';

const flag = z
  .enum(['Y', 'N', 'true', 'false', '1', '0', ''], { error: 'Ожидается Y или N.' })
  .optional()
  .transform((v) => v === 'Y' || v === 'true' || v === '1');

const optionalId = (message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), positiveInt(message, message).optional());

/** The spec §7 common parameters of every order-page call, as far as the state depends on them. */
export const orderParamsInput = z.object({
  deliveryType: z
    .enum(['COURIER', 'PICKUP', 'POCHTA', 'SHOP', ''], { error: 'Выберите способ получения заказа.' })
    .optional()
    .transform((v) => v || undefined),
  deliveryAddressId: optionalId('Выберите адрес доставки.'),
  deliveryIntervalDate: z.string().max(10).optional(),
  deliveryIntervalTime: z.string().max(11).optional(),
  deliveryShopId: optionalId('Выберите магазин.'),
  discountCard: z.string().trim().max(20, 'Проверьте номер дисконтной карты.').optional(),
  comment: z.string().max(1000, 'Комментарий — не длиннее 1000 символов.').optional(),
  isSubscribe: flag,
  isDisabledCall: flag,
});

/** `sale.order.save` with the spec §7 common parameters, the shop or point for its type, and the attempt's key. */
export const saveInput = z.object({
  idempotencyKey: z
    .string({ error: 'Обновите страницу заказа: нет ключа попытки.' })
    .regex(/^[\w-]{8,100}$/, 'Обновите страницу заказа: ключ попытки испорчен.'),
  deliveryType: z.enum(['COURIER', 'PICKUP', 'POCHTA', 'SHOP'], { error: 'Выберите способ получения заказа.' }),
  deliveryAddressId: optionalId('Выберите адрес доставки.'),
  deliveryIntervalDate: z.string().max(10).optional(),
  deliveryIntervalTime: z.string().max(11).optional(),
  deliveryShopId: optionalId('Выберите магазин.'),
  name: z.string({ error: 'Укажите имя.' }).trim().min(1, 'Укажите имя.').max(200, 'Имя — не длиннее 200 символов.'),
  email: z
    .string()
    .trim()
    .max(254, 'Слишком длинный адрес электронной почты.')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Проверьте адрес электронной почты: в нём ошибка.')
    .optional()
    .default(''),
  phone: z.string({ error: 'Укажите телефон.' }).trim().min(1, 'Укажите телефон.').max(40, 'Проверьте телефон.'),
  comment: z.string().max(1000, 'Комментарий — не длиннее 1000 символов.').optional().default(''),
  isDisabledCall: flag,
  isSubscribe: flag,
  discountCard: z.string().trim().max(20, 'Проверьте номер дисконтной карты.').optional(),
});

export const promocodeInput = z.object({
  promocode: z
    .string({ error: 'Введите промокод.' })
    .trim()
    .min(1, 'Введите промокод.')
    .max(40, 'Такого промокода нет.'),
});
