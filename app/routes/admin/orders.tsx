import { Link } from 'react-router';
import { DELIVERY_NAMES, STATUS_NAMES } from '../../../domain/order/process';
import { DESK_QUEUES } from '../../../domain/order/queues';
import { formatAmount } from '../../../domain/pricing/price';
import { staffPage } from '~/lib/admin';
import { loaderRefusal } from '~/lib/admin-action';
import { deskFilter, deskQuery, SORTS } from '~/lib/admin-orders';
import { useStaffClock } from '~/lib/staff-clock';
import { STAFF_API } from '../../../contract/staff-api';
import { cachePolicy } from '../../../contract/cache-policy';
import { Choice, DataTable, DayRange, deskBoundary, ListFrame, pageHref, phoneText } from '~/components/admin/kit';
import desk from './orders.module.css';
import type { Route } from './+types/orders';

/** The orders desk (issue 25.3): queues as tabs, search, filters, sort and pages, all in the address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = staffPage(request, context, 'orders.read');
  const filter = deskFilter(new URL(request.url).searchParams);
  const { services, ctx } = context;
  // A `shop` member's desk is their shop's alone (the service scopes it): no shop to choose.
  const [list, shops] = await Promise.all([
    services.orderDesk.list(ctx, filter).catch(loaderRefusal),
    member.role === 'shop' ? [] : services.shops.list(ctx),
  ]);
  return { list, filter, shops: shops.map((s) => ({ id: s.id, name: `${s.cityName}, ${s.name}` })) };
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Заказы — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

const DESK_PATH = '/admin/orders/';

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { when } = useStaffClock();
  const { list, filter, shops } = loaderData;
  const all = Object.values(list.counts).reduce((sum, n) => sum + n, 0);
  const tabs = [
    { queue: undefined, title: 'Все', count: all },
    ...DESK_QUEUES.map((q) => ({ queue: q.queue, title: q.title, count: list.queues[q.queue] })),
  ];
  const exportQuery = deskQuery(filter, { page: '' });
  return (
    <>
      <div className={desk.head}>
        <h1>Заказы</h1>
        <a className={desk.export} href={`${STAFF_API.ordersCsv}${exportQuery}`} download>
          Скачать CSV
        </a>
      </div>
      <nav aria-label="Очереди заказов">
        <ul className={desk.tabs}>
          {tabs.map((t) => (
            <li key={t.title}>
              <Link
                to={`${DESK_PATH}${deskQuery(filter, { queue: t.queue ?? '', status: '', page: '' })}`}
                aria-current={filter.queue === t.queue ? 'page' : undefined}
              >
                {t.title} <span className={desk.count}>{t.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListFrame
        label="Фильтры заказов"
        filters={
          <>
            {filter.queue && <input type="hidden" name="queue" value={filter.queue} />}
            <label>
              Поиск
              <input
                name="q"
                type="search"
                defaultValue={filter.q}
                placeholder="номер, телефон, email, имя"
                className={desk.search}
              />
            </label>
            <Choice label="Статус" name="status" value={filter.status} options={STATUS_NAMES} all="все" />
            <Choice
              label="Доставка"
              name="deliveryType"
              value={filter.deliveryType}
              options={DELIVERY_NAMES}
              all="все"
            />
            {shops.length > 0 && (
              <Choice
                label="Магазин"
                name="shopId"
                value={filter.shopId}
                options={shops}
                all="все"
                className={desk.shop}
              />
            )}
            <DayRange from={filter.from} to={filter.to} />
            <Choice label="Порядок" name="sort" value={filter.sort ?? 'new'} options={SORTS} />
          </>
        }
        resetTo={`${DESK_PATH}${deskQuery({ queue: filter.queue })}`}
        found={`Найдено заказов: ${list.total}`}
        empty="Заказов по этим условиям нет."
        paged={{ ...list, href: (page) => pageHref(DESK_PATH, deskQuery(filter), page) }}
      >
        <DataTable
          className={desk.list}
          caption={`Заказы, страница ${list.page}`}
          rows={list.items}
          rowKey={(o) => o.id}
          columns={[
            {
              title: 'Номер',
              className: desk.nowrap,
              cell: (o) => (
                <Link to={`/admin/orders/${o.id}/`} className={desk.link}>
                  {`№ ${o.number}`}
                </Link>
              ),
            },
            { title: 'Дата', className: desk.nowrap, cell: (o) => when(o.createdAt) },
            {
              title: 'Покупатель',
              cell: (o) => (
                <>
                  <div>{o.customer.name}</div>
                  <div className={desk.muted}>{phoneText(o.customer.phone)}</div>
                  {o.customer.email && <div className={desk.muted}>{o.customer.email}</div>}
                </>
              ),
            },
            {
              title: 'Получение',
              cell: (o) => (
                <>
                  <div>{o.deliveryName}</div>
                  <div className={desk.muted}>{o.place}</div>
                </>
              ),
            },
            { title: 'Сумма', className: `${desk.amount} price`, cell: (o) => formatAmount(o.total) },
            {
              title: 'Статус',
              cell: (o) => (
                <>
                  <span className={desk.status} data-status={o.status}>
                    {o.statusName}
                  </span>
                  {o.overdue && <div className={desk.overdue}>не подтверждён вовремя</div>}
                </>
              ),
            },
          ]}
        />
      </ListFrame>
    </>
  );
}

export const ErrorBoundary = deskBoundary('Заказы');
