import { CARD_START_PERCENT } from './discount-card';
import type { DiscountCardRepository } from './ports';

/** Draws card numbers until one is free: a clash of 11 random digits is rare, three in a row would be a fault. */
export async function issueCard(
  discountCards: DiscountCardRepository,
  userId: number,
  newNumber: () => string,
): Promise<void> {
  for (let i = 0; i < 3; i++) {
    if ((await discountCards.issue(userId, newNumber(), CARD_START_PERCENT)) !== 'number_taken') return;
  }
  throw new Error('discount card: no free number after three draws');
}
