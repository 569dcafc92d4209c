import { Link } from 'react-router';
import { localMidnight } from '../../../domain/delivery/schedule';
import { Choice, DataTable, DayRange, ListFrame, pageHref } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { AUDIT_ENTITIES, auditChanges, auditTarget, auditTitle } from '~/lib/audit-entries';
import { useStaffClock } from '~/lib/staff-clock';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import type { Route } from './+types/audit';

const PATH = '/admin/audit/';
const FILTERS = ['staffId', 'entity', 'entityId', 'from', 'to'] as const;

/** A `YYYY-MM-DD` filter day, or undefined. */
const dayOf = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The audit log: every staff write as a sentence, filtered by member, kind of thing and days (kept in the address). */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'audit.read');
  const q = new URL(request.url).searchParams;
  const staffId = /^\d{1,9}$/.test(q.get('staffId') ?? '') ? Number(q.get('staffId')) : undefined;
  const page = /^\d{1,6}$/.test(q.get('page') ?? '') ? Math.max(1, Number(q.get('page'))) : 1;
  const { services, ctx } = context;
  // The days are the member's own calendar days, as the page shows the times.
  const timeZone = await services.staffAccounts.timeZone(ctx);
  const from = dayOf(q.get('from'));
  const to = dayOf(q.get('to'));
  const [log, staff] = await Promise.all([
    services.staffTeam.auditPage(
      ctx,
      {
        staffId,
        entity: q.get('entity') || undefined,
        entityId: q.get('entityId') || undefined,
        from: from ? localMidnight(from, timeZone) : undefined,
        to: to ? localMidnight(nextDay(to), timeZone) : undefined,
      },
      page,
    ),
    services.staffTeam.list(ctx).catch(() => []),
  ]);
  const filters = Object.fromEntries(FILTERS.map((k) => [k, q.get(k) ?? '']));
  const entries = log.items.map((e) => ({
    id: e.id,
    at: e.at,
    who: e.staff.email,
    client: e.client,
    title: auditTitle(e.action),
    target: auditTarget(e),
    changes: auditChanges(e),
  }));
  return { entries, total: log.total, page: log.page, pages: log.pages, staff, filters };
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Журнал действий — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pages, staff, filters } = loaderData;
  const { when, zone } = useStaffClock();
  const filtered = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>;
  return (
    <>
      <h1>Журнал действий</h1>
      <ListFrame
        label="Фильтр журнала"
        filters={
          <>
            <Choice
              label="Сотрудник"
              name="staffId"
              value={filters.staffId}
              options={staff.map((s) => ({ id: s.id, name: s.email }))}
              all="все"
            />
            <Choice label="Что менялось" name="entity" value={filters.entity} options={AUDIT_ENTITIES} all="всё" />
            <label>
              Номер
              <input name="entityId" defaultValue={filters.entityId} inputMode="numeric" />
            </label>
            <DayRange from={filters.from} to={filters.to} />
          </>
        }
        resetTo={Object.keys(filtered).length > 0 ? PATH : undefined}
        found={`Записей: ${total}`}
        empty="Записей нет."
        paged={{ items: entries, page, pages, href: (p) => pageHref(PATH, filtered, p) }}
      >
        <DataTable
          caption={`Действия сотрудников, время ${zone}`}
          rows={entries}
          rowKey={(e) => e.id}
          columns={[
            { title: 'Когда', cell: (e) => <time dateTime={e.at}>{when(e.at, 'dateTimeSeconds')}</time> },
            {
              title: 'Кто',
              cell: (e) => (
                <>
                  {e.who}
                  <div className={styles.muted}>{e.client}</div>
                </>
              ),
            },
            {
              title: 'Что сделано',
              cell: (e) => (
                <>
                  {`${e.title}: `}
                  {e.target.href ? (
                    <Link className={styles.link} to={e.target.href}>
                      {e.target.label}
                    </Link>
                  ) : (
                    e.target.label
                  )}
                  {e.changes.length > 0 && (
                    <ul className={styles.muted}>
                      {e.changes.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  )}
                </>
              ),
            },
          ]}
        />
      </ListFrame>
    </>
  );
}
