import { DataTable, TableFrame } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import {
  CHART_DAYS,
  chartGeometry,
  type DayFigures,
  type Figures,
  formatChange,
  BEST_SELLER_DAYS,
  RUNNING_OUT_STOCK,
  shortDate,
  weekdayName,
} from '../../../domain/order/dashboard';
import type { Dashboard } from '../../../domain/order/dashboard.service';
import { formatAmount } from '../../../domain/pricing/price';
import { dayCount } from '../../../domain/text/plural';
import { ROLE_TITLES, roleMay } from '../../../domain/staff/permissions';
import { cachePolicy } from '../../../contract/cache-policy';
import { ALERT_TITLES } from '../../../domain/alerts/alerts';
import styles from './admin.module.css';
import type { Route } from './+types/home';

/** The back office's first page: the dashboard for the roles that may read it, a welcome for the others. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = staffPage(request, context, 'account.manage');
  const welcome = { email: member.email, role: ROLE_TITLES[member.role] };
  if (!roleMay(member, 'dashboard.read')) return { ...welcome, dashboard: null, alerts: [] };
  const [dashboard, alerts] = await Promise.all([
    context.services.dashboard.summary(context.ctx),
    context.services.alerts.open(),
  ]);
  return {
    ...welcome,
    dashboard,
    // The owner's open alerts (issue 45.6): the same words as their letters, until each clears.
    alerts: alerts.map((a) => ({ code: a.code, title: ALERT_TITLES[a.code], detail: a.detail })),
  };
}

export const headers = cachePolicy('private');

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { dashboard } = loaderData;
  return (
    <>
      <h1>Панель управления</h1>
      {loaderData.alerts.length > 0 && (
        <section className={styles.banner} aria-labelledby="dash-alerts" role="alert">
          <h2 id="dash-alerts">Требует внимания</h2>
          <ul>
            {loaderData.alerts.map((a) => (
              <li key={a.code}>
                <strong>{a.title}.</strong> {a.detail}
              </li>
            ))}
          </ul>
        </section>
      )}
      {dashboard ? (
        <DashboardView d={dashboard} />
      ) : (
        <p>
          Вы вошли как {loaderData.email} ({loaderData.role}). Разделы, доступные вашей роли, — в меню.
        </p>
      )}
    </>
  );
}

const dayTitle = (date: string) => `${weekdayName(date)} ${shortDate(date)}`;

function DashboardView({ d }: { d: Dashboard }) {
  return (
    <div className={styles.dashboard}>
      <section aria-labelledby="dash-today">
        <h2 id="dash-today">
          Сегодня, {dayTitle(d.date)}, к {d.time}
        </h2>
        <div className={styles.tiles}>
          <Tile title="Заказы" d={d} field="orders" format={String} />
          <Tile title="Выручка" d={d} field="revenue" format={formatAmount} />
        </div>
      </section>

      <section aria-labelledby="dash-queues">
        <h2 id="dash-queues">Очереди заказов</h2>
        <ul className={styles.queues}>
          {d.queues.map((q) => (
            <li key={q.queue}>
              <a href={q.href} className={styles.link}>
                <span>{q.title}</span> <b>{q.count}</b>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="dash-waiting">
        <h2 id="dash-waiting">Ждут дольше обещанного: {d.waiting.total}</h2>
        {d.waiting.items.length === 0 ? (
          <p>Таких заказов нет.</p>
        ) : (
          <TableFrame label="Заказы, которые ждут дольше обещанного">
            <DataTable
              rows={d.waiting.items}
              rowKey={(o) => o.id}
              columns={[
                {
                  title: 'Заказ',
                  cell: (o) => (
                    <a href={o.href} className={styles.link}>
                      {`№\u00a0${o.number}`}
                    </a>
                  ),
                },
                { title: 'Статус', cell: (o) => o.statusName },
                { title: 'Что не так', cell: (o) => o.text },
              ]}
            />
            {d.waiting.total > d.waiting.items.length && (
              <p>
                Показаны самые давние {d.waiting.items.length} из {d.waiting.total}.
              </p>
            )}
          </TableFrame>
        )}
      </section>

      <section aria-labelledby="dash-running-out">
        <h2 id="dash-running-out">Заканчиваются размеры ходовых товаров</h2>
        <p className={styles.muted}>
          Самые продаваемые товары за {dayCount(BEST_SELLER_DAYS)} и их размеры, которых во всех магазинах и на складах
          осталось не больше {RUNNING_OUT_STOCK} шт.
        </p>
        {d.runningOut.length === 0 ? (
          <p>Таких размеров нет.</p>
        ) : (
          <TableFrame label="Заканчивающиеся размеры">
            <DataTable
              rows={d.runningOut.flatMap((p) => p.sizes.map((s) => ({ p, s })))}
              rowKey={({ s }) => s.offerId}
              columns={[
                {
                  title: 'Товар',
                  cell: ({ p }) => (
                    <>
                      <a href={p.url} className={styles.link}>
                        {p.color ? `${p.name}, ${p.color.toLocaleLowerCase('ru')}` : p.name}
                      </a>{' '}
                      <span className={styles.muted}>{`(продано ${p.sold} шт.)`}</span>
                    </>
                  ),
                },
                { title: 'Размер', cell: ({ s }) => s.sizeName },
                { title: 'Осталось, шт.', cell: ({ s }) => s.stock },
                { title: 'Продано размера, шт.', cell: ({ s }) => s.sold },
              ]}
            />
          </TableFrame>
        )}
      </section>

      <section aria-labelledby="dash-chart">
        <h2 id="dash-chart">Заказы и выручка за {dayCount(CHART_DAYS)}</h2>
        <Chart days={d.days} />
      </section>
    </div>
  );
}

/** Today's figure over last week's same day, up to this time and whole, with the change. */
function Tile({
  title,
  d,
  field,
  format,
}: {
  title: string;
  d: Dashboard;
  field: keyof Figures;
  format: (n: number) => string;
}) {
  return (
    <div className={styles.tile}>
      <h3>{title}</h3>
      <p className={styles.big}>{format(d.today[field])}</p>
      <dl>
        <dt>
          {dayTitle(d.weekAgo)}, к {d.time}
        </dt>
        <dd>
          {format(d.sameTime[field])}, разница: {formatChange(d.change.sameTime[field])}
        </dd>
        <dt>{dayTitle(d.weekAgo)}, весь день</dt>
        <dd>
          {format(d.wholeDay[field])}, разница: {formatChange(d.change.wholeDay[field])}
        </dd>
      </dl>
    </div>
  );
}

/** Revenue bars drawn on the server, the orders of each day over its bar; the same figures as a table for readers. */
function Chart({ days }: { days: DayFigures[] }) {
  const g = chartGeometry(days);
  const first = days[0]?.date ?? '';
  const last = days[days.length - 1]?.date ?? '';
  return (
    <figure className={styles.chart}>
      <svg
        viewBox={`0 0 ${g.width} ${g.height}`}
        role="img"
        aria-label={`Выручка по дням с ${shortDate(first)} по ${shortDate(last)}: столбцы; число над столбцом — заказы. Те же цифры — в таблице.`}
      >
        {g.ticks.map((t) => (
          <g key={t.value}>
            <line x1={g.plot.left} x2={g.plot.right} y1={t.y} y2={t.y} className={styles.gridLine} />
            <text x={g.plot.left - 6} y={t.y + 4} textAnchor="end" className={styles.axis}>
              {t.label}
            </text>
          </g>
        ))}
        {g.bars.map((b) => (
          <g key={b.date} data-day={b.date}>
            <rect x={b.x} y={b.y} width={b.width} height={b.height} className={styles.bar}>
              <title>{`${b.label}: заказов ${b.orders}, выручка ${formatAmount(b.revenue)}`}</title>
            </rect>
            <text x={b.centre} y={b.y - 4} textAnchor="middle" className={styles.count}>
              {b.orders}
            </text>
            <text x={b.centre} y={g.plot.bottom + 14} textAnchor="middle" className={styles.axis}>
              {b.label}
            </text>
            <text x={b.centre} y={g.plot.bottom + 28} textAnchor="middle" className={styles.axis}>
              {b.weekday}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className={styles.muted}>
        Столбцы — выручка без отменённых заказов, число над столбцом — заказы.
      </figcaption>
      <table className="visually-hidden">
        <caption>Заказы и выручка по дням</caption>
        <thead>
          <tr>
            <th scope="col">День</th>
            <th scope="col">Заказы</th>
            <th scope="col">Выручка</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{dayTitle(day.date)}</th>
              <td>{day.orders}</td>
              <td>{formatAmount(day.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
