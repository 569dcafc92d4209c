import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { passwordChangeInput, totpCodeInput } from '../../../domain/staff/staff.schemas';
import { FormResult } from '~/components/admin/kit';
import { staffCookie, staffPage } from '~/lib/admin';
import { type FormOutcome, intent, staffAction } from '~/lib/admin-action';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import { NotificationSwitches } from '~/components/admin/notification-switches';
import { notificationPrefsInput } from '../../../domain/staff-notifications/schemas';
import type { Route } from './+types/account';

/** Each member's own page: the password, and the second factor switched on with a QR code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'account.manage');
  const [profile, notifications] = await Promise.all([
    context.services.staffAccounts.profile(context.ctx),
    context.services.staffNotifications.prefs(context.ctx),
  ]);
  return { profile, notifications };
}

export const action = staffAction('account.manage', {
  notifications: intent({
    schema: notificationPrefsInput,
    async run({ input, context }) {
      await context.services.staffNotifications.setPrefs(context.ctx, input);
      return 'Уведомления сохранены.';
    },
  }),
  password: intent({
    schema: passwordChangeInput,
    async run({ input, context }) {
      const token = staffCookie(context).token ?? '';
      await context.services.staffAccounts.changePassword(context.ctx, input.current, input.password, token);
      return 'Пароль изменён. Другие сеансы завершены.';
    },
  }),
  'totp-setup': intent({
    async run({ context }) {
      const { secret, qrSvg } = await context.services.staffAccounts.totpSetup(context.ctx);
      return { setup: { secret, qr: `data:image/svg+xml;base64,${Buffer.from(qrSvg).toString('base64')}` } };
    },
  }),
  'totp-enable': intent({
    schema: totpCodeInput,
    async run({ input, context }) {
      await context.services.staffAccounts.totpEnable(context.ctx, input.code);
      return 'Вход по коду из приложения включён.';
    },
  }),
  'totp-disable': intent({
    schema: totpCodeInput,
    async run({ input, context }) {
      await context.services.staffAccounts.totpDisable(context.ctx, input.code);
      return 'Вход по коду из приложения выключен.';
    },
  }),
});

export const headers = cachePolicy('private');

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const result = actionData as (FormOutcome & { setup?: { secret: string; qr: string } }) | undefined;
  return (
    <>
      <h1>Мой профиль</h1>
      <p>
        {profile.name} · {profile.email}
      </p>
      <FormResult result={result} />
      <section aria-labelledby="password-title">
        <h2 id="password-title">Пароль</h2>
        {/* Emptied once the password is changed: nothing typed stays on the page. */}
        <Form method="post" className={styles.form} key={result?.intent === 'password' ? result.done : undefined}>
          <input type="hidden" name="intent" value="password" />
          <label>
            Текущий пароль
            <input name="current" type="password" autoComplete="current-password" required />
          </label>
          <label>
            Новый пароль
            <input name="password" type="password" autoComplete="new-password" required minLength={8} />
          </label>
          <button type="submit" className={styles.button}>
            Сменить пароль
          </button>
        </Form>
      </section>
      <section aria-labelledby="totp-title">
        <h2 id="totp-title">Вход по коду из приложения</h2>
        {profile.totp ? (
          <CodeForm intent="totp-disable" submit="Выключить">
            <p>Включён. Чтобы выключить, введите текущий код.</p>
          </CodeForm>
        ) : result?.setup ? (
          <CodeForm intent="totp-enable" submit="Включить">
            <p>Отсканируйте QR-код приложением-аутентификатором или введите ключ вручную, затем введите код.</p>
            <img className={styles.qr} src={result.setup.qr} alt="QR-код для приложения-аутентификатора" />
            <p>
              Ключ: <code>{result.setup.secret}</code>
            </p>
          </CodeForm>
        ) : (
          <Form method="post">
            <p>Выключен: для входа нужен только пароль.</p>
            <input type="hidden" name="intent" value="totp-setup" />
            <button type="submit" className={styles.button}>
              Включить вход по коду
            </button>
          </Form>
        )}
      </section>
      <NotificationSwitches
        {...loaderData.notifications}
        key={result?.intent === 'notifications' ? result.done : undefined}
      />
    </>
  );
}

/** A form that posts `intent` with the code the authenticator app shows now, under what `children` say. */
function CodeForm({ intent, submit, children }: { intent: string; submit: string; children: ReactNode }) {
  return (
    <Form method="post" className={styles.form}>
      {children}
      <input type="hidden" name="intent" value={intent} />
      <label>
        Код из приложения
        <input name="code" inputMode="numeric" autoComplete="one-time-code" required />
      </label>
      <button type="submit" className={styles.button}>
        {submit}
      </button>
    </Form>
  );
}
