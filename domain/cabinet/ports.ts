import type { AddressInput } from './cabinet.schemas';
import type { Address } from './addresses';
import type { BonusOperation } from './bonus-history';
import type { DiscountCard } from './discount-card';

export interface ProfileChanges {
  name?: string;
  lastName?: string;
  secondName?: string;
  gender?: string;
  birthday?: string;
  isSubscribe?: boolean;
  /** A new address: it is stored unconfirmed. */
  email?: string;
  phone?: string;
}

export interface CabinetRepository {
  /** Applies the changes; `email_taken` when another account has the new email (nothing is changed then). */
  updateProfile(userId: number, changes: ProfileChanges): Promise<'ok' | 'email_taken'>;
  currentEmail(userId: number): Promise<string | null>;
  addresses(userId: number): Promise<Address[]>;
  /** Adds unless the user has `MAX_ADDRESSES` already (counted under a lock on the user): the new id, or `full`. */
  addAddress(userId: number, input: AddressInput, max: number): Promise<number | 'full'>;
  /** Changes the user's own address; false when the user has no address of that id. */
  updateAddress(userId: number, id: number, input: AddressInput): Promise<boolean>;
  deleteAddress(userId: number, id: number): Promise<boolean>;
  card(userId: number): Promise<DiscountCard | null>;
  /** The user's latest `limit` bonus operations, newest first. */
  bonusHistory(userId: number, limit: number): Promise<BonusOperation[]>;
}

export interface DiscountCardRepository {
  /** Gives the user a card unless they have one: `issued`, `exists`, or `number_taken` (draw another number). */
  issue(userId: number, number: string, percent: number): Promise<'issued' | 'exists' | 'number_taken'>;
}
