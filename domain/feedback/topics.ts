/**
 * What a question is about: the shop's team that answers it reads this first. Apart from the form's schema, so
 * that the pages' form lists the topics without loading zod.
 */
export const TOPICS = {
  order: 'Заказ и оплата',
  delivery: 'Доставка',
  return: 'Возврат и обмен',
  size: 'Подбор размера',
  shop: 'Магазины',
  other: 'Другое',
} as const;
export type Topic = keyof typeof TOPICS;
