import { Link } from 'react-router';
import { TYPE_NAMES } from '../../../domain/stores/shops-admin';
import { DataTable, ListFrame } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './shops.module.css';
import type { Route } from './+types/shops';

/** The shops' data (issue 28.4): every store with its city, type, address and whether it takes reservations. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'content.edit');
  return { shops: await context.services.shopsAdmin.list(context.ctx) };
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Магазины — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

export default function Shops({ loaderData }: Route.ComponentProps) {
  const { shops } = loaderData;
  return (
    <>
      <h1>Магазины</h1>
      <ListFrame label="Магазины" found={`Всего: ${shops.length}`} empty="Магазинов нет." count={shops.length}>
        <DataTable
          caption="Магазины и склады"
          rows={shops}
          rowKey={(s) => s.id}
          columns={[
            { title: 'Город', cell: (s) => s.cityName },
            {
              title: 'Название',
              cell: (s) => (
                <Link className={styles.link} to={`/admin/shops/${s.id}/`}>
                  {s.name}
                </Link>
              ),
            },
            { title: 'Тип', cell: (s) => TYPE_NAMES[s.type] ?? s.type },
            { title: 'Адрес', cell: (s) => s.address },
            { title: 'Бронирование', cell: (s) => (s.reservable ? <span className={styles.yes}>да</span> : 'нет') },
          ]}
        />
      </ListFrame>
    </>
  );
}
