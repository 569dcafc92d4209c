import { Form, redirect } from 'react-router';
import { staffLoginInput } from '../../../domain/staff/staff.schemas';
import { FormResult } from '~/components/admin/kit';
import { afterLogin, staffCookie } from '~/lib/admin';
import { type FormOutcome, intent, staffAction } from '~/lib/admin-action';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import type { Route } from './+types/login';

export async function loader({ request, context }: Route.LoaderArgs) {
  const next = new URL(request.url).searchParams.get('next');
  if (context.ctx.actor.kind === 'staff') throw redirect(afterLogin(next));
  return null;
}

export const action = staffAction('open', {
  login: intent({
    schema: staffLoginInput,
    async run({ input, context, url }) {
      const { token } = await context.services.staffAccounts.logIn(context.ctx, input);
      staffCookie(context).start(token);
      // The visitor cookie sent in may have been planted, and its sessid known: the login goes on with a new one.
      context.session.renew(context.session.newId());
      return redirect(afterLogin(url.searchParams.get('next')));
    },
  }),
});

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Вход в панель управления — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffLogin({ actionData }: Route.ComponentProps) {
  const result = actionData as FormOutcome | undefined;
  // The code of the app is asked for once the account needs it, and kept asked after a wrong one.
  const askCode = result?.code === 'TOTP_REQUIRED' || Boolean(result?.values?.totp);
  return (
    <main className={styles.login}>
      <h1>Вход в панель управления</h1>
      <Form method="post" className={styles.form}>
        <FormResult result={result} id="login-error" />
        <label>
          Email
          <input name="email" type="email" autoComplete="username" required defaultValue={result?.values?.email} />
        </label>
        <label>
          Пароль
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {askCode && (
          <label>
            Код из приложения
            <input name="totp" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" required />
          </label>
        )}
        <button type="submit" className={styles.button}>
          Войти
        </button>
      </Form>
    </main>
  );
}
