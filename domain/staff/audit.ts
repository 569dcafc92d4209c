import type { RequestContext } from '../context';
import type { StaffMember } from './staff-member';

/** A changed field: its value before and after (null where it did not exist). */
export type FieldChange = { before: unknown; after: unknown };

/** One staff write, as the audit log keeps it. */
export interface AuditEntry {
  at: Date;
  staffId: number | null;
  staffEmail: string;
  /** The client address the write came from. */
  client: string;
  /** What was done, `entity.verb`: `staff.invite`, `staff.password`, `order.move`… */
  action: string;
  entity: string;
  entityId: string;
  changes: Record<string, FieldChange>;
}

/** Where a staff write puts its entry: in the unit of work of the change, so both commit or neither. */
export interface AuditWrites {
  record(entry: AuditEntry): Promise<void>;
}

export interface AuditFilter {
  staffId?: number;
  entity?: string;
  entityId?: string;
  /** Entries at or after `from` and before `to`. */
  from?: Date;
  to?: Date;
  limit: number;
  /** Entries to pass over, newest first (a later page of the log). */
  offset?: number;
}

export interface AuditView {
  id: number;
  at: string;
  staff: { id: number | null; email: string };
  client: string;
  action: string;
  entity: string;
  entityId: string;
  changes: Record<string, FieldChange>;
}

export interface AuditReader {
  list(filter: AuditFilter): Promise<AuditView[]>;
  count(filter: Omit<AuditFilter, 'limit' | 'offset'>): Promise<number>;
}

/** The fields that differ between `before` and `after` (a value compared as JSON). */
export function changesOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    const was = before?.[key] ?? null;
    const now = after?.[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[key] = { before: was, after: now };
  }
  return changes;
}

/**
 * The entry of a write by `ctx`'s staff member (or `by`, when the request has none yet: a member accepting their
 * invitation acts as themselves). Secrets (hashes, TOTP keys) are never passed here, only whether they changed.
 */
export function auditEntry(
  ctx: Pick<RequestContext, 'client' | 'now'>,
  by: Pick<StaffMember, 'staffId' | 'email'> | null,
  what: {
    action: string;
    entity: string;
    entityId: string | number;
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
  },
): AuditEntry {
  return {
    at: ctx.now(),
    staffId: by?.staffId ?? null,
    staffEmail: by?.email ?? 'система',
    client: ctx.client,
    action: what.action,
    entity: what.entity,
    entityId: String(what.entityId),
    changes: changesOf(what.before ?? null, what.after ?? null),
  };
}
