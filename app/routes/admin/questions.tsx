import { data, Link } from 'react-router';
import { TOPICS } from '../../../domain/feedback/topics';
import { questionFilterInput } from '../../../domain/feedback/questions-admin.schemas';
import { Choice, DataTable, ListFrame, pageHref, phoneText } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { cachePolicy } from '../../../contract/cache-policy';
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

const STATES = { new: 'Без ответа', answered: 'С ответом' };
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
        paged={{ ...list, href: (page) => pageHref('/admin/questions/', filterQuery, page) }}
        filters={
          <>
            <Choice label="Состояние" name="state" value={filter.state} options={STATES} all="Все" />
            <Choice label="Тема" name="topic" value={filter.topic} options={TOPICS} all="Все темы" />
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
        <DataTable
          caption="Вопросы покупателей"
          rows={list.items}
          rowKey={(q) => q.id}
          columns={[
            {
              title: '№',
              cell: (q) => (
                <Link className={styles.link} to={`/admin/questions/${q.id}/`}>
                  <span className="visually-hidden">Вопрос </span>
                  {q.id}
                </Link>
              ),
            },
            { title: 'Когда', cell: (q) => when(q.createdAt) },
            {
              title: 'Покупатель',
              cell: (q) => (
                <>
                  {q.name}
                  <div className={styles.muted}>{q.email || phoneText(q.phone)}</div>
                </>
              ),
            },
            { title: 'Тема', cell: (q) => q.topicName },
            { title: 'Вопрос', className: styles.excerpt, cell: (q) => excerpt(q.message) },
            {
              title: 'Состояние',
              cell: (q) => (
                <span className={styles.state} data-answered={q.answer !== null}>
                  {q.answer !== null ? 'Есть ответ' : 'Ждёт ответа'}
                </span>
              ),
            },
          ]}
        />
      </ListFrame>
    </>
  );
}
