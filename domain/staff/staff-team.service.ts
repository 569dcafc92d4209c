import type { Company } from '../content/company';
import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import type { PasswordHasher } from '../auth/password';
import type { TransactionRepositories } from '../uow';
import type { AuditFilter, AuditReader, AuditView } from './audit';
import { staffInviteLetter } from './letters';
import { requirePermission } from './permissions';
import type { StaffInvite, StaffRepository, StaffRow } from './ports';
import { EXCHANGE_ROLE, type StaffRole } from './staff-member';
import { checkStaffPassword, memberOf, type StaffProfile, profileOf } from './staff-profile';
import type { StaffWrite, WriteContext } from './staff-write';
import { type ExchangeAccountInput, type StaffInviteInput, type StaffRoleInput, staffNotFound } from './staff.schemas';

/** Entries on a page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

/** How long an invitation works. */
export const INVITE_TTL_S = 3 * 86400;

/** An open invitation on the owner's staff page; sent `INVITE_TTL_S` before it expires. */
export interface OpenInvitation {
  email: string;
  role: StaffRole;
  shopId: number | null;
  invitedBy: string | null;
  sentAt: string;
  expiresAt: string;
}

export interface Invitation {
  email: string;
  role: StaffRole;
  shopId: number | null;
  expiresAt: string;
}

type Ctx = Pick<RequestContext, 'actor' | 'client' | 'now'>;

const BAD_INVITE = 'Приглашение устарело или уже использовано. Попросите владельца прислать новое.';
const OWNER_EXISTS = () =>
  new DomainError(
    'conflict',
    'Владелец магазина уже есть: ссылка для первого владельца больше не действует. Попросите владельца пригласить вас.',
    'OWNER_EXISTS',
  );
/** 1C's account and a person's are of two kinds: neither becomes the other, and 1C's is made apart. */
const NOT_A_PERSON = () =>
  new DomainError(
    'validation',
    'Роль «Обмен с 1С» — только у учётной записи для 1С: создайте её в разделе «Учётная запись для 1С», а сотруднику выберите другую роль.',
    'EXCHANGE_ROLE_APART',
  );
const LAST_OWNER = (what: string) =>
  new DomainError(
    'conflict',
    `Нельзя ${what} последнего владельца: сначала назначьте владельцем другого сотрудника.`,
    'LAST_OWNER',
  );

/**
 * The shop's team, run by its owner: the members and their roles, invitations by a one-use link (from the back
 * office or the console), their acceptance, removals, and the audit log.
 */
export function createStaffTeamService(deps: {
  /** The sender the invitation's footer names. */
  company: Company;
  repo: StaffRepository;
  write: StaffWrite;
  audit: AuditReader;
  passwords: PasswordHasher;
  /** The site's address for the links of invitations (`SITE_URL`). */
  siteUrl: string;
  /** A random token (an invitation link, a session) and the hash kept of it. */
  newToken(): string;
  hashToken(token: string): string;
}) {
  const { repo, write, passwords } = deps;
  const link = (token: string) => `${deps.siteUrl}/admin/invite/?token=${encodeURIComponent(token)}`;

  /** The shop a member of `role` works in: one of the shops for a `shop` member, none for the others. */
  async function shopOfRole(role: StaffRole, shopId: number | undefined): Promise<number | null> {
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

  /** An invitation by letter (through the outbox), from a member of the back office or from the console. */
  async function invite(ctx: WriteContext, input: StaffInviteInput): Promise<Invitation & { link: string }> {
    if (input.role === EXCHANGE_ROLE) throw NOT_A_PERSON();
    const email = input.email.toLowerCase();
    // The invitation form offers the shop to every role: another role's choice is passed over.
    const shopId = await shopOfRole(input.role, input.role === 'shop' ? input.shopId : undefined);
    if (await repo.byEmail(email))
      throw new DomainError('conflict', 'Сотрудник с этим адресом уже есть.', 'EMAIL_TAKEN');
    const token = deps.newToken();
    const expiresAt = new Date(ctx.now().getTime() + INVITE_TTL_S * 1000);
    const action = ctx.actor === undefined ? 'staff.invite-console' : 'staff.invite';
    await write(ctx, action, { id: email }, async (repos, { member }) => {
      const row: StaffInvite = {
        tokenHash: deps.hashToken(token),
        email,
        name: input.name,
        role: input.role,
        shopId,
        invitedBy: member?.staffId ?? null,
        expiresAt,
      };
      // The address's earlier links end: only the latest invitation, with its role, opens.
      await repos.staff.endInvites(email, ctx.now());
      await repos.staff.createInvite(row);
      await repos.outbox.enqueue(staffInviteLetter({ ...row, company: deps.company, url: link(token) }));
      return {
        value: undefined,
        after: { email, name: input.name, role: input.role, shopId, expiresAt: expiresAt.toISOString() },
      };
    });
    return { email, role: input.role, shopId, expiresAt: expiresAt.toISOString(), link: link(token) };
  }

  return {
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
      if (input.role !== 'shop' && input.shopId !== undefined)
        throw new DomainError(
          'validation',
          'Магазин выбирают только для роли «Магазин»: для другой роли оставьте его пустым.',
          'SHOP_NOT_ALLOWED',
        );
      const shopId = await shopOfRole(input.role, input.shopId);
      return write(ctx, 'staff.role', { id }, async (repos) => {
        const { row, lastOwner } = await changing(repos, id);
        if ((row.role === EXCHANGE_ROLE) !== (input.role === EXCHANGE_ROLE)) throw NOT_A_PERSON();
        if (lastOwner && input.role !== 'owner') throw LAST_OWNER('снять роль с');
        const changed: StaffRow = { ...row, role: input.role, shopId };
        const unchanged = row.role === changed.role && row.shopId === changed.shopId;
        if (!unchanged) await repos.staff.update(id, { role: changed.role, shopId });
        return {
          value: profileOf(changed),
          unchanged,
          before: { role: row.role, shopId: row.shopId },
          after: { role: changed.role, shopId },
        };
      });
    },

    /**
     * The owner removes a member: their sessions end at once and they no longer log in. The row stays, so the audit
     * log still names them. Nobody removes themselves, and the last owner stays.
     */
    async remove(ctx: Ctx, id: number): Promise<void> {
      await write(ctx, 'staff.remove', { id }, async (repos, { member }) => {
        if (id === member.staffId)
          throw new DomainError('conflict', 'Себя удалить нельзя: это может сделать другой владелец.', 'SELF_REMOVE');
        const { row, lastOwner } = await changing(repos, id);
        if (lastOwner) throw LAST_OWNER('удалить');
        // An invitation of the address left unused would bring the removed member back.
        await repos.staff.endInvites(row.email, ctx.now());
        await repos.staff.remove(id, ctx.now());
        await repos.staff.endSessions(id, null);
        return { value: undefined, before: { removed: false }, after: { removed: true } };
      });
    },

    /**
     * The owner makes 1C's account: a login and password for «Обмен с сайтом», the only kind of account the exchange
     * accepts and the back office refuses.
     */
    async createExchangeAccount(ctx: WriteContext, input: ExchangeAccountInput): Promise<StaffProfile> {
      const login = input.login.toLowerCase();
      checkStaffPassword(passwords, input.password, login);
      const passwordHash = await passwords.hash(input.password);
      const action = ctx.actor === undefined ? 'staff.exchange-console' : 'staff.exchange-create';
      return write(ctx, action, { id: login }, async (repos) => {
        const member = { email: login, name: 'Обмен с 1С', role: EXCHANGE_ROLE, shopId: null, passwordHash };
        const id = await repos.staff.create(member);
        if (id === 'email_taken')
          throw new DomainError('conflict', 'Учётная запись с этим логином уже есть.', 'EMAIL_TAKEN');
        const created: StaffRow = { ...member, id, totpSecret: null, totpPendingSecret: null, totpLastStep: null };
        return { value: profileOf(created), id, after: { email: login, role: EXCHANGE_ROLE } };
      });
    },

    /** The owner's invitation: a one-use link by letter (through the outbox). */
    async invite(ctx: Ctx, input: StaffInviteInput): Promise<Invitation> {
      const { link: _, ...invitation } = await invite(ctx, input);
      return invitation;
    },

    /** The invitations with an address not used, ended or expired yet. */
    async invitations(ctx: Ctx): Promise<OpenInvitation[]> {
      requirePermission(ctx, 'staff.manage');
      return (await repo.openInvites(ctx.now())).map((i) => ({
        email: i.email,
        role: i.role,
        shopId: i.shopId,
        invitedBy: i.invitedBy,
        sentAt: new Date(i.expiresAt.getTime() - INVITE_TTL_S * 1000).toISOString(),
        expiresAt: i.expiresAt.toISOString(),
      }));
    },

    /** The owner takes an invitation back: every open link of the address stops opening. */
    async revokeInvite(ctx: Ctx, email: string): Promise<void> {
      const address = email.toLowerCase();
      await write(ctx, 'staff.invite-revoke', { id: address }, async (repos) => {
        if ((await repos.staff.endInvites(address, ctx.now())) === 0)
          throw new DomainError('not_found', 'Открытого приглашения для этого адреса нет.', 'INVITE_NOT_FOUND');
        return { value: undefined, before: { invited: true }, after: { invited: false } };
      });
    },

    /** `npm run staff -- add`: the same invitation from the console; the link is printed there too. */
    async inviteFromConsole(ctx: WriteContext, input: StaffInviteInput & { shopCode?: string }) {
      let shopId = input.shopId;
      if (input.shopCode) {
        shopId = (await repo.shops()).find((s) => s.code === input.shopCode)?.id;
        if (!shopId) throw new DomainError('validation', `Магазина с кодом ${input.shopCode} нет.`, 'SHOP_UNKNOWN');
      }
      return invite({ client: ctx.client, now: ctx.now }, { ...input, shopId });
    },

    /** The invitation a link names, left unused: the page asks for a name and a password. */
    async invitation(token: string, now: Date): Promise<Invitation | null> {
      const found = await repo.invite(deps.hashToken(token), now);
      // The first owner's link is dead once there is an owner (see `acceptInvite`): its page offers no form.
      if (found && !found.email && (await repo.list()).some((m) => m.role === 'owner')) return null;
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
      checkStaffPassword(passwords, input.password, input.email ?? '');
      const passwordHash = await passwords.hash(input.password);
      const sessionToken = deps.newToken();
      const row = await write(ctx, 'staff.create', {}, async (repos) => {
        const found = await repos.staff.spendInvite(deps.hashToken(token), ctx.now());
        if (!found) throw new DomainError('validation', BAD_INVITE, 'INVITE_INVALID');
        // The first owner's link (it names no address) works while the shop has no owner: one left in an old log
        // would otherwise make another. The owners are locked, so two such links at once make one owner.
        if (!found.email && (await repos.staff.lockOwners()).length > 0) throw OWNER_EXISTS();
        const email = (found.email || input.email || '').toLowerCase();
        if (!email) throw new DomainError('validation', 'Укажите адрес электронной почты.', 'EMAIL_REQUIRED');
        await repos.staff.endInvites(email, ctx.now());
        checkStaffPassword(passwords, input.password, email);
        const member = { email, name: input.name, role: found.role, shopId: found.shopId, passwordHash };
        const id = await repos.staff.create(member);
        if (id === 'email_taken')
          throw new DomainError('conflict', 'Сотрудник с этим адресом уже есть.', 'EMAIL_TAKEN');
        const created: StaffRow = { ...member, id, totpSecret: null, totpPendingSecret: null, totpLastStep: null };
        await repos.staff.startSession(deps.hashToken(sessionToken), id, ctx.now());
        return {
          value: created,
          id,
          actor: memberOf(created),
          after: { email, name: input.name, role: found.role, shopId: found.shopId },
        };
      });
      return { staff: profileOf(row), token: sessionToken };
    },

    /** The audit log, newest first. */
    async audit(ctx: Ctx, filter: Omit<AuditFilter, 'limit'> & { limit?: number }): Promise<AuditView[]> {
      requirePermission(ctx, 'audit.read');
      return deps.audit.list({ ...filter, limit: Math.min(filter.limit ?? 100, 500) });
    },

    /** A page of the audit log, newest first, with how many entries the filter has. */
    async auditPage(ctx: Ctx, filter: Omit<AuditFilter, 'limit' | 'offset'>, page: number) {
      requirePermission(ctx, 'audit.read');
      const [items, total] = await Promise.all([
        deps.audit.list({ ...filter, limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE }),
        deps.audit.count(filter),
      ]);
      return { items, total, page, pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)) };
    },
  };
}

export type StaffTeamService = ReturnType<typeof createStaffTeamService>;
