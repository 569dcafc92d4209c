import { Form, Link } from 'react-router';
import { markReadInput, notificationsQuery } from '../../../domain/staff-notifications/schemas';
import { FormResult, Pager, pageHref } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, intent, loaderRefusal, staffAction } from '~/lib/admin-action';
import { useStaffClock } from '~/lib/staff-clock';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import n from '~/components/admin/notifications.module.css';
import type { Route } from './+types/notifications';

/**
 * «Уведомления» (issue 47.1): what the member heard about — new and paid orders, shoppers' questions, orders waiting
 * past their time, sizes running out — newest first, the unread marked; each marked read by its link or all at once.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'account.manage');
  const url = new URL(request.url);
  const query = notificationsQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw new Response(query.error.issues[0]?.message ?? 'Неверный адрес.', { status: 400 });
  try {
    const list = await context.services.staffNotifications.list(context.ctx, query.data);
    return { ...list, onlyUnread: query.data.unread === '1', search: url.search };
  } catch (error) {
    loaderRefusal(error);
  }
}

export const action = staffAction('account.manage', {
  read: intent({
    schema: markReadInput,
    async run({ input, context }) {
      const { marked } = await context.services.staffNotifications.markRead(context.ctx, input.ids ?? []);
      return marked ? 'Отмечено прочитанным.' : 'Уже прочитано.';
    },
  }),
  'read-all': intent({
    async run({ context }) {
      const { marked } = await context.services.staffNotifications.markRead(context.ctx);
      return marked ? `Прочитано: ${marked}.` : 'Непрочитанных нет.';
    },
  }),
});

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Уведомления — ВЬЮГА' }];
}

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { items, unread, page, pages, onlyUnread, search } = loaderData;
  const { when } = useStaffClock();
  return (
    <>
      <h1>Уведомления</h1>
      <p role="status">{unread ? `Непрочитанных: ${unread}` : 'Непрочитанных нет.'}</p>
      <FormResult result={actionData as FormOutcome | undefined} />
      <p>
        {onlyUnread ? (
          <Link className={styles.link} to="/admin/notifications/">
            Показать все
          </Link>
        ) : (
          <Link className={styles.link} to="/admin/notifications/?unread=1">
            Только непрочитанные
          </Link>
        )}{' '}
        ·{' '}
        <Link className={styles.link} to="/admin/account/#notifications-title">
          Настроить письма и Telegram
        </Link>
      </p>
      {unread > 0 && (
        <Form method="post">
          <input type="hidden" name="intent" value="read-all" />
          <button type="submit" className={styles.button}>
            Отметить все прочитанными
          </button>
        </Form>
      )}
      {items.length === 0 ? (
        <p>Уведомлений пока нет.</p>
      ) : (
        <ul className={n.list} aria-label="Уведомления, новые сверху">
          {items.map((item) => (
            <li key={item.id} className={item.read ? n.item : `${n.item} ${n.unread}`}>
              <span className={n.title}>
                {item.read ? '' : <span className="visually-hidden">Новое: </span>}
                {item.link ? (
                  <Link className={styles.link} to={item.link}>
                    {item.title}
                  </Link>
                ) : (
                  item.title
                )}
              </span>
              {item.body && <span>{item.body}</span>}
              <span className={n.when}>{when(item.createdAt)}</span>
              {!item.read && (
                <Form method="post" className={styles.rowForm}>
                  <input type="hidden" name="intent" value="read" />
                  <input type="hidden" name="ids" value={item.id} />
                  <button type="submit" className={styles.button} aria-label={`Прочитано: ${item.title}`}>
                    Прочитано
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} href={(p) => pageHref('/admin/notifications/', search, p)} />
    </>
  );
}
