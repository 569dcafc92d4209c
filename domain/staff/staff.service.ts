import type { Company } from '../content/company';
import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import { type PasswordHasher, passwordProblem } from '../auth/password';
import type { LimitCatalogue } from '../limits/catalogue';
import { enforce, type RateLimiter } from '../limits/limits';
import type { TransactionRepositories, UnitOfWork } from '../uow';
import { type AuditFilter, type AuditReader, type AuditView, auditEntry } from './audit';
import { staffInviteLetter } from './letters';
import { requirePermission, requireStaff } from './permissions';
import type { StaffMember, StaffRole } from './staff-member';
import type { SecondFactor, StaffInvite, StaffRepository, StaffRow } from './ports';
import { type StaffInviteInput, type StaffLoginInput, type StaffRoleInput, staffNotFound } from './staff.schemas';

/** A staff session ends after this long without a request. */
export const STAFF_IDLE_S = 12 * 3600;
/** How long an invitation works; the first owner's link printed at start works a day. */
export const INVITE_TTL_S = 3 * 86400;
export const BOOTSTRAP_TTL_S = 86400;

/** A member as the back office shows them: no hash, no secret. */
export interface StaffProfile {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  shopId: number | null;
  totp: boolean;
}

export interface Invitation {
  email: string;
  role: StaffRole;
  shopId: number | null;
  expiresAt: string;
}

export interface StaffDeps {
  /** The sender the invitation's footer names. */
  company: Company;
  repo: StaffRepository;
  uow: UnitOfWork;
  audit: AuditReader;
  limits: RateLimiter;
  limitRules: Pick<LimitCatalogue, 'staffLoginTries' | 'staffLoginTriesPerClient'>;
  passwords: PasswordHasher;
  secondFactor: SecondFactor;
  /** The site's address for the links of invitations (`SITE_URL`). */
  siteUrl: string;
  /** A random token (a session, an invitation link) and the hash kept of it. */
  newToken(): string;
  hashToken(token: string): string;
}

type Ctx = Pick<RequestContext, 'actor' | 'client' | 'now'>;
/** What the console acts as: no staff member, the machine's own address. */
type SystemCtx = Pick<RequestContext, 'client' | 'now'>;

const WRONG_LOGIN = 'Неверный email, пароль или код подтверждения.';
const BAD_INVITE = 'Приглашение устарело или уже использовано. Попросите владельца прислать новое.';
const LAST_OWNER = (what: string) =>
  new DomainError(
    'conflict',
    `Нельзя ${what} последнего владельца: сначала назначьте владельцем другого сотрудника.`,
    'LAST_OWNER',
  );

export const profileOf = (row: StaffRow): StaffProfile => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  shopId: row.shopId,
  totp: row.totpSecret !== null,
});

const memberOf = (row: StaffRow): StaffMember => ({
  staffId: row.id,
  email: row.email,
  role: row.role,
  shopId: row.shopId,
});

/** Staff accounts, their sessions, second factor and invitations; every write is audited in its own transaction. */
export function createStaffService(deps: StaffDeps) {
  const { repo, passwords, secondFactor: totp } = deps;
  const rules = deps.limitRules;
  const link = (token: string) => `${deps.siteUrl}/admin/invite/?token=${encodeURIComponent(token)}`;

  function checkPassword(password: string) {
    const problem = passwordProblem(password, passwords.isCommon);
    if (problem) throw new DomainError('validation', problem, 'PASSWORD_WEAK');
  }

  async function me(ctx: Ctx): Promise<StaffRow> {
    const row = await repo.byId(requireStaff(ctx).staffId);
    if (!row) throw new DomainError('unauthorized', 'Войдите в панель управления магазином.', 'STAFF_AUTH_REQUIRED');
    return row;
  }

  /** A code of the member's app, used once: the step it matched must be later than the last one used. */
  function codeStep(secret: string, code: string | undefined, lastStep: number | null, at: Date): number | null {
    if (!code) return null;
    const step = totp.match(secret, code, at);
    return step !== null && (lastStep === null || step > lastStep) ? step : null;
  }

  /** The shop a member of `role` works in: one of the shops for a `shop` member, none for the others. */
  async function shopFor(role: StaffRole, shopId: number | undefined): Promise<number | null> {
    if (role !== 'shop') return null;
    if (!shopId)
      throw new DomainError('validation', 'Сотруднику магазина нужен магазин: выберите его.', 'SHOP_REQUIRED');
    if (!(await repo.shops()).some((s) => s.id === shopId))
      throw new DomainError('validation', 'Такого магазина нет.', 'SHOP_UNKNOWN');
    return shopId;
  }

  /**
   * The member an owner's change is about, with the ids of the owners; all locked, the owners first (one order for
   * every change), so that two changes at once cannot together leave the shop without an owner.
   */
  async function changing(repos: TransactionRepositories, id: number) {
    const owners = await repos.staff.lockOwners();
    const row = await repos.staff.lockMember(id);
    if (!row) throw staffNotFound();
    return { row, lastOwner: row.role === 'owner' && owners.length <= 1 };
  }

  async function invite(
    ctx: SystemCtx,
    by: StaffMember | null,
    input: StaffInviteInput,
  ): Promise<Invitation & { link: string }> {
    const email = input.email.toLowerCase();
    // The invitation form offers the shop to every role: another role's choice is passed over.
    const shopId = await shopFor(input.role, input.role === 'shop' ? input.shopId : undefined);
    if (await repo.byEmail(email))
      throw new DomainError('conflict', 'Сотрудник с этим адресом уже есть.', 'EMAIL_TAKEN');
    const token = deps.newToken();
    const expiresAt = new Date(ctx.now().getTime() + INVITE_TTL_S * 1000);
    const row: StaffInvite = {
      tokenHash: deps.hashToken(token),
      email,
      name: input.name,
      role: input.role,
      shopId,
      invitedBy: by?.staffId ?? null,
      expiresAt,
    };
    await deps.uow.run(async (repos) => {
      await repos.staff.createInvite(row);
      await repos.outbox.enqueue(staffInviteLetter({ ...row, company: deps.company, url: link(token) }));
      await repos.audit.record(
        auditEntry(ctx, by, {
          action: 'staff.invite',
          entity: 'staff-invite',
          entityId: email,
          after: { email, name: input.name, role: input.role, shopId, expiresAt: expiresAt.toISOString() },
        }),
      );
    });
    return { email, role: input.role, shopId, expiresAt: expiresAt.toISOString(), link: link(token) };
  }

  return {
    /** The member of a staff session token, or null (no such session, or idle for 12 hours). */
    async memberOf(token: string, now: Date): Promise<StaffMember | null> {
      return repo.sessionMember(deps.hashToken(token), now, STAFF_IDLE_S);
    },

    /** Checks the login and starts a session: its token goes to the staff cookie. */
    async logIn(ctx: Ctx, input: StaffLoginInput): Promise<{ staff: StaffProfile; token: string }> {
      const email = input.email.toLowerCase();
      // Counted before the password is checked, so tries at once get no more than the limit between them.
      await enforce(deps.limits, [email, rules.staffLoginTries], [ctx.client, rules.staffLoginTriesPerClient]);
      const row = await repo.byEmail(email);
      const ok = await passwords.verify(input.password, row?.passwordHash ?? null);
      if (!row || !ok) throw new DomainError('unauthorized', WRONG_LOGIN, 'INVALID_CREDENTIALS');
      let step: number | null = null;
      if (row.totpSecret) {
        if (!input.totp)
          throw new DomainError('unauthorized', 'Введите код из приложения-аутентификатора.', 'TOTP_REQUIRED');
        step = codeStep(row.totpSecret, input.totp, row.totpLastStep, ctx.now());
        if (step === null) throw new DomainError('unauthorized', WRONG_LOGIN, 'INVALID_CREDENTIALS');
      }
      await deps.limits.reset(email, rules.staffLoginTries);
      await deps.limits.reset(ctx.client, rules.staffLoginTriesPerClient);
      const token = deps.newToken();
      await deps.uow.run(async (repos) => {
        // Two logins sent at once with one code both passed the check above: only one spends it.
        if (step !== null && !(await repos.staff.spendTotpStep(row.id, step)))
          throw new DomainError('unauthorized', WRONG_LOGIN, 'INVALID_CREDENTIALS');
        await repos.staff.startSession(deps.hashToken(token), row.id, ctx.now());
        await repos.audit.record(
          auditEntry(ctx, memberOf(row), { action: 'staff.login', entity: 'staff', entityId: row.id }),
        );
      });
      return { staff: profileOf(row), token };
    },

    async logOut(ctx: Ctx, token: string): Promise<void> {
      await deps.uow.run(async (repos) => {
        await repos.staff.endSession(deps.hashToken(token));
        if (ctx.actor.kind === 'staff')
          await repos.audit.record(
            auditEntry(ctx, ctx.actor, { action: 'staff.logout', entity: 'staff', entityId: ctx.actor.staffId }),
          );
      });
    },

    async profile(ctx: Ctx): Promise<StaffProfile> {
      return profileOf(await me(ctx));
    },

    /** A new password; every other session of the member ends. */
    async changePassword(ctx: Ctx, current: string, next: string, token: string): Promise<void> {
      const row = await me(ctx);
      if (!(await passwords.verify(current, row.passwordHash)))
        throw new DomainError('validation', 'Текущий пароль введён неверно.', 'PASSWORD_WRONG');
      checkPassword(next);
      const passwordHash = await passwords.hash(next);
      await deps.uow.run(async (repos) => {
        await repos.staff.update(row.id, { passwordHash });
        await repos.staff.endSessions(row.id, deps.hashToken(token));
        await repos.audit.record(
          auditEntry(ctx, memberOf(row), {
            action: 'staff.password',
            entity: 'staff',
            entityId: row.id,
            before: { password: 'прежний' },
            after: { password: 'новый' },
          }),
        );
      });
    },

    /** A new secret for the app, waiting for its first code; the QR code carries it. The log says only that it began. */
    async totpSetup(ctx: Ctx): Promise<{ secret: string; qrSvg: string }> {
      const row = await me(ctx);
      const secret = totp.newSecret();
      await deps.uow.run(async (repos) => {
        await repos.staff.update(row.id, { totpPendingSecret: secret });
        await repos.audit.record(
          auditEntry(ctx, memberOf(row), {
            action: 'staff.totp-setup-start',
            entity: 'staff',
            entityId: row.id,
            before: { pendingSecret: row.totpPendingSecret ? 'прежний' : null },
            after: { pendingSecret: 'новый' },
          }),
        );
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
      await deps.uow.run(async (repos) => {
        await repos.staff.update(row.id, { totpSecret: secret, totpPendingSecret: null, totpLastStep: step });
        await repos.audit.record(
          auditEntry(ctx, memberOf(row), {
            action: 'staff.totp',
            entity: 'staff',
            entityId: row.id,
            before: { totp: row.totpSecret !== null },
            after: { totp: true },
          }),
        );
      });
    },

    async totpDisable(ctx: Ctx, code: string): Promise<void> {
      const row = await me(ctx);
      const step = row.totpSecret ? codeStep(row.totpSecret, code, row.totpLastStep, ctx.now()) : null;
      if (step === null)
        throw new DomainError('validation', 'Код не подошёл: введите код из приложения.', 'TOTP_INVALID');
      await deps.uow.run(async (repos) => {
        await repos.staff.update(row.id, { totpSecret: null, totpLastStep: null });
        await repos.audit.record(
          auditEntry(ctx, memberOf(row), {
            action: 'staff.totp',
            entity: 'staff',
            entityId: row.id,
            before: { totp: true },
            after: { totp: false },
          }),
        );
      });
    },

    async list(ctx: Ctx): Promise<StaffProfile[]> {
      requirePermission(ctx, 'staff.manage');
      return (await repo.list()).map(profileOf);
    },

    async shops(ctx: Ctx) {
      requirePermission(ctx, 'staff.manage');
      return repo.shops();
    },

    /** One member, for the owner (the page that confirms a removal). */
    async member(ctx: Ctx, id: number): Promise<StaffProfile> {
      requirePermission(ctx, 'staff.manage');
      const row = await repo.byId(id);
      if (!row) throw staffNotFound();
      return profileOf(row);
    },

    /**
     * The owner gives a member another role (and a `shop` member their shop). It holds from the member's next request:
     * the session reads the role each time. The last owner keeps theirs.
     */
    async changeRole(ctx: Ctx, id: number, input: StaffRoleInput): Promise<StaffProfile> {
      const by = requirePermission(ctx, 'staff.manage');
      if (input.role !== 'shop' && input.shopId !== undefined)
        throw new DomainError(
          'validation',
          'Магазин выбирают только для роли «Магазин»: для другой роли оставьте его пустым.',
          'SHOP_NOT_ALLOWED',
        );
      const shopId = await shopFor(input.role, input.shopId);
      return deps.uow.run(async (repos) => {
        const { row, lastOwner } = await changing(repos, id);
        if (lastOwner && input.role !== 'owner') throw LAST_OWNER('снять роль с');
        const changed: StaffRow = { ...row, role: input.role, shopId };
        if (row.role === changed.role && row.shopId === changed.shopId) return profileOf(row);
        await repos.staff.update(id, { role: changed.role, shopId });
        await repos.audit.record(
          auditEntry(ctx, by, {
            action: 'staff.role',
            entity: 'staff',
            entityId: id,
            before: { role: row.role, shopId: row.shopId },
            after: { role: changed.role, shopId },
          }),
        );
        return profileOf(changed);
      });
    },

    /**
     * The owner removes a member: their sessions end at once and they no longer log in. The row stays, so the audit
     * log still names them. Nobody removes themselves, and the last owner stays.
     */
    async remove(ctx: Ctx, id: number): Promise<void> {
      const by = requirePermission(ctx, 'staff.manage');
      if (id === by.staffId)
        throw new DomainError('conflict', 'Себя удалить нельзя: это может сделать другой владелец.', 'SELF_REMOVE');
      await deps.uow.run(async (repos) => {
        const { lastOwner } = await changing(repos, id);
        if (lastOwner) throw LAST_OWNER('удалить');
        await repos.staff.remove(id, ctx.now());
        await repos.staff.endSessions(id, null);
        await repos.audit.record(
          auditEntry(ctx, by, {
            action: 'staff.remove',
            entity: 'staff',
            entityId: id,
            before: { removed: false },
            after: { removed: true },
          }),
        );
      });
    },

    /** The owner's invitation: a one-use link by letter (through the outbox). */
    async invite(ctx: Ctx, input: StaffInviteInput): Promise<Invitation> {
      const by = requirePermission(ctx, 'staff.manage');
      const { link: _, ...invitation } = await invite(ctx, by, input);
      return invitation;
    },

    /** `npm run staff -- add`: the same invitation from the console; the link is printed there too. */
    async inviteFromConsole(ctx: SystemCtx, input: StaffInviteInput & { shopCode?: string }) {
      let shopId = input.shopId;
      if (input.shopCode) {
        shopId = (await repo.shops()).find((s) => s.code === input.shopCode)?.id;
        if (!shopId) throw new DomainError('validation', `Магазина с кодом ${input.shopCode} нет.`, 'SHOP_UNKNOWN');
      }
      return invite(ctx, null, { ...input, shopId });
    },

    /** The invitation a link names, left unused: the page asks for a name and a password. */
    async invitation(token: string, now: Date): Promise<Invitation | null> {
      const found = await repo.invite(deps.hashToken(token), now);
      return (
        found && {
          email: found.email,
          role: found.role,
          shopId: found.shopId,
          expiresAt: found.expiresAt.toISOString(),
        }
      );
    },

    /** Creates the account of an invitation (once) and logs it in. */
    async acceptInvite(
      ctx: Ctx,
      token: string,
      input: { email?: string; name: string; password: string },
    ): Promise<{ staff: StaffProfile; token: string }> {
      checkPassword(input.password);
      const passwordHash = await passwords.hash(input.password);
      const sessionToken = deps.newToken();
      const row = await deps.uow.run(async (repos) => {
        const found = await repos.staff.spendInvite(deps.hashToken(token), ctx.now());
        if (!found) throw new DomainError('validation', BAD_INVITE, 'INVITE_INVALID');
        const email = (found.email || input.email || '').toLowerCase();
        if (!email) throw new DomainError('validation', 'Укажите адрес электронной почты.', 'EMAIL_REQUIRED');
        const member = { email, name: input.name, role: found.role, shopId: found.shopId, passwordHash };
        const id = await repos.staff.create(member);
        if (id === 'email_taken')
          throw new DomainError('conflict', 'Сотрудник с этим адресом уже есть.', 'EMAIL_TAKEN');
        const created: StaffRow = { ...member, id, totpSecret: null, totpPendingSecret: null, totpLastStep: null };
        await repos.staff.startSession(deps.hashToken(sessionToken), id, ctx.now());
        await repos.audit.record(
          auditEntry(ctx, memberOf(created), {
            action: 'staff.create',
            entity: 'staff',
            entityId: id,
            after: { email, name: input.name, role: found.role, shopId: found.shopId },
          }),
        );
        return created;
      });
      return { staff: profileOf(row), token: sessionToken };
    },

    /**
     * At start: the owner from `ADMIN_EMAIL` and `ADMIN_PASSWORD` is created, or given that password and the owner's
     * role. Answers what was done.
     */
    async ensureOwner(ctx: SystemCtx, email: string, password: string): Promise<'created' | 'updated'> {
      checkPassword(password);
      const passwordHash = await passwords.hash(password);
      const address = email.toLowerCase();
      return deps.uow.run(async (repos) => {
        const found = await repos.staff.byEmail(address);
        const what = { action: 'staff.owner-from-settings', entity: 'staff' };
        if (found) {
          await repos.staff.update(found.id, { passwordHash, role: 'owner', shopId: null });
          await repos.staff.endSessions(found.id, null);
          await repos.audit.record(
            auditEntry(ctx, null, {
              ...what,
              entityId: found.id,
              before: { role: found.role, shopId: found.shopId, password: 'прежний' },
              after: { role: 'owner', shopId: null, password: 'из настроек' },
            }),
          );
          return 'updated';
        }
        const id = await repos.staff.create({
          email: address,
          name: 'Владелец',
          role: 'owner',
          shopId: null,
          passwordHash,
        });
        if (id === 'email_taken')
          throw new DomainError('conflict', 'Сотрудник с этим адресом уже есть.', 'EMAIL_TAKEN');
        await repos.audit.record(
          auditEntry(ctx, null, { ...what, entityId: id, after: { email: address, role: 'owner' } }),
        );
        return 'created';
      });
    },

    /**
     * At start: the account 1C logs in with, from `EXCHANGE_LOGIN` and `EXCHANGE_PASSWORD` (issue 26), created with the
     * `exchange` role or given that password and role. An owner's address is refused: it would lose the owner's role.
     */
    async ensureExchange(ctx: SystemCtx, login: string, password: string): Promise<'created' | 'updated'> {
      checkPassword(password);
      const passwordHash = await passwords.hash(password);
      const address = login.toLowerCase();
      return deps.uow.run(async (repos) => {
        const found = await repos.staff.byEmail(address);
        const what = { action: 'staff.exchange-from-settings', entity: 'staff' };
        if (found) {
          if (found.role === 'owner')
            throw new DomainError(
              'conflict',
              'EXCHANGE_LOGIN совпадает с адресом владельца: задайте для обмена с 1С отдельный логин.',
              'EXCHANGE_LOGIN_IS_OWNER',
            );
          await repos.staff.update(found.id, { passwordHash, role: 'exchange', shopId: null });
          await repos.staff.endSessions(found.id, null);
          await repos.audit.record(
            auditEntry(ctx, null, {
              ...what,
              entityId: found.id,
              before: { role: found.role, password: 'прежний' },
              after: { role: 'exchange', password: 'из настроек' },
            }),
          );
          return 'updated';
        }
        const id = await repos.staff.create({
          email: address,
          name: 'Обмен с 1С',
          role: 'exchange',
          shopId: null,
          passwordHash,
        });
        if (id === 'email_taken')
          throw new DomainError('conflict', 'Сотрудник с этим логином уже есть.', 'EMAIL_TAKEN');
        await repos.audit.record(
          auditEntry(ctx, null, { ...what, entityId: id, after: { login: address, role: 'exchange' } }),
        );
        return 'created';
      });
    },

    /** When nobody works here yet: a one-use link, valid a day, that creates the owner. Null when staff exist. */
    async bootstrapLink(ctx: SystemCtx): Promise<string | null> {
      if ((await repo.count()) > 0) return null;
      const token = deps.newToken();
      const expiresAt = new Date(ctx.now().getTime() + BOOTSTRAP_TTL_S * 1000);
      await deps.uow.run(async (repos) => {
        await repos.staff.createInvite({
          tokenHash: deps.hashToken(token),
          email: '',
          name: '',
          role: 'owner',
          shopId: null,
          invitedBy: null,
          expiresAt,
        });
        await repos.audit.record(
          auditEntry(ctx, null, {
            action: 'staff.owner-link',
            entity: 'staff-invite',
            entityId: 'owner',
            after: { role: 'owner', expiresAt: expiresAt.toISOString() },
          }),
        );
      });
      return link(token);
    },

    /** The audit log, newest first. */
    async audit(ctx: Ctx, filter: Omit<AuditFilter, 'limit'> & { limit?: number }): Promise<AuditView[]> {
      requirePermission(ctx, 'audit.read');
      return deps.audit.list({ ...filter, limit: Math.min(filter.limit ?? 100, 500) });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
