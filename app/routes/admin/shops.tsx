import { Link } from 'react-router';
import { TYPE_NAMES } from '../../../domain/stores/shops-admin';
import { ListFrame } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { cachePolicy } from '../../../contract/cache-policy';
import admin from './admin.module.css';
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
        <table className={admin.table}>
          <caption className="visually-hidden">Магазины и склады</caption>
          <thead>
            <tr>
              <th scope="col">Город</th>
              <th scope="col">Название</th>
              <th scope="col">Тип</th>
              <th scope="col">Адрес</th>
              <th scope="col">Бронирование</th>
            </tr>
          </thead>
          <tbody>
            {shops.map((s) => (
              <tr key={s.id}>
                <td>{s.cityName}</td>
                <td>
                  <Link className={styles.link} to={`/admin/shops/${s.id}/`}>
                    {s.name}
                  </Link>
                </td>
                <td>{TYPE_NAMES[s.type] ?? s.type}</td>
                <td>{s.address}</td>
                <td>{s.reservable ? <span className={styles.yes}>да</span> : 'нет'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListFrame>
    </>
  );
}
