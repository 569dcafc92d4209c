import type { Company } from '../content/company';
import { shopLetter } from '../messages/layout';
import type { EmailMessage } from '../messages/message';
import { formatAmount } from '../pricing/price';

/** The letter to the shopper after the shop changed their order (issue 47.6): the order as it is now. */
export function orderChangedLetter(input: {
  company: Company;
  email: string;
  name: string;
  number: string;
  url: string;
  lines: { name: string; sizeName: string; quantity: number; total: number }[];
  discount: number;
  deliveryPrice: number;
  bonusesUsed: number;
  total: number;
  /** What goes back to the card the order was paid with; 0 for none. */
  refund: number;
  /** The difference the shopper is asked to pay online (issue 47.6); 0 for none. */
  topUp?: number;
}): EmailMessage {
  const topUp = input.topUp ?? 0;
  const greeting = input.name.trim() ? `Здравствуйте, ${input.name.trim()}!` : 'Здравствуйте!';
  return shopLetter('order-changed', input.email, {
    company: input.company,
    title: `Заказ № ${input.number} изменён`,
    paragraphs: [
      greeting,
      'По вашей просьбе мы изменили заказ. Теперь в нём:',
      ...input.lines.map((l) => `${l.name}, размер ${l.sizeName} × ${l.quantity} — ${formatAmount(l.total)}`),
      ...(input.discount > 0 ? [`Скидка: ${formatAmount(input.discount)}`] : []),
      ...(input.bonusesUsed > 0 ? [`Оплачено бонусами: ${formatAmount(input.bonusesUsed)}`] : []),
      `Доставка: ${input.deliveryPrice > 0 ? formatAmount(input.deliveryPrice) : 'бесплатно'}`,
      `Итого: ${formatAmount(input.total)}`,
      ...(input.refund > 0
        ? [`Разницу ${formatAmount(input.refund)} вернём на карту, которой оплачен заказ, в течение нескольких дней.`]
        : []),
      ...(topUp > 0
        ? [
            `Заказ оплачен онлайн, а сумма выросла: доплатите ${formatAmount(topUp)} по ссылке ниже — на странице заказа кнопка «Доплатить».`,
          ]
        : []),
    ],
    action:
      topUp > 0
        ? { label: `Доплатить ${formatAmount(topUp)}`, url: input.url }
        : { label: 'Посмотреть заказ', url: input.url },
  });
}

/** A delivery as the history and the letter read it: «ул. Тверская, 7, 05.12.2026, 10:00–13:00». */
export const deliveryText = (d: { address?: string; date?: string; time?: string }) =>
  [d.address, d.date, d.time?.replace('-', '–')].filter(Boolean).join(', ') || 'не указана';

/** The letter after the shop changed where or when the order is delivered. */
export function orderDeliveryChangedLetter(input: {
  company: Company;
  email: string;
  name: string;
  number: string;
  url: string;
  delivery: string;
  /** What the change made of the sums: the delivery's price, the total, a refund (issue 47.6). */
  more?: string[];
}): EmailMessage {
  const greeting = input.name.trim() ? `Здравствуйте, ${input.name.trim()}!` : 'Здравствуйте!';
  return shopLetter('order-delivery-changed', input.email, {
    company: input.company,
    title: `Доставка заказа № ${input.number} изменена`,
    paragraphs: [greeting, 'Как мы договорились, заказ доставим так:', input.delivery, ...(input.more ?? [])],
    action: { label: 'Посмотреть заказ', url: input.url },
  });
}
