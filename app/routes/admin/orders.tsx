import { Link } from 'react-router';
import { DELIVERY_NAMES, STATUS_NAMES } from '../../../domain/order/process';
import { DESK_QUEUES } from '../../../domain/order/queues';
import { formatAmount } from '../../../domain/pricing/price';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, intent, loaderRefusal, staffAction } from '~/lib/admin-action';
import { BulkBar, PICK_CLASS, SavedViews, SelectAll, SelectRow, useSelection } from '~/components/admin/OrdersBulk';
import { bulkMoveInput } from '../../../domain/order/bulk';
import { saveViewInput } from '../../../domain/order/order-views';
import { DomainError } from '../../../domain/errors';
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
  const [list, shops, views] = await Promise.all([
    services.orderDesk.list(ctx, filter).catch(loaderRefusal),
    member.role === 'shop' ? [] : services.shops.list(ctx),
    services.orderViews.list(ctx),
  ]);
  return { list, filter, views, shops: shops.map((s) => ({ id: s.id, name: `${s.cityName}, ${s.name}` })) };
}

const viewNotFound = () => new DomainError('not_found', 'Вид не найден: обновите страницу.', 'VIEW_NOT_FOUND');

/** The list's bulk move and its saved views (issue 47.7); the move is `orders.move`, checked again by each order's write. */
export const action = staffAction('orders.read', {
  move: intent({
    read: (form) => ({ ids: form.list('ids'), to: form.text('to'), reason: form.text('reason') }),
    schema: bulkMoveInput,
    async run({ input, context }) {
      const bulk = await context.services.orderBulk.move(context.ctx, input);
      return { bulk };
    },
  }),
  'view-save': intent({
    read: (form) => ({ name: form.text('name'), shared: form.text('shared'), query: form.text('query') }),
    schema: saveViewInput,
    async run({ input, context }) {
      const view = await context.services.orderViews.save(context.ctx, input);
      return `Вид «${view.name}» сохранён${view.shared ? ' для всей команды' : ''}.`;
    },
  }),
  'view-delete': intent({
    async run({ form, context }) {
      await context.services.orderViews.remove(context.ctx, form.id('id', viewNotFound));
      return 'Вид удалён.';
    },
  }),
});

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Заказы — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

const DESK_PATH = '/admin/orders/';

export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  const { when } = useStaffClock();
  const { list, filter, shops, views } = loaderData;
  const result = actionData as FormOutcome | undefined;
  const selection = useSelection(list.items.map((o) => o.id));
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
      <SavedViews views={views} current={exportQuery.replace(/^\?/, '')} result={result} />
      {/* Kept after a move that emptied the list: its answer is there. */}
      {(list.items.length > 0 || result?.intent === 'move') && <BulkBar selection={selection} result={result} />}
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
              title: <SelectAll selection={selection} count={list.items.length} />,
              className: PICK_CLASS,
              cell: (o) => <SelectRow selection={selection} id={o.id} number={o.number} />,
            },
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
