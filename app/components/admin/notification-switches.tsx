import { Form } from 'react-router';
import type { NotificationSwitch } from '../../../domain/staff-notifications/notifications.service';
import styles from '../../routes/admin/admin.module.css';
import n from './notifications.module.css';

/**
 * «Уведомления» on «Мой профиль» (issue 47.1): one switch per kind — a message (a letter, or a Telegram message when
 * a chat is given) or only the badge — and the member's Telegram chat. Posts the intent `notifications`.
 */
export function NotificationSwitches(props: { switches: NotificationSwitch[]; telegramChatId: string }) {
  return (
    <section aria-labelledby="notifications-title">
      <h2 id="notifications-title">Уведомления</h2>
      <p>
        Всё, что касается вашей роли и магазина, видно на странице «Уведомления» и в счётчике меню. Отмеченное ниже
        приходит ещё и сообщением: письмом или в Telegram, если указан чат.
      </p>
      <Form method="post" className={styles.form}>
        <input type="hidden" name="intent" value="notifications" />
        <fieldset className={n.switches}>
          <legend>Присылать сообщение</legend>
          {props.switches.map((s) => (
            <label key={s.kind} className={n.switch}>
              <input type="checkbox" name={s.kind} defaultChecked={s.enabled} />
              {s.title}
            </label>
          ))}
        </fieldset>
        <label>
          Чат Telegram (номер чата с ботом магазина; пусто — письмом)
          <input name="telegramChatId" defaultValue={props.telegramChatId} inputMode="numeric" autoComplete="off" />
        </label>
        <button type="submit" className={styles.button}>
          Сохранить уведомления
        </button>
      </Form>
    </section>
  );
}
