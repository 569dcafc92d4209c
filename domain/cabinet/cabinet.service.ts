import type { CredentialsService } from '../auth/credentials.service';
import { phoneOrThrow } from '../auth/phone-codes.service';
import type { User } from '../auth/user';
import { requireUser } from '../auth/guards';
import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import { isRowId } from '../input';
import type { AddressInput, ProfileInput } from './cabinet.schemas';
import { type Address, checkAddress, MAX_ADDRESSES } from './addresses';
import { BONUS_HISTORY_SHOWN, type DiscountCardView, historyEntry } from './bonus-history';
import type { DiscountCard } from './discount-card';
import { issueCard } from './issue-card';
import { splitFullName } from './names';
import type { CabinetRepository, DiscountCardRepository, ProfileChanges } from './ports';

export interface CabinetService {
  updateProfile(ctx: RequestContext, input: ProfileInput): Promise<User>;
  addresses(ctx: RequestContext): Promise<Address[]>;
  addAddress(ctx: RequestContext, input: AddressInput): Promise<Address[]>;
  updateAddress(ctx: RequestContext, id: number, input: AddressInput): Promise<Address[]>;
  deleteAddress(ctx: RequestContext, id: number): Promise<Address[]>;
  /** The user's card and its bonus history, newest first; null without a card. */
  card(ctx: RequestContext): Promise<DiscountCardView | null>;
  /** Issues a card to a user who has none (the «discount-card request»). */
  requestCard(ctx: RequestContext): Promise<DiscountCard>;
}

export interface CabinetDeps {
  repo: CabinetRepository;
  discountCards: DiscountCardRepository;
  credentials: CredentialsService;
  currentUser(ctx: RequestContext): Promise<User>;
  /** A fresh card number (EAN-13). */
  newCardNumber(): string;
}

const NO_ADDRESS = () => new DomainError('not_found', 'Такого адреса нет.', 'ADDRESS_NOT_FOUND');

export function createCabinetService(deps: CabinetDeps): CabinetService {
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
      if (input.email !== undefined) {
        const email = input.email.toLowerCase();
        if (email !== (await repo.currentEmail(userId))) changes.email = email;
      }
      const save = async () => {
        if ((await repo.updateProfile(userId, changes)) === 'email_taken')
          throw new DomainError('conflict', 'Этот email уже зарегистрирован в другой учётной записи.', 'EMAIL_TAKEN');
      };
      // A new address counts only once confirmed: its letter is counted before it is saved, and goes to it after.
      if (changes.email) await deps.credentials.changeEmail(ctx, changes.email, save);
      else await save();
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
      if (!isRowId(id) || !(await repo.deleteAddress(userId, id))) throw NO_ADDRESS();
      return repo.addresses(userId);
    },

    async card(ctx) {
      const { userId } = requireUser(ctx);
      const card = await repo.card(userId);
      if (!card) return null;
      const history = await repo.bonusHistory(userId, BONUS_HISTORY_SHOWN);
      return { ...card, history: history.map(historyEntry) };
    },

    async requestCard(ctx) {
      const { userId } = requireUser(ctx);
      await issueCard(deps.discountCards, userId, deps.newCardNumber);
      return (await repo.card(userId)) as DiscountCard;
    },
  };
}
