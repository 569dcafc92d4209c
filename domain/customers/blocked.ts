import { formatHotline } from '../content/company';
import { DomainError } from '../errors';

/** What a blocked customer reads when they try to log in. */
export const blockedLoginMessage = (hotline: string) =>
  `Учётная запись заблокирована. Обратитесь в магазин: ${formatHotline(hotline)}.`;

/** What a blocked customer reads when they try to order (logged in, or as a guest with their phone or email). */
export const blockedOrderMessage = (hotline: string) =>
  `Оформить заказ нельзя: учётная запись покупателя заблокирована. Обратитесь в магазин: ${formatHotline(hotline)}.`;

/** Whether a customer is blocked (issue 28.5): by the account, or by the contacts an order names. */
export interface CustomerBlocks {
  isBlocked(userId: number): Promise<boolean>;
  /** A blocked account with this confirmed phone or this email (either may be empty). */
  blockedContact(phone: string, email: string): Promise<boolean>;
}

/** The login paths' guard: a blocked account is not logged in. */
export async function refuseBlockedLogin(blocks: CustomerBlocks, hotline: string, userId: number): Promise<void> {
  if (await blocks.isBlocked(userId)) throw new DomainError('forbidden', blockedLoginMessage(hotline), 'USER_BLOCKED');
}
