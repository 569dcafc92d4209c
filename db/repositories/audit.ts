import { sql } from 'drizzle-orm';
import type { AuditFilter, AuditReader, AuditView, AuditWrites, FieldChange } from '../../domain/staff/audit';
import { type Db, queryRows, ts } from '../client';

interface AuditRow {
  id: number;
  at: string | Date;
  staff_id: number | null;
  staff_email: string;
  client: string;
  action: string;
  entity: string;
  entity_id: string;
  changes: Record<string, FieldChange> | string;
}

/** The filter's conditions on `audit_log`. */
function whereOf(f: Omit<AuditFilter, 'limit' | 'offset'>) {
  const where = [sql`true`];
  if (f.staffId !== undefined) where.push(sql`staff_id = ${f.staffId}`);
  if (f.entity) where.push(sql`entity = ${f.entity}`);
  if (f.entityId) where.push(sql`entity_id = ${f.entityId}`);
  if (f.from) where.push(sql`at >= ${ts(f.from)}`);
  if (f.to) where.push(sql`at < ${ts(f.to)}`);
  return sql.join(where, sql` and `);
}

/** The audit log: written inside the unit of work of each staff write, read by the owner's audit page. */
export function auditRepository(db: Db): AuditWrites & AuditReader {
  return {
    async record(e) {
      await db.execute(sql`
        insert into audit_log (at, staff_id, staff_email, client, action, entity, entity_id, changes)
        values (${ts(e.at)}, ${e.staffId}, ${e.staffEmail}, ${e.client}, ${e.action}, ${e.entity}, ${e.entityId},
          ${JSON.stringify(e.changes)}::jsonb)`);
    },

    async list(f) {
      const rows = await queryRows<AuditRow>(
        db,
        sql`select id, at, staff_id, staff_email, client, action, entity, entity_id, changes from audit_log
          where ${whereOf(f)} order by at desc, id desc limit ${f.limit} offset ${f.offset ?? 0}`,
      );
      return rows.map(
        (r): AuditView => ({
          id: Number(r.id),
          at: new Date(r.at).toISOString(),
          staff: { id: r.staff_id === null ? null : Number(r.staff_id), email: r.staff_email },
          client: r.client,
          action: r.action,
          entity: r.entity,
          entityId: r.entity_id,
          changes: typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes,
        }),
      );
    },

    async count(f) {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from audit_log where ${whereOf(f)}`,
      );
      return Number(row?.n ?? 0);
    },
  };
}
