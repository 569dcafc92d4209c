import type { RequestContext } from '../context';
import type { DomainError } from '../errors';
import type { TransactionRepositories, UnitOfWork } from '../uow';
import { auditEntry } from './audit';
import { accessOf, can, forbidden, requirePermission, type StaffAction } from './permissions';
import type { StaffMember } from './staff-member';
import { STAFF_WRITES, type StaffWriteAction, type WriterOf } from './writes';

/** Who writes: a request (it always has an actor), or the shop itself — the console, the start — which has none. */
export type WriteContext = Pick<RequestContext, 'client' | 'now'> & { readonly actor?: RequestContext['actor'] };

/** What a write's work answers: its value, and what the audit entry records. */
export interface Audited<T> {
  value: T;
  /** The id of what was written, when the target could not name it (a row the write created). */
  id?: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Who acted, for a `credentials` write: the member the login or the invitation proved. */
  actor?: StaffMember;
  /** The write found nothing to change (the same price again, blocking the blocked): no entry. */
  unchanged?: boolean;
}

/** What the work gets besides the repositories: who acts, and the check of the shop a thing belongs to. */
export interface WriteScope<M extends StaffMember | null> {
  /** The member acting; null when the shop itself does, or a `credentials` write has not proved who acts yet. */
  member: M;
  /**
   * Checks the thing written, of shop `shopId` (null: of no shop), against the reach of the member's grant; refused
   * with `hidden()` when given (another shop's order is «not found» to a shop's staff), else 403. A member with an
   * `own` grant whose write never calls this is refused at the end: a write that forgets its scope opens nothing.
   */
  inShop(shopId: number | null, hidden?: () => DomainError): void;
}

export type StaffWork<A extends StaffWriteAction, T> = (
  repos: TransactionRepositories,
  scope: WriteScope<WriterOf<A>>,
) => Promise<Audited<T>>;

/**
 * The one staff write: the permission of `action` (STAFF_WRITES), `work` in one unit of work, and one audit entry of
 * what it returns in the same transaction — both commit, or neither. `target.id` names what is written when known
 * before; `target.shopId` checks the scope up front (a document of a store), else the work calls `scope.inShop`.
 */
export type StaffWrite = <A extends StaffWriteAction, T>(
  ctx: WriteContext,
  action: A,
  target: { id?: string | number; shopId?: number | null },
  work: StaffWork<A, T>,
) => Promise<T>;

/** The member `ctx` writes as under the action's gate: null for the shop itself or a `credentials` write. */
function writer(ctx: WriteContext, action: StaffWriteAction): StaffMember | null {
  const { gate } = STAFF_WRITES[action];
  if (gate === 'system') {
    if (ctx.actor !== undefined) throw forbidden();
    return null;
  }
  if (gate === 'credentials') return null;
  if (ctx.actor === undefined) throw new Error(`${action} is a member's write: the shop itself does not make it`);
  return requirePermission({ actor: ctx.actor }, gate);
}

export function createStaffWrite(uow: UnitOfWork): StaffWrite {
  return async (ctx, action, target, work) => {
    const rule = STAFF_WRITES[action];
    const member = writer(ctx, action);
    const permission: StaffAction | null =
      member && rule.gate !== 'credentials' && rule.gate !== 'system' ? rule.gate : null;
    // A grant of any shop reaches everything; an own-shop one must see the shop of what it writes.
    let scoped = member === null || permission === null || accessOf(member.role, permission) === 'any';
    const scope: WriteScope<StaffMember | null> = {
      member,
      inShop(shopId, hidden) {
        if (member !== null && permission !== null && !can(member, permission, shopId)) throw (hidden ?? forbidden)();
        scoped = true;
      },
    };
    if (target.shopId !== undefined) scope.inShop(target.shopId);
    return uow.run(async (repos) => {
      const done = await work(repos, scope as WriteScope<WriterOf<typeof action>>);
      if (!scoped) throw forbidden();
      if (done.unchanged) return done.value;
      const actor = done.actor ?? member;
      if (rule.gate === 'credentials' && !actor) throw new Error(`${action} did not say who acted`);
      await repos.audit.record(
        auditEntry(ctx, actor, {
          action,
          entity: rule.entity,
          entityId: done.id ?? target.id ?? '',
          before: done.before,
          after: done.after,
        }),
      );
      return done.value;
    });
  };
}
