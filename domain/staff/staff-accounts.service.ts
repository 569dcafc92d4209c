import type { Company } from '../content/company';
import type { RequestContext } from '../context';
import { DomainError, isDomainError } from '../errors';
import type { PasswordHasher } from '../auth/password';
import type { LimitRules } from '../limits/rules';
import { enforce, type RateLimiter } from '../limits/limits';
import { MOSCOW } from '../text/dates';
import type { UnitOfWork } from '../uow';
import { staffLoginGuessedLetter } from './letters';
import { requirePermission } from './permissions';
import type { SecondFactor, StaffRepository, StaffRow } from './ports';
import { EXCHANGE_ROLE, type StaffMember } from './staff-member';
import { checkStaffPassword, memberOf, type StaffProfile, profileOf } from './staff-profile';
import type { StaffWrite } from './staff-write';
import type { StaffLoginInput } from './staff.schemas';

/** A staff session ends after this long without a request. */
export const STAFF_IDLE_S = 12 * 3600;

type Ctx = Pick<RequestContext, 'actor' | 'client' | 'now'>;

const WRONG_LOGIN = 'Неверный email, пароль или код подтверждения.';

/**
 * A member's own account: logging in (password and the TOTP second factor) and out, the sessions the staff cookie
 * carries, the password and the second factor. Every write is a `staffWrite` of the member themself.
 */
export function createStaffAccountsService(deps: {
  repo: StaffRepository;
  write: StaffWrite;
  limits: RateLimiter;
  limitRules: Pick<
    LimitRules,
    | 'staffLoginTries'
    | 'staffLoginTriesPerClient'
    | 'staffLoginTriesPerAddress'
    | 'staffLoginFailures'
    | 'staffLoginGuessLetters'
    | 'staffTotpOffTries'
  >;
  /** The letter to a member whose address is being guessed goes through the outbox. */
  uow: UnitOfWork;
  company: Company;
  passwords: PasswordHasher;
  secondFactor: SecondFactor;
  /** A random token (a session) and the hash kept of it. */
  newToken(): string;
  hashToken(token: string): string;
}) {
  const { repo, write, passwords, secondFactor: totp } = deps;
  const rules = deps.limitRules;

  async function me(ctx: Ctx): Promise<StaffRow> {
    const row = await repo.byId(requirePermission(ctx, 'account.manage').staffId);
    if (!row) throw new DomainError('unauthorized', 'Войдите в панель управления магазином.', 'STAFF_AUTH_REQUIRED');
    return row;
  }

  /** A code of the member's app, used once: the step it matched must be later than the last one used. */
  function codeStep(secret: string, code: string | undefined, lastStep: number | null, at: Date): number | null {
    if (!code) return null;
    const step = totp.match(secret, code, at);
    return step !== null && (lastStep === null || step > lastStep) ? step : null;
  }

  /** Counts a failed or refused login of a member; past a few in the window, the member gets one letter of it. */
  async function noticeGuessing(ctx: Ctx, row: StaffRow): Promise<void> {
    if ((await deps.limits.hit(row.email, rules.staffLoginFailures)).allowed) return;
    if (!(await deps.limits.hit(row.email, rules.staffLoginGuessLetters)).allowed) return;
    const letter = staffLoginGuessedLetter({ company: deps.company, email: row.email, name: row.name, at: ctx.now() });
    await deps.uow.run((repos) => repos.outbox.enqueue(letter));
  }

  return {
    /** The member of a staff session token, or null (no such session, or idle for 12 hours). */
    async memberOf(token: string, now: Date): Promise<StaffMember | null> {
      const member = await repo.sessionMember(deps.hashToken(token), now, STAFF_IDLE_S);
      // 1C's account has no back office, not even through a session made before it was kept out.
      return member?.role === EXCHANGE_ROLE ? null : member;
    },

    /**
     * Checks the login and starts a session: its token goes to the staff cookie. Tries are counted per address and
     * client together and per client, so a stranger's wrong passwords stop the stranger, not the member; then per
     * address under a ceiling far above one person's typing. The member hears of a guessing by letter.
     */
    async logIn(ctx: Ctx, input: StaffLoginInput): Promise<{ staff: StaffProfile; token: string }> {
      const email = input.email.toLowerCase();
      const pair = `${email} ${ctx.client}`;
      const row = await repo.byEmail(email);
      try {
        // Counted before the password is checked, so tries at once get no more than the limit between them.
        await enforce(deps.limits, [pair, rules.staffLoginTries], [ctx.client, rules.staffLoginTriesPerClient]);
        // Only after the client's own limits: a client already refused does not use up the address's ceiling.
        await enforce(deps.limits, [email, rules.staffLoginTriesPerAddress]);
      } catch (error) {
        if (row && isDomainError(error) && error.kind === 'rate_limited') await noticeGuessing(ctx, row);
        throw error;
      }
      const ok = await passwords.verify(input.password, row?.passwordHash ?? null);
      // 1C's account logs in at the exchange only, and is told here what a wrong password is told.
      if (!row || !ok || row.role === EXCHANGE_ROLE) {
        if (row && row.role !== EXCHANGE_ROLE) await noticeGuessing(ctx, row);
        throw new DomainError('unauthorized', WRONG_LOGIN, 'INVALID_CREDENTIALS');
      }
      let step: number | null = null;
      if (row.totpSecret) {
        if (!input.totp) {
          // The password was right: the form's first step is no guess, and only the step with the code counts.
          await deps.limits.giveBack(ctx.client, rules.staffLoginTriesPerClient);
          throw new DomainError('unauthorized', 'Введите код из приложения-аутентификатора.', 'TOTP_REQUIRED');
        }
        step = codeStep(row.totpSecret, input.totp, row.totpLastStep, ctx.now());
        if (step === null) throw new DomainError('unauthorized', WRONG_LOGIN, 'INVALID_CREDENTIALS');
      }
      await deps.limits.reset(pair, rules.staffLoginTries);
      // The client's other tries still count: a member's own logins between guesses at others buy no more guesses.
      await deps.limits.giveBack(ctx.client, rules.staffLoginTriesPerClient);
      await deps.limits.reset(email, rules.staffLoginTriesPerAddress);
      const token = deps.newToken();
      await write(ctx, 'staff.login', { id: row.id }, async (repos) => {
        // Two logins sent at once with one code both passed the check above: only one spends it.
        if (step !== null && !(await repos.staff.spendTotpStep(row.id, step)))
          throw new DomainError('unauthorized', WRONG_LOGIN, 'INVALID_CREDENTIALS');
        await repos.staff.startSession(deps.hashToken(token), row.id, ctx.now());
        return { value: undefined, actor: memberOf(row) };
      });
      return { staff: profileOf(row), token };
    },

    async logOut(ctx: Ctx, token: string): Promise<void> {
      const end = (staff: StaffRepository) => staff.endSession(deps.hashToken(token));
      // A session already over ends quietly: there is nobody to name in the log.
      if (ctx.actor.kind !== 'staff') return end(repo);
      const id = ctx.actor.staffId;
      await write(ctx, 'staff.logout', { id }, async (repos) => ({ value: await end(repos.staff) }));
    },

    async profile(ctx: Ctx): Promise<StaffProfile> {
      return profileOf(await me(ctx));
    },

    /** The clock the member's pages show times on: their shop's zone, else the shop's head office's (Moscow). */
    async timeZone(ctx: Ctx): Promise<string> {
      const { shopId } = requirePermission(ctx, 'account.manage');
      return (shopId !== null && (await repo.shops()).find((s) => s.id === shopId)?.timeZone) || MOSCOW;
    },

    /** A new password; every other session of the member ends. */
    async changePassword(ctx: Ctx, current: string, next: string, token: string): Promise<void> {
      const row = await me(ctx);
      if (!(await passwords.verify(current, row.passwordHash)))
        throw new DomainError('validation', 'Текущий пароль введён неверно.', 'PASSWORD_WRONG');
      checkStaffPassword(passwords, next, row.email);
      const passwordHash = await passwords.hash(next);
      await write(ctx, 'staff.password', { id: row.id }, async (repos) => {
        await repos.staff.update(row.id, { passwordHash });
        await repos.staff.endSessions(row.id, deps.hashToken(token));
        return { value: undefined, before: { password: 'прежний' }, after: { password: 'новый' } };
      });
    },

    /** A new secret for the app, waiting for its first code; the QR code carries it. The log says only that it began. */
    async totpSetup(ctx: Ctx): Promise<{ secret: string; qrSvg: string }> {
      const row = await me(ctx);
      const secret = totp.newSecret();
      await write(ctx, 'staff.totp-setup-start', { id: row.id }, async (repos) => {
        await repos.staff.update(row.id, { totpPendingSecret: secret });
        return {
          value: undefined,
          before: { pendingSecret: row.totpPendingSecret ? 'прежний' : null },
          after: { pendingSecret: 'новый' },
        };
      });
      return { secret, qrSvg: await totp.qrSvg(totp.uri(secret, row.email)) };
    },

    async totpEnable(ctx: Ctx, code: string): Promise<void> {
      const row = await me(ctx);
      const step = row.totpPendingSecret ? codeStep(row.totpPendingSecret, code, null, ctx.now()) : null;
      if (step === null || !row.totpPendingSecret)
        throw new DomainError(
          'validation',
          'Код не подошёл. Проверьте время на телефоне и введите новый код.',
          'TOTP_INVALID',
        );
      const secret = row.totpPendingSecret;
      await write(ctx, 'staff.totp', { id: row.id }, async (repos) => {
        await repos.staff.update(row.id, { totpSecret: secret, totpPendingSecret: null, totpLastStep: step });
        return { value: undefined, before: { totp: row.totpSecret !== null }, after: { totp: true } };
      });
    },

    async totpDisable(ctx: Ctx, code: string): Promise<void> {
      const row = await me(ctx);
      // A stolen session must not guess its way past the second factor: the codes tried count as a login's do.
      const key = String(row.id);
      await enforce(deps.limits, [key, rules.staffTotpOffTries]);
      const step = row.totpSecret ? codeStep(row.totpSecret, code, row.totpLastStep, ctx.now()) : null;
      if (step === null)
        throw new DomainError('validation', 'Код не подошёл: введите код из приложения.', 'TOTP_INVALID');
      await write(ctx, 'staff.totp', { id: row.id }, async (repos) => {
        await repos.staff.update(row.id, { totpSecret: null, totpLastStep: null });
        return { value: undefined, before: { totp: true }, after: { totp: false } };
      });
      await deps.limits.reset(key, rules.staffTotpOffTries);
    },
  };
}

export type StaffAccountsService = ReturnType<typeof createStaffAccountsService>;
