import type { Company } from '../content/company';
import { SHOP, shopLetter } from '../messages/layout';
import type { EmailMessage, SmsMessage } from '../messages/message';
import { formatPrice } from '../pricing/price';

/** What a «came back» message names: the product, its size, its price now and the link to it. */
export interface ArrivalFacts {
  productName: string;
  sizeName: string;
  /** Kopecks. */
  price: number;
  /** `/product/{code}/?offer={offerId}&utm_source=stock_alert`, absolute. */
  url: string;
}

/** Double opt-in of a «Сообщить о поступлении» by email: nothing waits until the link is opened. */
export function stockAlertConfirmLetter(input: {
  company: Company;
  email: string;
  productName: string;
  sizeName: string;
  url: string;
}): EmailMessage {
  const title = 'Подтвердите подписку на поступление';
  return shopLetter('stock-alert-confirm', input.email, {
    company: input.company,
    title,
    paragraphs: [
      `Кто-то, надеемся вы, попросил сообщить на этот адрес, когда появится «${input.productName}» в размере ${input.sizeName}.`,
      'Подтвердите подписку, и мы напишем один раз, как только размер снова будет в наличии.',
      'Если вы не подписывались, просто не открывайте ссылку: писем не будет.',
    ],
    action: { label: 'Подтвердить подписку', url: input.url },
  });
}

/** The one letter of a subscription: the size is back. It can be left (the unsubscribe link) as a newsletter can. */
export function stockAlertArrivedLetter(
  input: ArrivalFacts & { company: Company; email: string; unsubscribeUrl: string },
): EmailMessage {
  const title = `Размер ${input.sizeName} снова в наличии`;
  return shopLetter('stock-alert', input.email, {
    subject: `${input.productName}: ${title.toLowerCase()} — ${SHOP.name}`,
    company: input.company,
    title,
    paragraphs: [
      `«${input.productName}», размер ${input.sizeName}, снова можно купить. Цена сейчас — ${formatPrice(input.price)}`,
      'Размеры после поступления быстро заканчиваются: мы пишем об этом один раз.',
    ],
    action: { label: 'Перейти к товару', url: input.url },
    unsubscribeUrl: input.unsubscribeUrl,
  });
}

/** The same news by SMS, for a shopper who subscribed with their confirmed phone. */
export function stockAlertArrivedSms(input: ArrivalFacts & { phone: string }): SmsMessage {
  return {
    channel: 'sms',
    kind: 'stock-alert',
    to: input.phone,
    text: `${SHOP.name}: ${input.productName}, размер ${input.sizeName} снова в наличии, ${formatPrice(input.price)}. ${input.url}`,
  };
}
