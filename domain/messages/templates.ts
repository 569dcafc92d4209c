import type { Company } from '../content/company';
import { SHOP, shopLetter } from './layout';
import { formatAmount } from '../pricing/price';
import type { EmailMessage, SmsMessage } from './message';

/** The SMS with a phone confirmation code; under 70 characters, so it goes as one Cyrillic SMS. */
export function phoneCodeSms(input: { phone: string; code: string }): SmsMessage {
  if (!/^\d{6}$/.test(input.code)) throw new Error('Код подтверждения — шесть цифр');
  return {
    channel: 'sms',
    kind: 'phone-code',
    to: input.phone,
    text: `Код подтверждения: ${input.code}. Никому его не сообщайте. ${SHOP.name}`,
  };
}

/** The letter that confirms an email address: `url` is the absolute link of the confirmation page. */
export function emailConfirmLetter(input: {
  company: Company;
  email: string;
  name: string;
  url: string;
}): EmailMessage {
  const name = input.name.trim();
  const title = 'Подтвердите адрес электронной почты';
  return shopLetter('email-confirm', input.email, {
    company: input.company,
    title,
    paragraphs: [
      name ? `Здравствуйте, ${name}!` : 'Здравствуйте!',
      `Этот адрес указан в аккаунте магазина ${SHOP.name}. Подтвердите, что он ваш: на него придут письма о заказах и ссылка для восстановления пароля.`,
      'Если вы не регистрировались у нас, просто не открывайте ссылку — адрес останется неподтверждённым.',
    ],
    action: { label: 'Подтвердить адрес', url: input.url },
  });
}

/** The letter with a link to set a new password: `url` is the absolute link of the reset page. */
export function passwordResetLetter(input: {
  company: Company;
  email: string;
  name: string;
  url: string;
}): EmailMessage {
  const name = input.name.trim();
  const title = 'Восстановление пароля';
  return shopLetter('password-reset', input.email, {
    company: input.company,
    title,
    paragraphs: [
      name ? `Здравствуйте, ${name}!` : 'Здравствуйте!',
      'Вы попросили восстановить пароль от аккаунта. Ссылка ниже действует один час и открывается один раз.',
      'Если вы не просили восстановить пароль, ничего не делайте: пароль останется прежним.',
    ],
    action: { label: 'Задать новый пароль', url: input.url },
  });
}

/** What every letter about an order starts from: who gets it, its number and its page. */
interface OrderLetterFacts {
  company: Company;
  email: string;
  name: string;
  number: string;
  /** The order's page: its status, and cancelling while it is new, without an account. */
  url: string;
}

/** A letter about an order: the greeting, what happened, and the link to the order's page. */
function orderLetter(kind: string, title: string, input: OrderLetterFacts, paragraphs: string[]): EmailMessage {
  return shopLetter(kind, input.email, {
    company: input.company,
    title,
    paragraphs: [input.name.trim() ? `Здравствуйте, ${input.name.trim()}!` : 'Здравствуйте!', ...paragraphs],
    action: { label: 'Посмотреть заказ', url: input.url },
  });
}

/** The letter that confirms an order: its number, lines, delivery and sums (kopecks, shown to the kopeck). */
export function orderConfirmationLetter(
  input: OrderLetterFacts & {
    lines: { name: string; sizeName: string; quantity: number; total: number }[];
    delivery: string;
    deliveryPrice: number;
    discount: number;
    total: number;
    /** Paid online: the letter asks for the payment and says until when; the order is the shop's once paid. */
    online?: { payBy: string };
  },
): EmailMessage {
  const payment = input.online
    ? `Оплата онлайн: ${formatAmount(input.total)}, ожидает оплаты ${input.online.payBy}. Неоплаченный заказ отменится.`
    : `Итого к оплате при получении: ${formatAmount(input.total)}.`;
  return orderLetter('order-confirmation', `Заказ № ${input.number} принят`, input, [
    input.online
      ? 'Спасибо за заказ. Оплатите его по ссылке ниже; мы возьмём его в работу, как только придёт оплата.'
      : 'Спасибо за заказ. Мы позвоним или напишем, когда он будет готов.',
    ...input.lines.map((l) => `${l.name}, размер ${l.sizeName} — ${l.quantity} шт., ${formatAmount(l.total)}`),
    `Получение: ${input.delivery}, ${input.deliveryPrice > 0 ? formatAmount(input.deliveryPrice) : 'бесплатно'}.`,
    ...(input.discount > 0 ? [`Скидка: ${formatAmount(input.discount)}.`] : []),
    payment,
  ]);
}

/** The letter when an online payment came: the order is paid and the shop takes it. */
export function orderPaidLetter(input: OrderLetterFacts & { total: number }): EmailMessage {
  return orderLetter('order-paid', `Заказ № ${input.number} оплачен`, input, [
    `Оплата ${formatAmount(input.total)} получена. Мы позвоним или напишем, когда заказ будет готов.`,
    'Электронный чек пришлёт платёжная система.',
  ]);
}

/** The SMS that confirms an order. */
export function orderSms(input: { phone: string; number: string; total: number }): SmsMessage {
  return {
    channel: 'sms',
    kind: 'order-confirmation',
    to: input.phone,
    text: `Заказ № ${input.number} принят, к оплате ${formatAmount(input.total)}. ${SHOP.name}`,
  };
}

/** The SMS when an order is cancelled: by the shopper, or because a shop order was not collected in time. */
export function orderCancelledSms(input: {
  phone: string;
  number: string;
  expired: boolean;
  unpaid?: boolean;
}): SmsMessage {
  const why = input.unpaid
    ? 'оплата не поступила вовремя'
    : input.expired
      ? 'срок хранения в магазине истёк'
      : 'по вашей просьбе';
  return {
    channel: 'sms',
    kind: 'order-cancelled',
    to: input.phone,
    text: `Заказ № ${input.number} отменён: ${why}. ${SHOP.name}`,
  };
}

/** The SMS when an order waits in the shop or the pickup point: where, and the code to collect it with. */
export function orderReadySms(input: { phone: string; number: string; place: string; code: string }): SmsMessage {
  return {
    channel: 'sms',
    kind: 'order-ready',
    to: input.phone,
    text: `Заказ № ${input.number} ждёт вас: ${input.place}. Код получения: ${input.code}. ${SHOP.name}`,
  };
}

/**
 * The SMS when a carrier's parcel is at its pickup point: the point, its address and hours, and what the point asks
 * for — the carrier's number or its own SMS code, not the shop's pickup code (the point has never heard of it).
 */
export function orderAtCarrierPointSms(input: {
  phone: string;
  number: string;
  place: string;
  carrierNumber: string;
}): SmsMessage {
  return {
    channel: 'sms',
    kind: 'order-ready',
    to: input.phone,
    text: `Заказ № ${input.number} ждёт вас в пункте выдачи: ${input.place}. В пункте назовите номер отправления ${input.carrierNumber} или код из SMS перевозчика. ${SHOP.name}`,
  };
}

/** The letter when an order waits to be collected: the place, until when, the code. */
export function orderReadyLetter(
  input: OrderLetterFacts & {
    place: string;
    code: string;
    /** At a carrier's point: its number, which the point asks for instead of the shop's code. */
    carrierNumber?: string;
    /** Shown as it is: «до 28 ноября» in the shop's time. */
    keptUntil: string | null;
    total: number;
    /** Paid online before it was handed over: nothing is asked at the point. */
    paidOnline: boolean;
  },
): EmailMessage {
  return orderLetter('order-ready', `Заказ № ${input.number} ждёт вас`, input, [
    `Заказ готов к получению: ${input.place}.`,
    input.carrierNumber
      ? `В пункте выдачи назовите номер отправления ${input.carrierNumber} или код из SMS перевозчика.`
      : `Код получения: ${input.code}. Назовите его или покажите это письмо.`,
    ...(input.keptUntil ? [`Заказ хранится ${input.keptUntil}.`] : []),
    input.paidOnline
      ? `Заказ оплачен онлайн: ${formatAmount(input.total)}. При получении платить не нужно.`
      : `К оплате при получении: ${formatAmount(input.total)}.`,
  ]);
}

/** The SMS when an order leaves with the courier or the post, with its tracking number. */
export function orderShippedSms(input: { phone: string; number: string; tracking: string }): SmsMessage {
  return {
    channel: 'sms',
    kind: 'order-shipped',
    to: input.phone,
    text: `Заказ № ${input.number} передан в доставку. Трек-номер: ${input.tracking}. ${SHOP.name}`,
  };
}

/** The letter when an order leaves with the courier or the post. */
export function orderShippedLetter(input: OrderLetterFacts & { delivery: string; tracking: string }): EmailMessage {
  return orderLetter('order-shipped', `Заказ № ${input.number} передан в доставку`, input, [
    `Заказ в пути: ${input.delivery}.`,
    `Трек-номер: ${input.tracking}.`,
  ]);
}

/** The letter when a shop order was not collected in time and is cancelled. */
export function reservationExpiredLetter(input: OrderLetterFacts): EmailMessage {
  return orderLetter('order-expired', `Заказ № ${input.number} отменён`, input, [
    'Срок хранения заказа в магазине истёк, и мы его отменили: вещи вернулись в продажу.',
    'Если вы всё ещё хотите их купить, оформите заказ заново: пока размер есть, его можно отложить снова.',
  ]);
}

/** The letter of the newsletter's double opt-in: the subscription counts only once its link is opened. */
export function newsletterConfirmLetter(input: { company: Company; email: string; url: string }): EmailMessage {
  const title = 'Подтвердите подписку';
  return shopLetter('newsletter-confirm', input.email, {
    company: input.company,
    title,
    paragraphs: [
      'Кто-то, надеемся вы, подписал этот адрес на новости и скидки магазина.',
      'Подтвердите подписку, и мы будем присылать не больше одного письма в неделю. Ссылка действует 7 дней.',
      'Если вы не подписывались, просто не открывайте ссылку: писем не будет.',
    ],
    action: { label: 'Подтвердить подписку', url: input.url },
  });
}

/** The first letter of the newsletter, after the confirmation; like every newsletter letter, it can be left in one click. */
export function newsletterWelcomeLetter(input: {
  company: Company;
  email: string;
  unsubscribeUrl: string;
}): EmailMessage {
  const title = 'Вы подписаны на новости';
  return shopLetter('newsletter-welcome', input.email, {
    company: input.company,
    title,
    paragraphs: [
      'Спасибо! Теперь вы первыми узнаете о новых коллекциях, распродажах и закрытых скидках.',
      'Писем будет не больше одного в неделю.',
    ],
    unsubscribeUrl: input.unsubscribeUrl,
  });
}

interface QuestionFacts {
  id: number;
  name: string;
  email: string;
  phone: string;
  topicName: string;
  orderNumber: string;
  message: string;
}

/** The shop's copy of a shopper's question: everything needed to answer it, and where to. */
export function feedbackCopyLetter(input: QuestionFacts & { company: Company; to: string }): EmailMessage {
  const title = `Вопрос № ${input.id}: ${input.topicName}`;
  return shopLetter('feedback-copy', input.to, {
    company: input.company,
    title,
    paragraphs: [
      `От: ${input.name}${input.email ? `, ${input.email}` : ''}${input.phone ? `, +${input.phone}` : ''}`,
      ...(input.orderNumber ? [`Заказ № ${input.orderNumber}`] : []),
      // Quoted line by line: the shopper's own lines cannot pass for the letter's («От: …»).
      input.message
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n'),
    ],
  });
}

/** The shopper's receipt of a question sent with an email address. */
export function feedbackReceiptLetter(input: QuestionFacts & { company: Company; to: string }): EmailMessage {
  const title = `Мы получили ваш вопрос № ${input.id}`;
  return shopLetter('feedback-receipt', input.to, {
    company: input.company,
    title,
    paragraphs: [
      `Здравствуйте, ${input.name}!`,
      `Спасибо, что написали. Тема: «${input.topicName}». Ответим на этот адрес в течение рабочего дня.`,
      `Ваш вопрос: ${input.message}`,
    ],
  });
}

/** The receipt of a question sent with a phone only. */
export function feedbackReceiptSms(input: { id: number; phone: string }): SmsMessage {
  return {
    channel: 'sms',
    kind: 'feedback-receipt',
    to: input.phone,
    text: `Вопрос № ${input.id} получен, ответим в течение рабочего дня. ${SHOP.name}`,
  };
}

/** The shop's answer to a shopper's question, to the email they left (issue 28). */
export function questionAnswerLetter(input: {
  company: Company;
  to: string;
  id: number;
  name: string;
  topicName: string;
  message: string;
  answer: string;
}): EmailMessage {
  const title = 'Ответ на ваш вопрос';
  return shopLetter('question-answer', input.to, {
    subject: `${title} № ${input.id} — ${SHOP.name}`,
    company: input.company,
    title,
    paragraphs: [
      `Здравствуйте, ${input.name}!`,
      `Вы спрашивали (тема «${input.topicName}»): ${input.message}`,
      `Наш ответ: ${input.answer}`,
      'Если остались вопросы, просто ответьте на это письмо.',
    ],
  });
}
