import { DomainError } from '../errors';
import type { PasswordHasher } from '../auth/password';
import type { StaffRepository, StaffRow } from './ports';
import type { StaffRole } from './staff-member';
import { checkStaffPassword } from './staff-profile';
import type { StaffWrite, WriteContext } from './staff-write';

/** How long the first owner's link printed at start works. */
export const BOOTSTRAP_TTL_S = 86400;

/** What a start did to an account of the settings. */
export type SettingsAccount = 'created' | 'updated' | 'unchanged';

/**
 * The staff the shop's start makes from its settings (the owner, 1C's account), or the one-use link that creates the
 * first owner. Writes of the shop itself (`system`), audited as «система».
 */
export function createStaffBootstrapService(deps: {
  repo: StaffRepository;
  write: StaffWrite;
  passwords: PasswordHasher;
  siteUrl: string;
  newToken(): string;
  hashToken(token: string): string;
}) {
  const { write, passwords } = deps;

  /**
   * The account `login` with `role` and `password`: created, or given them. One that already has both changes
   * nothing — with several processes or hosts every start applies the settings, and would otherwise end the member's
   * sessions each time.
   */
  async function ensure(
    ctx: WriteContext,
    action: 'staff.owner-from-settings' | 'staff.exchange-from-settings',
    account: { login: string; password: string; role: StaffRole; name: string; refuse?: (found: StaffRow) => void },
  ): Promise<SettingsAccount> {
    const login = account.login.toLowerCase();
    checkStaffPassword(passwords, account.password, login);
    const found = await deps.repo.byEmail(login);
    if (
      found &&
      found.role === account.role &&
      found.shopId === null &&
      (await passwords.verify(account.password, found.passwordHash))
    )
      return 'unchanged';
    const passwordHash = await passwords.hash(account.password);
    return write(ctx, action, { id: found?.id }, async (repos) => {
      const row = await repos.staff.byEmail(login);
      if (row) {
        account.refuse?.(row);
        await repos.staff.update(row.id, { passwordHash, role: account.role, shopId: null });
        await repos.staff.endSessions(row.id, null);
        return {
          value: 'updated' as const,
          id: row.id,
          before: { role: row.role, shopId: row.shopId, password: 'прежний' },
          after: { role: account.role, shopId: null, password: 'из настроек' },
        };
      }
      const id = await repos.staff.create({
        email: login,
        name: account.name,
        role: account.role,
        shopId: null,
        passwordHash,
      });
      if (id === 'email_taken') throw new DomainError('conflict', 'Сотрудник с этим адресом уже есть.', 'EMAIL_TAKEN');
      return { value: 'created' as const, id, after: { email: login, role: account.role } };
    });
  }

  return {
    /** `ADMIN_EMAIL` and `ADMIN_PASSWORD`: the owner, created, or given that password and the owner's role. */
    ensureOwner: (ctx: WriteContext, email: string, password: string) =>
      ensure(ctx, 'staff.owner-from-settings', {
        login: email,
        password,
        role: 'owner',
        name: 'Владелец',
        refuse: (found) => {
          if (found.role === 'exchange')
            throw new DomainError(
              'conflict',
              'ADMIN_EMAIL совпадает с логином обмена с 1С: задайте владельцу другой адрес.',
              'ADMIN_EMAIL_IS_EXCHANGE',
            );
        },
      }),

    /**
     * `EXCHANGE_LOGIN` and `EXCHANGE_PASSWORD` (issue 26): the account 1C logs in with, created with the `exchange`
     * role or given that password. A person's address is refused: 1C's account is of its own kind (issue 43.7).
     */
    ensureExchange: (ctx: WriteContext, login: string, password: string) =>
      ensure(ctx, 'staff.exchange-from-settings', {
        login,
        password,
        role: 'exchange',
        name: 'Обмен с 1С',
        refuse: (found) => {
          if (found.role !== 'exchange')
            throw new DomainError(
              'conflict',
              'EXCHANGE_LOGIN совпадает с адресом сотрудника: задайте для обмена с 1С отдельный логин.',
              'EXCHANGE_LOGIN_IS_STAFF',
            );
        },
      }),

    /**
     * While the shop has no owner: a one-use link, valid a day, that creates the owner. Null once an owner exists,
     * when every such link stops working too (`acceptInvite`).
     */
    async bootstrapLink(ctx: WriteContext): Promise<string | null> {
      if ((await deps.repo.list()).some((m) => m.role === 'owner')) return null;
      const token = deps.newToken();
      const expiresAt = new Date(ctx.now().getTime() + BOOTSTRAP_TTL_S * 1000);
      await write(ctx, 'staff.owner-link', { id: 'owner' }, async (repos) => {
        await repos.staff.createInvite({
          tokenHash: deps.hashToken(token),
          email: '',
          name: '',
          role: 'owner',
          shopId: null,
          invitedBy: null,
          expiresAt,
        });
        return { value: undefined, after: { role: 'owner', expiresAt: expiresAt.toISOString() } };
      });
      return `${deps.siteUrl}/admin/invite/?token=${encodeURIComponent(token)}`;
    },
  };
}

export type StaffBootstrapService = ReturnType<typeof createStaffBootstrapService>;
