import type { Company } from '../content/company';
import { shopLetter } from '../messages/layout';
import type { EmailMessage } from '../messages/message';
import { orderNumber } from '../order/process';

/** The letter asking for reviews a few days after an order is completed (issue 44.2): once per order. */
export function reviewInvitationLetter(input: {
  company: Company;
  to: string;
  name: string;
  orderId: number;
  /** The order's lines, «Пуховик, размер 46». */
  lines: readonly string[];
  /** The review form: the cabinet's order list, or the guest's signed link. */
  url: string;
}): EmailMessage {
  const title = 'Как вам покупка? Оставьте отзыв';
  const name = input.name.trim();
  return shopLetter('review-invite', input.to, {
    company: input.company,
    title,
    paragraphs: [
      name ? `Здравствуйте, ${name}!` : 'Здравствуйте!',
      `Вы получили заказ № ${orderNumber(input.orderId)}: ${input.lines.join('; ')}.`,
      'Расскажите, как сидит вещь и подошёл ли размер: ваш отзыв поможет другим покупателям выбрать свой. Можно приложить до пяти фото.',
    ],
    action: { label: 'Оставить отзыв', url: input.url },
  });
}
