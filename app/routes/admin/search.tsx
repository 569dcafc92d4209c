import { Link } from 'react-router';
import { staffPage } from '~/lib/admin';
import { loaderRefusal } from '~/lib/admin-action';
import { SEARCH_GROUPS } from '~/components/admin/DeskSearch';
import { cachePolicy } from '../../../contract/cache-policy';
import { DESK_QUERY_MAX } from '../../../domain/search/desk-query';
import css from '../../components/admin/DeskSearch.module.css';
import styles from './admin.module.css';
import type { Route } from './+types/search';

/** How many of each group the results page shows; the rest are in the group's own list. */
const PAGE_LIMIT = 20;

/** The whole results of the back office's search (issue 47.3): the box at the top searches, this page lists. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'account.manage');
  const q = (new URL(request.url).searchParams.get('q') ?? '').slice(0, DESK_QUERY_MAX);
  const result = await context.services.deskSearch.search(context.ctx, q, PAGE_LIMIT).catch(loaderRefusal);
  return { result };
}

export const headers = cachePolicy('private');

export function meta({ data }: Route.MetaArgs) {
  const q = data?.result.q;
  return [{ title: q ? `Поиск «${q}» — ВЬЮГА` : 'Поиск — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData;
  const groups = SEARCH_GROUPS.flatMap(([key, title]) => {
    const group = result[key];
    return group ? [{ key, title, group }] : [];
  });
  return (
    <>
      <h1>{result.q ? `Поиск «${result.q}»` : 'Поиск'}</h1>
      {!result.q ? (
        <p className={styles.muted}>
          Введите в поле выше номер заказа, телефон в любом виде, email, трек-номер, название или артикул товара,
          штрихкод, код 1С или имя покупателя.
        </p>
      ) : groups.length === 0 ? (
        <p className={styles.muted}>Вашей роли поиск недоступен: нет разделов заказов, товаров или покупателей.</p>
      ) : (
        groups.map(({ key, title, group }) => (
          <section key={key} aria-labelledby={`found-${key}`} className={css.found}>
            <h2 id={`found-${key}`}>
              {title}: {group.total === 0 ? 'не найдено' : `найдено ${group.total}`}
            </h2>
            {group.items.length > 0 && (
              <ul className={css.results}>
                {group.items.map((item) => (
                  <li key={item.href}>
                    <Link to={item.href} className={styles.link}>
                      {item.title}
                    </Link>
                    <div className={css.detail}>{item.detail}</div>
                  </li>
                ))}
              </ul>
            )}
            {group.total > group.items.length && (
              <p>
                <Link to={group.more} className={styles.link}>
                  Все {group.total} — в списке «{title}»
                </Link>
              </p>
            )}
          </section>
        ))
      )}
    </>
  );
}
