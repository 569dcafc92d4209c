import { Form } from 'react-router';
import { staffPage } from '~/lib/admin';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import type { Route } from './+types/audit';

/** A `YYYY-MM-DD` filter date as the start of that day in Moscow, or undefined. */
function day(value: string | null, plusDays = 0): Date | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const at = new Date(`${value}T00:00:00+03:00`);
  return Number.isNaN(at.getTime()) ? undefined : new Date(at.getTime() + plusDays * 86400_000);
}

/** The audit log: every staff write, filtered by staff member, entity and dates (kept in the address). */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'audit.read');
  const q = new URL(request.url).searchParams;
  const staffId = /^\d{1,9}$/.test(q.get('staffId') ?? '') ? Number(q.get('staffId')) : undefined;
  const { services, ctx } = context;
  const [items, staff] = await Promise.all([
    services.staffTeam.audit(ctx, {
      staffId,
      entity: q.get('entity') || undefined,
      entityId: q.get('entityId') || undefined,
      from: day(q.get('from')),
      to: day(q.get('to'), 1),
      limit: 200,
    }),
    services.staffTeam.list(ctx).catch(() => []),
  ]);
  const filters = Object.fromEntries(['staffId', 'entity', 'entityId', 'from', 'to'].map((k) => [k, q.get(k) ?? '']));
  return { items, staff: staff.map((s) => ({ id: s.id, email: s.email })), filters };
}

export const headers = cachePolicy('private');

const when = (iso: string) =>
  new Date(iso).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'short', timeStyle: 'medium' });

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { items, staff, filters } = loaderData;
  return (
    <>
      <h1>Журнал действий</h1>
      <Form method="get" className={styles.filters}>
        <label>
          Сотрудник
          <select name="staffId" defaultValue={filters.staffId}>
            <option value="">все</option>
            {staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.email}
              </option>
            ))}
          </select>
        </label>
        <label>
          Объект
          <input name="entity" defaultValue={filters.entity} placeholder="staff, order…" />
        </label>
        <label>
          Номер объекта
          <input name="entityId" defaultValue={filters.entityId} />
        </label>
        <label>
          С даты
          <input name="from" type="date" defaultValue={filters.from} />
        </label>
        <label>
          По дату
          <input name="to" type="date" defaultValue={filters.to} />
        </label>
        <button type="submit" className={styles.button}>
          Показать
        </button>
      </Form>
      {items.length === 0 ? (
        <p>Записей нет.</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Когда (МСК)</th>
              <th scope="col">Кто</th>
              <th scope="col">Адрес</th>
              <th scope="col">Действие</th>
              <th scope="col">Объект</th>
              <th scope="col">Изменения</th>
            </tr>
          </thead>
          <tbody>
            {items.map((e) => (
              <tr key={e.id}>
                <td>{when(e.at)}</td>
                <td>{e.staff.email}</td>
                <td>{e.client}</td>
                <td>{e.action}</td>
                <td>
                  {e.entity} {e.entityId}
                </td>
                <td>
                  {Object.entries(e.changes).map(([field, c]) => (
                    <div key={field}>
                      {field}: {JSON.stringify(c.before)} → {JSON.stringify(c.after)}
                    </div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
