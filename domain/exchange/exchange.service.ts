import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import type { PasswordHasher } from '../auth/password';
import type { LimitRules } from '../limits/rules';
import { enforce, type RateLimiter } from '../limits/limits';
import { EXCHANGE_ROLE, type StaffRole } from '../staff/staff-member';
import type { OrderStatusRecord, SaleFileResult, SaleLog } from './order-status';
import { applyOrderStatuses, type OrderStatusImportDeps } from './order-status-import';
import type { ExchangeRepository, ExchangeSession, ExportOrder } from './ports';

/** An exchange session ends after this long without a request: a big package with images takes a while. */
export const EXCHANGE_IDLE_S = 6 * 3600;
/** Orders handed over by one query; the rest go at the next exchange. */
export const ORDERS_PER_QUERY = 500;

const WRONG_LOGIN = 'Неверный логин или пароль обмена с 1С.';
/**
 * Only 1C's own account logs in here: a person's (an owner's) password would open every order's personal data with
 * no second factor (issue 43.7).
 */
const mayExchange = (role: StaffRole) => role === EXCHANGE_ROLE;

type Ctx = Pick<RequestContext, 'client' | 'now'>;

export interface ExchangeDeps {
  repo: ExchangeRepository;
  passwords: PasswordHasher;
  limits: RateLimiter;
  limitRules: Pick<LimitRules, 'exchangeLoginTries' | 'exchangeLoginTriesPerClient' | 'exchangeLoginTriesPerLogin'>;
  newToken(): string;
  hashToken(token: string): string;
  /** 1C's orders files: the order process the desk uses, and the log they go to. */
  orderMoves: OrderStatusImportDeps;
  saleLog: SaleLog;
}

/** The 1C exchange's sessions and the orders it hands over (issue 26); the protocol lives in server/exchange. */
export function createExchangeService(deps: ExchangeDeps) {
  const { repo, limits, limitRules: rules } = deps;

  /**
   * The account of a right login with the `exchange` role; tries counted per login and client together and per
   * client, so a stranger's wrong passwords stop the stranger, not 1C; then per login under a high ceiling.
   */
  async function checkLogin(ctx: Ctx, login: string, password: string) {
    const key = login.toLowerCase();
    const pair = `${key} ${ctx.client}`;
    await enforce(limits, [pair, rules.exchangeLoginTries], [ctx.client, rules.exchangeLoginTriesPerClient]);
    // Only after the client's own limits: a client already refused does not use up the login's ceiling.
    await enforce(limits, [key, rules.exchangeLoginTriesPerLogin]);
    const account = await repo.account(key);
    const ok = await deps.passwords.verify(password, account?.passwordHash ?? null);
    // A person's account answers as a wrong password does: the answer tells no one which logins are staff.
    if (!account || !ok || !mayExchange(account.role))
      throw new DomainError('unauthorized', WRONG_LOGIN, 'INVALID_CREDENTIALS');
    await limits.reset(pair, rules.exchangeLoginTries);
    await limits.giveBack(ctx.client, rules.exchangeLoginTriesPerClient);
    // 1C sends its login on many calls: its own successes must not add up to the ceiling.
    await limits.reset(key, rules.exchangeLoginTriesPerLogin);
    return account;
  }

  return {
    /** `mode=checkauth`: a new session; its token goes to 1C as the cookie's value. */
    async logIn(ctx: Ctx, login: string, password: string): Promise<{ token: string; session: ExchangeSession }> {
      const account = await checkLogin(ctx, login, password);
      const token = deps.newToken();
      const tokenHash = deps.hashToken(token);
      await repo.startSession(tokenHash, account.id, ctx.now());
      return { token, session: { tokenHash, staffId: account.id, email: account.login, role: account.role } };
    },

    /** The session of a cookie's token, or null. */
    async bySession(ctx: Ctx, token: string): Promise<ExchangeSession | null> {
      const session = await repo.session(deps.hashToken(token), ctx.now(), EXCHANGE_IDLE_S);
      return session && mayExchange(session.role) ? session : null;
    },

    /** Basic on a later call (as emulators send it): the member's live session goes on, or a new one starts. */
    async byLogin(ctx: Ctx, login: string, password: string): Promise<ExchangeSession> {
      const account = await checkLogin(ctx, login, password);
      const live = await repo.latestSession(account.id, ctx.now(), EXCHANGE_IDLE_S);
      if (live) return live;
      const tokenHash = deps.hashToken(deps.newToken());
      await repo.startSession(tokenHash, account.id, ctx.now());
      return { tokenHash, staffId: account.id, email: account.login, role: account.role };
    },

    /** `type=sale&mode=query`: the orders not taken yet, remembered as this session's last query. */
    async query(session: ExchangeSession): Promise<ExportOrder[]> {
      const orders = await repo.ordersNotExported(ORDERS_PER_QUERY);
      await repo.rememberQueried(
        session.tokenHash,
        orders.map((o) => o.id),
      );
      return orders;
    },

    /** `type=sale&mode=success`: only now are the orders of the session's last query taken. */
    confirm(ctx: Ctx, session: ExchangeSession): Promise<number> {
      return repo.markExported(session.tokenHash, ctx.now());
    },

    /** `type=sale&mode=import`: 1C's order statuses of a file applied, and the file's row in the exchange log. */
    async applySale(
      ctx: Ctx,
      session: ExchangeSession,
      fileName: string,
      records: readonly OrderStatusRecord[],
    ): Promise<SaleFileResult> {
      const startedAt = ctx.now();
      // 1C's moves are staff writes of the exchange's account, audited as such.
      const as = {
        client: ctx.client,
        now: ctx.now,
        actor: { kind: 'staff', staffId: session.staffId, email: session.email, role: session.role, shopId: null },
      } as const;
      const result = await applyOrderStatuses(deps.orderMoves, as, records);
      await deps.saleLog.record({
        sessionKey: session.tokenHash,
        staffId: session.staffId,
        fileName,
        startedAt,
        finishedAt: ctx.now(),
        result,
      });
      return result;
    },
  };
}

export type ExchangeService = ReturnType<typeof createExchangeService>;
