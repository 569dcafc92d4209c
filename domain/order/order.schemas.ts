import { z } from 'zod';
import { type AddressInput, addressPart, postcode } from '../cabinet/cabinet.schemas';
import { line, lines, positiveInt } from '../input';

const flag = z
  .enum(['Y', 'N', 'true', 'false', '1', '0', ''], { error: 'Ожидается Y или N.' })
  .optional()
  .transform((v) => v === 'Y' || v === 'true' || v === '1');

/** A choice the shopper may leave to its default: Y/N when sent, undefined when not. */
const choice = z
  .enum(['Y', 'N', 'true', 'false', '1', '0', ''], { error: 'Ожидается Y или N.' })
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'Y' || v === 'true' || v === '1'));

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
  deliveryPickupPointId: optionalId('Выберите пункт выдачи.'),
  discountCard: line().max(20, 'Проверьте номер дисконтной карты.').optional(),
  useBonuses: flag,
  comment: lines().max(1000, 'Комментарий — не длиннее 1000 символов.').optional(),
  isSubscribe: flag,
  isDisabledCall: flag,
});

/**
 * `sale.order.delivery.setAddress` (spec §7): a courier or Russian Post address typed on the order page. Its
 * `comment` is the address's (for the courier), not the order's.
 */
export const setAddressInput = orderParamsInput.omit({ comment: true }).extend({
  type: z.enum(['COURIER', 'POCHTA'], { error: 'Тип адреса: COURIER или POCHTA.' }),
  city: addressPart(100, 'Город'),
  street: addressPart(200, 'Улица'),
  house: addressPart(20, 'Дом'),
  flat: addressPart(20, 'Квартира'),
  entrance: addressPart(10, 'Подъезд'),
  floor: addressPart(10, 'Этаж'),
  intercom: addressPart(20, 'Домофон'),
  postcode,
  comment: addressPart(500, 'Комментарий к адресу'),
});

export const pickupByAddressInput = z.object({
  address: line({ error: 'Укажите адрес.' }).max(500, 'Адрес — не длиннее 500 символов.'),
});

export const shopGetInput = z.object({
  id: positiveInt('Не указан магазин.', 'Нет такого магазина.'),
});

/** A shopper's cancel: the order, and the letter's signed link for a guest on another device. */
export const cancelInput = z.object({
  id: positiveInt('Не указан заказ.', 'Нет такого заказа.'),
  token: z.string().max(200).optional(),
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
  deliveryPickupPointId: optionalId('Выберите пункт выдачи.'),
  useBonuses: flag,
  name: line({ error: 'Укажите имя.' }).min(1, 'Укажите имя.').max(200, 'Имя — не длиннее 200 символов.'),
  email: line()
    .max(254, 'Слишком длинный адрес электронной почты.')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Проверьте адрес электронной почты: в нём ошибка.')
    .optional()
    .default(''),
  phone: line({ error: 'Укажите телефон.' }).min(1, 'Укажите телефон.').max(40, 'Проверьте телефон.'),
  comment: lines().max(1000, 'Комментарий — не длиннее 1000 символов.').optional().default(''),
  isDisabledCall: flag,
  isSubscribe: flag,
  discountCard: line().max(20, 'Проверьте номер дисконтной карты.').optional(),
  paymentMethod: z
    .enum(['CASH', 'ONLINE'], { error: 'Выберите способ оплаты: при получении или онлайн.' })
    .optional()
    .default('CASH'),
  tryOn: choice,
  partial: choice,
});

/** `sale.reserve.save`: one size put aside in a shop from the product page, by a confirmed phone. */
export const reserveSaveInput = saveInput.pick({ idempotencyKey: true, name: true, email: true, phone: true }).extend({
  offerId: positiveInt('Выберите размер.', 'Нет такого размера.'),
  shopId: positiveInt('Выберите магазин.', 'Нет такого магазина.'),
});

export const promocodeInput = z.object({
  promocode: line({ error: 'Введите промокод.' }).min(1, 'Введите промокод.').max(40, 'Такого промокода нет.'),
});

/** The order page's address as the cabinet stores it: a Russian Post address keeps its parts as one line. */
export function savedAddressOf(input: z.infer<typeof setAddressInput>): AddressInput {
  const { city, street, house, flat, entrance, floor, intercom, postcode, comment } = input;
  if (input.type === 'COURIER')
    return {
      type: 'COURIER',
      city,
      street,
      house,
      flat,
      entrance,
      floor,
      intercom,
      comment,
      postcode,
      postAddress: '',
    };
  const line = [city, street, house && `д. ${house}`, flat && `кв. ${flat}`].filter(Boolean).join(', ');
  const none = { city: '', street: '', house: '', flat: '', entrance: '', floor: '', intercom: '', comment: '' };
  return { type: 'POST', ...none, postcode, postAddress: line };
}
