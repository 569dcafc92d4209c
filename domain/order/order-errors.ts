import { DomainError } from '../errors';

/** Spec §8: order errors carry a prefix; the page compares the part after the last «/». */
export const orderError = (code: string, message: string, kind: 'validation' | 'conflict' | 'limit' = 'validation') =>
  new DomainError(kind, message, `sale.order/${code}`);

/** Why a typed discount card does not apply, or null when it does. */
export const cardError = (card: { active: boolean } | null) => {
  if (!card) return orderError('DISCOUNT_CARD_NOT_FOUND', 'Дисконтная карта с таким номером не найдена.');
  if (!card.active) return orderError('DISCOUNT_CARD_INACTIVE', 'Дисконтная карта не активна.');
  return null;
};
