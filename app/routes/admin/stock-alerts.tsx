import { Link } from 'react-router';
import { DataTable, ListFrame } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import type { Route } from './+types/stock-alerts';

/**
 * «Ждут поступления» (issue 44.1): how many shoppers wait for each sold-out size, most first — the buyer's signal for
 * the next order in 1C. The same rows as `GET /api/v2/admin/stock-subscriptions/`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'catalog.edit');
  return { items: await context.services.stockAlerts.waiting() };
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Ждут поступления' }];
}

export default function StockAlertsDesk({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  const total = items.reduce((sum, r) => sum + r.waiting, 0);
  return (
    <>
      <h1>Ждут поступления</h1>
      <p>Покупатели подписались на размеры, которых нет в наличии. Когда размер придёт, каждому уйдёт одно сообщение.</p>
      <ListFrame
        label="Подписки на поступление"
        found={`Размеров: ${items.length}, подписчиков: ${total}`}
        empty="Никто не ждёт поступления."
        count={items.length}
      >
        <DataTable
          caption="Подписки на поступление по товарам и размерам, больше всего ждущих сверху"
          rows={items}
          rowKey={(r) => r.offerId}
          columns={[
            {
              title: 'Товар',
              cell: (r) => (
                <Link className={styles.link} to={`/admin/products/${r.productId}/`}>
                  {r.productName}
                </Link>
              ),
            },
            { title: 'Артикул', cell: (r) => r.article },
            { title: 'Размер', cell: (r) => r.sizeName },
            { title: 'Ждут', cell: (r) => String(r.waiting) },
            { title: 'Из них не подтвердили почту', cell: (r) => String(r.pending) },
          ]}
        />
      </ListFrame>
    </>
  );
}
