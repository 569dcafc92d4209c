import { requireUser } from '../auth/guards';
import type { Company } from '../content/company';
import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import type { KeyedRule, limitRulesFrom } from '../limits/rules';
import { enforce, type RateLimiter } from '../limits/limits';
import { shopLetter } from '../messages/layout';
import type { EmailMessage } from '../messages/message';

/**
 * A shopper's personal data on request (152-FZ, issue 45.7): everything the shop keeps about them as one file, and
 * the account's deletion — the person removed, their orders kept for accounting without them, their consents
 * withdrawn on record.
 */
export interface PersonalData {
  exportedAt: string;
  profile: Record<string, unknown>;
  addresses: Record<string, unknown>[];
  orders: Record<string, unknown>[];
  consents: Record<string, unknown>[];
  newsletter: Record<string, unknown> | null;
  discountCard: Record<string, unknown> | null;
  questions: Record<string, unknown>[];
  /** «Сообщить о поступлении» subscriptions (issue 44.1). */
  stockAlerts: Record<string, unknown>[];
  reviews: Record<string, unknown>[];
}

/** Why an account was erased: its owner's request in the cabinet, or a written one carried out by staff. */
export type ErasureReason = 'account-deleted' | 'written-request';

export interface PersonalDataRepository {
  collect(userId: number): Promise<Omit<PersonalData, 'exportedAt'> | null>;
  email(userId: number): Promise<string | null>;
  /** Stores a deletion code's hash (replacing any pending one) with its letter, in one transaction. */
  saveDeletionCode(userId: number, codeHash: string, expiresAt: Date, letter: EmailMessage): Promise<void>;
  /** Uses up the pending code if it matches and is in time; answers whether it did. */
  consumeDeletionCode(userId: number, codeHash: string, now: Date): Promise<boolean>;
  /** Removes the account and its personal data, anonymises its orders, records the withdrawal: one transaction. */
  erase(userId: number, erasure: { reason: ErasureReason; client: string; at: Date }): Promise<boolean>;
}

const CODE_MINUTES = 15;

type Rules = ReturnType<typeof limitRulesFrom>;

export function createPersonalDataService(deps: {
  repo: PersonalDataRepository;
  limits: RateLimiter;
  rules: Pick<Rules, 'accountDeletionLetters' | 'accountDeletionTries'>;
  company: Company;
  newCode(): string;
  hashCode(userId: number, code: string): string;
}) {
  const { repo } = deps;
  const hit = (rule: KeyedRule, key: string) => enforce(deps.limits, [key, rule]);
  return {
    /** The file «Скачать мои данные» gives: the profile, addresses, orders, consents, subscription, card, questions. */
    exportOf,
    myData: (ctx: RequestContext) => exportOf(requireUser(ctx).userId, ctx.now()),

    /** Sends a code to the account's address: deleting it takes that code, so a left-open session cannot. */
    async askDeletion(ctx: RequestContext): Promise<string> {
      const { userId } = requireUser(ctx);
      const email = await repo.email(userId);
      if (!email) throw new DomainError('not_found', 'Учётная запись не найдена.', 'USER_NOT_FOUND');
      await hit(deps.rules.accountDeletionLetters, email);
      const code = deps.newCode();
      const now = ctx.now();
      await repo.saveDeletionCode(
        userId,
        deps.hashCode(userId, code),
        new Date(now.getTime() + CODE_MINUTES * 60_000),
        deletionCodeLetter({ company: deps.company, to: email, code }),
      );
      return email;
    },

    /** Deletes the account once its code is right (five tries a quarter of an hour). */
    async deleteAccount(ctx: RequestContext, code: string): Promise<void> {
      const { userId } = requireUser(ctx);
      const email = await repo.email(userId);
      if (!email) throw new DomainError('not_found', 'Учётная запись не найдена.', 'USER_NOT_FOUND');
      await hit(deps.rules.accountDeletionTries, email);
      if (
        !/^\d{6}$/.test(code.trim()) ||
        !(await repo.consumeDeletionCode(userId, deps.hashCode(userId, code.trim()), ctx.now()))
      )
        throw new DomainError('validation', 'Код не подходит или устарел. Запросите новый.', 'DELETION_CODE_WRONG');
      await repo.erase(userId, { reason: 'account-deleted', client: ctx.client, at: ctx.now() });
    },

    /** Staff carrying out a written request (the caller guards and audits it). */
    async eraseByRequest(userId: number, client: string, at: Date): Promise<void> {
      if (!(await repo.erase(userId, { reason: 'written-request', client, at })))
        throw new DomainError('not_found', 'Такого покупателя нет.', 'CUSTOMER_NOT_FOUND');
    },
  };

  async function exportOf(userId: number, at: Date): Promise<PersonalData> {
    const data = await repo.collect(userId);
    if (!data) throw new DomainError('not_found', 'Такого покупателя нет.', 'CUSTOMER_NOT_FOUND');
    return { exportedAt: at.toISOString(), ...data };
  }
}

export type PersonalDataService = ReturnType<typeof createPersonalDataService>;

function deletionCodeLetter(input: { company: Company; to: string; code: string }): EmailMessage {
  const title = 'Код для удаления учётной записи';
  return shopLetter('account-delete-code', input.to, {
    company: input.company,
    title,
    paragraphs: [
      `Ваш код: ${input.code}. Он действует ${CODE_MINUTES} минут.`,
      'Введите его в личном кабинете, чтобы удалить учётную запись и персональные данные. Заказы останутся в учёте магазина без ваших данных.',
      'Если вы не просили удалить учётную запись, ничего не делайте и смените пароль.',
    ],
  });
}
