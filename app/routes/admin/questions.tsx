import { data, Link } from 'react-router';
import { TOPICS } from '../../../domain/feedback/topics';
import { questionFilterInput } from '../../../domain/feedback/questions-admin.schemas';
import { ListFrame, phoneText } from '~/components/admin/kit';
import { pageHref } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { cachePolicy } from '../../../contract/cache-policy';
import admin from './admin.module.css';
import styles from './shops.module.css';
import { useStaffClock } from '~/lib/staff-clock';
import type { Route } from './+types/questions';

/** The questions inbox (issue 28.4): unanswered first, then answered, newest first; by topic, state and a search. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'content.edit');
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = questionFilterInput.safeParse(params);
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? 'Проверьте фильтр.', { status: 400 });
  const list = await context.services.questionsAdmin.list(context.ctx, parsed.data);
  return { list, filter: parsed.data };
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Вопросы покупателей — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

const excerpt = (text: string) => (text.length > 140 ? `${text.slice(0, 140)}…` : text);

export default function Questions({ loaderData }: Route.ComponentProps) {
  const { when: at } = useStaffClock();
  const when = (iso: string) => at(iso, 'shortDayTime');
  const { list, filter } = loaderData;
  const { page: _page, ...shown } = filter;
  const filterQuery = Object.fromEntries(Object.entries(shown).filter(([, v]) => v)) as Record<string, string>;
  return (
    <>
      <div className={styles.head}>
        <h1>Вопросы покупателей</h1>
        <span className={styles.muted}>{`Без ответа: ${list.unanswered}`}</span>
      </div>
      <ListFrame
        label="Фильтр вопросов"
        resetTo={filter.state || filter.topic || filter.q ? '/admin/questions/' : undefined}
        found={`Найдено: ${list.total}`}
        empty="Вопросов не нашлось."
        count={list.items.length}
        pager={{ page: list.page, pages: list.pages, href: (page) => pageHref('/admin/questions/', filterQuery, page) }}
        filters={
          <>
            <label>
              Состояние
              <select name="state" defaultValue={filter.state ?? ''}>
                <option value="">Все</option>
                <option value="new">Без ответа</option>
                <option value="answered">С ответом</option>
              </select>
            </label>
            <label>
              Тема
              <select name="topic" defaultValue={filter.topic ?? ''}>
                <option value="">Все темы</option>
                {Object.entries(TOPICS).map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Поиск
              <input
                type="search"
                name="q"
                maxLength={100}
                defaultValue={filter.q ?? ''}
                placeholder="Имя, почта, текст, № заказа"
              />
            </label>
          </>
        }
      >
        <table className={admin.table}>
          <caption className="visually-hidden">Вопросы покупателей</caption>
          <thead>
            <tr>
              <th scope="col">№</th>
              <th scope="col">Когда</th>
              <th scope="col">Покупатель</th>
              <th scope="col">Тема</th>
              <th scope="col">Вопрос</th>
              <th scope="col">Состояние</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((q) => (
              <tr key={q.id}>
                <td>
                  <Link className={styles.link} to={`/admin/questions/${q.id}/`}>
                    <span className="visually-hidden">Вопрос </span>
                    {q.id}
                  </Link>
                </td>
                <td>{when(q.createdAt)}</td>
                <td>
                  {q.name}
                  <div className={styles.muted}>{q.email || phoneText(q.phone)}</div>
                </td>
                <td>{q.topicName}</td>
                <td className={styles.excerpt}>{excerpt(q.message)}</td>
                <td>
                  <span className={styles.state} data-answered={q.answer !== null}>
                    {q.answer !== null ? 'Есть ответ' : 'Ждёт ответа'}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListFrame>
    </>
  );
}
