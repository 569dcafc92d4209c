import type { Company } from '../content/company';
import { issueCard } from '../cabinet/issue-card';
import { consentOf } from '../consent/consent';
import type { RequestContext } from '../context';
import { userIdOf } from '../context';
import { DomainError } from '../errors';
import type { LimitRules } from '../limits/rules';
import { enforce, type RateLimiter } from '../limits/limits';
import { emailConfirmLetter, passwordResetLetter } from '../messages/templates';
import type { UnitOfWork } from '../uow';
import type { SessionUserService } from './session-user.service';
import type { RegisterInput } from './credentials.schemas';
import { type PasswordHasher, passwordProblem } from './password';
import { normalizePhone } from './phone';
import { phoneOrThrow } from './phone-codes.service';
import type { CredentialsRepository, TokenPurpose } from './ports';
import type { User } from './user';

/** How long an emailed link works. */
export const TOKEN_TTL_S: Readonly<Record<TokenPurpose, number>> = {
  'email-confirm': 7 * 86400,
  'password-reset': 3600,
};

export interface CredentialsDeps {
  /** The sender the letters' footer names. */
  company: Company;
  repo: CredentialsRepository;
  uow: UnitOfWork;
  sessionUser: SessionUserService;
  limits: RateLimiter;
  passwords: PasswordHasher;
  limitRules: Pick<
    LimitRules,
    | 'loginTries'
    | 'loginTriesPerClient'
    | 'emailConfirmLetters'
    | 'accountLettersPerClient'
    | 'passwordResetLetters'
    | 'passwordResetPerClient'
  >;
  /** The site's address for links in letters (`SITE_URL`). */
  siteUrl: string;
  /** Whether every new user gets a discount card (`GIVE_OUT_DISCOUNT_CARD_ON_REGISTER`); `/auth/registerdc/` always. */
  giveCardOnRegister: boolean;
  newCardNumber(): string;
  /** A random token for a link, and the hash kept of it. */
  newToken(): string;
  hashToken(token: string): string;
}

export interface CredentialsService {
  /** Creates the user, sends the confirmation letter and logs the session in under `newSessionId`. */
  register(ctx: RequestContext, input: RegisterInput, newSessionId: string): Promise<User>;
  logIn(ctx: RequestContext, login: string, password: string, newSessionId: string): Promise<User>;
  /** A new confirmation letter to the logged-in user's address. */
  sendEmailConfirmation(ctx: RequestContext): Promise<{ message: string }>;
  /**
   * A new address for the user: its confirmation letter is counted first (over a limit: 429 and nothing written),
   * then `save` writes the address, then the letter goes to it.
   */
  changeEmail(ctx: RequestContext, email: string, save: () => Promise<void>): Promise<void>;
  /** The link of the confirmation letter: whether it confirmed the address. */
  confirmEmail(ctx: RequestContext, token: string): Promise<boolean>;
  /** The same answer whether the address has an account or not. */
  requestPasswordReset(ctx: RequestContext, email: string): Promise<{ message: string }>;
  resetPassword(ctx: RequestContext, token: string, password: string): Promise<{ message: string }>;
}

const WRONG_LOGIN = 'Неверный логин или пароль.';
const RESET_SENT =
  'Если этот адрес зарегистрирован, на него ушло письмо со ссылкой для нового пароля. Ссылка действует один час.';
const BAD_LINK = 'Ссылка устарела или уже использована. Запросите новую.';

function checkPassword(passwords: PasswordHasher, password: string): void {
  const problem = passwordProblem(password, passwords.isCommon);
  if (problem) throw new DomainError('validation', problem, 'PASSWORD_WEAK');
}

export function createCredentialsService(deps: CredentialsDeps): CredentialsService {
  const { repo, passwords } = deps;
  const rules = deps.limitRules;
  const link = (path: string, token: string) => `${deps.siteUrl}${path}?token=${encodeURIComponent(token)}`;

  async function contactOf(ctx: RequestContext) {
    const userId = userIdOf(ctx);
    const contact = userId === null ? null : await repo.contact(userId);
    if (userId === null || !contact)
      throw new DomainError('unauthorized', 'Войдите, чтобы подтвердить email.', 'AUTH_REQUIRED');
    return { userId, contact };
  }

  /** Keyed by the address: a new address gets its letter at once, the same one not twice a minute. */
  const countConfirmLetter = (ctx: RequestContext, email: string) =>
    enforce(deps.limits, [email, rules.emailConfirmLetters], [ctx.client, rules.accountLettersPerClient]);

  async function mailConfirmation(ctx: RequestContext, userId: number, contact: { email: string; name: string }) {
    await deps.uow.run(async (repos) => {
      const { token, row } = await letterToken(ctx, userId, 'email-confirm', contact.email);
      await repos.credentials.createToken(row);
      await repos.outbox.enqueue(
        emailConfirmLetter({
          company: deps.company,
          email: contact.email,
          name: contact.name,
          url: link('/auth/confirm/', token),
        }),
      );
    });
    return { message: `Письмо со ссылкой для подтверждения отправлено на ${contact.email}.` };
  }

  async function letterToken(ctx: RequestContext, userId: number, purpose: TokenPurpose, email: string) {
    const token = deps.newToken();
    return {
      token,
      row: {
        userId,
        purpose,
        tokenHash: deps.hashToken(token),
        email,
        expiresAt: new Date(ctx.now().getTime() + TOKEN_TTL_S[purpose] * 1000),
      },
    };
  }

  return {
    async register(ctx, input, newSessionId) {
      checkPassword(passwords, input.password);
      // Every registration mails a link: counted before the address is looked at, taken or not.
      await enforce(deps.limits, [ctx.client, rules.accountLettersPerClient]);
      const email = input.email.toLowerCase();
      const phone = input.phone ? phoneOrThrow(input.phone) : null;
      const sessionPhone = await repo.sessionConfirmedPhone(ctx.sessionId);
      const passwordHash = await passwords.hash(input.password);
      const userId = await deps.uow.run(async (repos) => {
        const created = await repos.credentials.createUser({
          email,
          passwordHash,
          name: input.name,
          lastName: input.lastName,
          phone,
          confirmedPhone: phone && phone === sessionPhone ? phone : null,
          isSubscribe: input.subscribe === 'Y',
        });
        // The messages name what the form needs fixed, and offer the way in for the owner.
        if (created === 'email_taken')
          throw new DomainError(
            'conflict',
            'Этот email уже зарегистрирован. Войдите или восстановите пароль.',
            'EMAIL_TAKEN',
          );
        if (created === 'phone_taken')
          throw new DomainError(
            'conflict',
            'Этот телефон уже подтверждён в другой учётной записи. Войдите по SMS-коду.',
            'PHONE_TAKEN',
          );
        // The consent is the new account's: its export finds it whether or not the email is ever confirmed.
        await repos.consents.record({ ...consentOf(ctx, 'registration', email), userId: created });
        if (deps.giveCardOnRegister || input.discountCard === 'Y')
          await issueCard(repos.discountCards, created, deps.newCardNumber);
        const { token, row } = await letterToken(ctx, created, 'email-confirm', email);
        await repos.credentials.createToken(row);
        await repos.outbox.enqueue(
          emailConfirmLetter({ company: deps.company, email, name: input.name, url: link('/auth/confirm/', token) }),
        );
        return created;
      });
      return deps.sessionUser.logIn(ctx, userId, newSessionId);
    },

    async logIn(ctx, login, password, newSessionId) {
      const phone = login.includes('@') ? null : normalizePhone(login);
      const key = phone ?? login.trim().toLowerCase();
      // Tries are counted before the password is checked, so 50 at once get no more than 5 between them.
      await enforce(deps.limits, [key, rules.loginTries], [ctx.client, rules.loginTriesPerClient]);
      const found = await repo.credentials(phone ? { phone } : { email: key });
      const ok = await passwords.verify(password, found?.passwordHash ?? null);
      if (!found || !ok) throw new DomainError('unauthorized', WRONG_LOGIN, 'WRONG_LOGIN');
      await deps.limits.reset(key, rules.loginTries);
      return deps.sessionUser.logIn(ctx, found.userId, newSessionId);
    },

    async sendEmailConfirmation(ctx) {
      const { userId, contact } = await contactOf(ctx);
      if (contact.emailConfirmed) return { message: 'Этот email уже подтверждён.' };
      await countConfirmLetter(ctx, contact.email);
      return mailConfirmation(ctx, userId, contact);
    },

    async changeEmail(ctx, email, save) {
      await countConfirmLetter(ctx, email);
      await save();
      const { userId, contact } = await contactOf(ctx);
      await mailConfirmation(ctx, userId, contact);
    },

    async confirmEmail(ctx, token) {
      const used = await repo.spendToken('email-confirm', deps.hashToken(token), ctx.now());
      return used !== null && (await repo.confirmEmail(used.userId, used.email));
    },

    async requestPasswordReset(ctx, email) {
      const address = email.toLowerCase();
      // Counted per address and client alike, known or not, so the limit says nothing about who has an account.
      await enforce(deps.limits, [address, rules.passwordResetLetters], [ctx.client, rules.passwordResetPerClient]);
      const userId = await repo.userIdByEmail(address);
      if (userId !== null) {
        const contact = await repo.contact(userId);
        await deps.uow.run(async (repos) => {
          const { token, row } = await letterToken(ctx, userId, 'password-reset', address);
          await repos.credentials.createToken(row);
          await repos.outbox.enqueue(
            passwordResetLetter({
              company: deps.company,
              email: address,
              name: contact?.name ?? '',
              url: link('/auth/reset/', token),
            }),
          );
        });
      }
      return { message: RESET_SENT };
    },

    async resetPassword(ctx, token, password) {
      checkPassword(passwords, password);
      const passwordHash = await passwords.hash(password);
      if (!(await repo.resetPassword(deps.hashToken(token), passwordHash, ctx.now())))
        throw new DomainError('validation', BAD_LINK, 'TOKEN_INVALID');
      return { message: 'Пароль изменён. Войдите с новым паролем.' };
    },
  };
}
