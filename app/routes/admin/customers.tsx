import { Link } from 'react-router';
import { formatCard } from '../../../domain/cabinet/discount-card';
import { CUSTOMER_KINDS, customerSearchInput } from '../../../domain/customers/customers-admin.schemas';
import { staffPage } from '~/lib/admin';
import { loaderRefusal } from '~/lib/admin-action';
import { useStaffClock } from '~/lib/staff-clock';
import { cachePolicy } from '../../../contract/cache-policy';
import { Choice, DataTable, deskBoundary, ListFrame, pageHref, phoneText } from '~/components/admin/kit';
import desk from './orders.module.css';
import css from './customers.module.css';
import type { Route } from './+types/customers';

const LIST_PATH = '/admin/customers/';

/** The customers (issue 28.5): search by name, phone in any format, email or card number; pages in the address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'customers.read');
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = customerSearchInput.safeParse({ q: params.q, who: params.who, page: params.page });
  const search = parsed.success ? parsed.data : { q: params.q?.slice(0, 100) };
  const list = await context.services.customersAdmin.list(context.ctx, search).catch(loaderRefusal);
  // The filter's choices travel with the page: its module keeps zod on the server.
  return { list, q: search.q ?? '', who: ('who' in search && search.who) || '', kinds: CUSTOMER_KINDS };
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Покупатели — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { when } = useStaffClock();
  const { list, q, who, kinds } = loaderData;
  const query = { ...(q ? { q } : {}), ...(who ? { who } : {}) };
  return (
    <>
      <h1>Покупатели</h1>
      <ListFrame
        label="Поиск покупателей"
        search
        filters={
          <>
            <label>
              Имя, телефон, email или номер карты
              <input
                name="q"
                type="search"
                defaultValue={q}
                placeholder="Иванова, +7 900 123-45-67, anna@…"
                className={css.search}
              />
            </label>
            <Choice label="Кто" name="who" value={who} options={kinds} all="все" />
          </>
        }
        resetTo={q || who ? LIST_PATH : undefined}
        found={`Найдено покупателей: ${list.total}`}
        empty="Покупателей по этому запросу нет."
        paged={{ ...list, href: (page) => pageHref(LIST_PATH, query, page) }}
      >
        <DataTable
          className={desk.list}
          caption={`Покупатели, страница ${list.page}`}
          rows={list.items}
          rowKey={(c) => c.id}
          columns={[
            {
              title: 'Покупатель',
              cell: (c) => (
                <>
                  <Link to={`${LIST_PATH}${c.id}/`} className={desk.link}>
                    {c.name || 'Без имени'}
                  </Link>
                  {c.email && <div className={desk.muted}>{c.email}</div>}
                </>
              ),
            },
            { title: 'Телефон', className: desk.nowrap, cell: (c) => (c.phone ? phoneText(c.phone) : '—') },
            { title: 'Карта', className: desk.nowrap, cell: (c) => (c.card ? formatCard(c.card) : '—') },
            { title: 'Заказов', className: css.number, cell: (c) => c.ordersCount },
            {
              title: 'Последний заказ',
              className: desk.nowrap,
              cell: (c) => (c.lastOrderAt ? when(c.lastOrderAt) : '—'),
            },
            {
              title: 'Статус',
              cell: (c) =>
                c.kind === 'guest' ? (
                  <span className={css.active}>гость, без учётной записи</span>
                ) : c.blocked ? (
                  <span className={css.blocked}>Заблокирован</span>
                ) : (
                  <span className={css.active}>активен</span>
                ),
            },
          ]}
        />
      </ListFrame>
    </>
  );
}

export const ErrorBoundary = deskBoundary('Покупатели', { to: '/admin/customers/', label: 'К поиску покупателей' });
