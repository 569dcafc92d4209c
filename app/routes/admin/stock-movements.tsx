import { data, Link } from 'react-router';
import { movementsQueryInput } from '../../../domain/inventory/stock-documents.schemas';
import { orderNumber } from '../../../domain/order/process';
import { DataTable, ListFrame } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { loaderRefusal } from '~/lib/admin-action';
import { useStaffClock } from '~/lib/staff-clock';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import own from './stock.module.css';
import type { Route } from './+types/stock-movements';

/** The movement history of a size in a store (issue 28.2), newest first, 100 a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'stock.adjust');
  const { services, ctx } = context;
  const url = new URL(request.url);
  const parsed = movementsQueryInput.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? 'Проверьте адрес.', { status: 400 });
  const q = parsed.data;
  // Another shop's history: the same 403 as the API.
  const page = await services.stockAdmin.movements(ctx, q).catch(loaderRefusal);
  const offer =
    q.offerId === undefined
      ? null
      : await services.stockAdmin.table(ctx, { offerId: q.offerId, storeId: q.storeId }).catch(() => null);
  // The order as the staff know it (its number), worked out here so the page's JavaScript stays small.
  const items = page.items.map((m) => ({ ...m, orderNumber: m.orderId === null ? null : orderNumber(m.orderId) }));
  return { ...page, items, query: q, offer };
}

export const headers = cachePolicy('private');

export default function StockMovements({ loaderData }: Route.ComponentProps) {
  const { when } = useStaffClock();
  const { items, next, query, offer } = loaderData;
  const size = offer?.sizes[0];
  const more = new URLSearchParams();
  if (query.offerId !== undefined) more.set('offerId', String(query.offerId));
  if (query.storeId !== undefined) more.set('storeId', String(query.storeId));
  if (next !== null) more.set('before', String(next));
  return (
    <>
      <h1>История остатков</h1>
      <p>
        {offer ? (
          <>
            <Link className={styles.link} to={`/admin/stock/?productId=${offer.product.id}`}>
              {offer.product.name}
            </Link>
            {size ? `, размер ${size.sizeName}` : ''}
          </>
        ) : (
          'Все товары'
        )}
        {query.storeId !== undefined && offer?.stores[0] ? ` · ${offer.stores[0].name}` : ''}
      </p>
      <ListFrame
        label="Движения остатков"
        found={`Движений на странице: ${items.length}`}
        empty="Движений нет."
        count={items.length}
      >
        <DataTable
          className={own.cells}
          caption="Движения остатков, новые сверху"
          rows={items}
          rowKey={(m) => m.id}
          columns={[
            { title: 'Время', cell: (m) => when(m.at) },
            { title: 'Операция', cell: (m) => m.kindTitle },
            {
              title: 'Изменение',
              // The sign's colour is the row's: on the text, as a column's class is the same for every row.
              cell: (m) => (
                <span className={m.delta > 0 ? own.plus : own.minus}>
                  {m.delta > 0 ? `+${m.delta}` : `−${-m.delta}`}
                </span>
              ),
            },
            { title: 'Стало', cell: (m) => m.quantity },
            query.storeId === undefined && { title: 'Склад', cell: (m) => m.storeName },
            { title: 'Причина', cell: (m) => m.reason || '—' },
            { title: 'Сотрудник', cell: (m) => m.staff ?? '—' },
            {
              title: 'Заказ',
              cell: (m) =>
                m.orderId === null ? (
                  '—'
                ) : (
                  <Link className={styles.link} to={`/admin/orders/${m.orderId}/`}>
                    № {m.orderNumber}
                  </Link>
                ),
            },
          ]}
        />
      </ListFrame>
      {next !== null && (
        <p>
          <Link className={styles.link} to={`/admin/stock/movements/?${more}`}>
            Более ранние движения
          </Link>
        </p>
      )}
    </>
  );
}
