import type { AccountsService } from '../auth/accounts.service';
import { phoneOrThrow } from '../auth/phone-codes.service';
import type { User } from '../auth/user';
import { requireUser } from '../auth/guards';
import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import type { AddressInput, ProfileInput } from './account.schemas';
import { type Address, checkAddress, MAX_ADDRESSES } from './addresses';
import { CARD_START_PERCENT, type DiscountCard } from './discount-card';
import { splitFullName } from './names';

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

export interface AccountRepository {
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
}

export interface DiscountCardRepository {
  /** Gives the user a card unless they have one: `issued`, `exists`, or `number_taken` (draw another number). */
  issue(userId: number, number: string, percent: number): Promise<'issued' | 'exists' | 'number_taken'>;
}

export interface AccountService {
  updateProfile(ctx: RequestContext, input: ProfileInput): Promise<User>;
  addresses(ctx: RequestContext): Promise<Address[]>;
  addAddress(ctx: RequestContext, input: AddressInput): Promise<Address[]>;
  updateAddress(ctx: RequestContext, id: number, input: AddressInput): Promise<Address[]>;
  deleteAddress(ctx: RequestContext, id: number): Promise<Address[]>;
  card(ctx: RequestContext): Promise<DiscountCard | null>;
  /** Issues a card to a user who has none (the «discount-card request»). */
  requestCard(ctx: RequestContext): Promise<DiscountCard>;
}

export interface AccountDeps {
  repo: AccountRepository;
  cards: DiscountCardRepository;
  accounts: AccountsService;
  currentUser(ctx: RequestContext): Promise<User>;
  /** A fresh card number (EAN-13). */
  newCardNumber(): string;
}

const NO_ADDRESS = () => new DomainError('not_found', 'Такого адреса нет.', 'ADDRESS_NOT_FOUND');

/** Draws card numbers until one is free: a clash of 11 random digits is rare, three in a row would be a fault. */
export async function issueCard(cards: DiscountCardRepository, userId: number, newNumber: () => string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    if ((await cards.issue(userId, newNumber(), CARD_START_PERCENT)) !== 'number_taken') return;
  }
  throw new Error('discount card: no free number after three draws');
}

export function createAccountService(deps: AccountDeps): AccountService {
  const { repo } = deps;
  return {
    async updateProfile(ctx, input) {
      const { userId } = requireUser(ctx);
      const changes: ProfileChanges = {};
      // A full name typed into the name field is split as spec §5 says; separate fields are taken as they are.
      const split = input.name !== undefined && input.lastName === undefined && input.secondName === undefined;
      if (split) Object.assign(changes, splitFullName(input.name as string));
      else {
        if (input.name !== undefined) changes.name = input.name;
        if (input.lastName !== undefined) changes.lastName = input.lastName;
        if (input.secondName !== undefined) changes.secondName = input.secondName;
      }
      if (changes.name === '') throw new DomainError('validation', 'Укажите имя.', 'NAME_REQUIRED');
      if (input.gender !== undefined) changes.gender = input.gender;
      if (input.birthday !== undefined) changes.birthday = input.birthday;
      if (input.isSubscribe !== undefined) changes.isSubscribe = input.isSubscribe === 'Y';
      if (input.phone !== undefined) changes.phone = input.phone === '' ? '' : phoneOrThrow(input.phone);
      let newEmail = false;
      if (input.email !== undefined) {
        const email = input.email.toLowerCase();
        if (email !== (await repo.currentEmail(userId))) {
          changes.email = email;
          newEmail = true;
        }
      }
      if ((await repo.updateProfile(userId, changes)) === 'email_taken')
        throw new DomainError('conflict', 'Этот email уже зарегистрирован в другой учётной записи.', 'EMAIL_TAKEN');
      // A new address counts only once confirmed: the letter goes to it now.
      if (newEmail) await deps.accounts.sendEmailConfirmation(ctx);
      return deps.currentUser(ctx);
    },

    addresses: (ctx) => repo.addresses(requireUser(ctx).userId),

    async addAddress(ctx, input) {
      const { userId } = requireUser(ctx);
      checkAddress(input);
      if ((await repo.addAddress(userId, input, MAX_ADDRESSES)) === 'full')
        throw new DomainError('limit', `Можно сохранить не больше ${MAX_ADDRESSES} адресов.`, 'ADDRESSES_FULL');
      return repo.addresses(userId);
    },

    async updateAddress(ctx, id, input) {
      const { userId } = requireUser(ctx);
      checkAddress(input);
      if (!(await repo.updateAddress(userId, id, input))) throw NO_ADDRESS();
      return repo.addresses(userId);
    },

    async deleteAddress(ctx, id) {
      const { userId } = requireUser(ctx);
      if (!(await repo.deleteAddress(userId, id))) throw NO_ADDRESS();
      return repo.addresses(userId);
    },

    card: (ctx) => repo.card(requireUser(ctx).userId),

    async requestCard(ctx) {
      const { userId } = requireUser(ctx);
      await issueCard(deps.cards, userId, deps.newCardNumber);
      return (await repo.card(userId)) as DiscountCard;
    },
  };
}
