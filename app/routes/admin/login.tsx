import { data, Form, redirect } from 'react-router';
import { isDomainError } from '../../../domain/errors';
import { staffLoginInput } from '../../../domain/staff/staff.schemas';
import { afterLogin, staffCookie } from '~/lib/admin';
import { formFields } from '~/lib/cabinet';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import type { Route } from './+types/login';

export async function loader({ request, context }: Route.LoaderArgs) {
  const next = new URL(request.url).searchParams.get('next');
  if (context.ctx.actor.kind === 'staff') throw redirect(afterLogin(next));
  return null;
}

interface LoginResult {
  error?: string;
  email?: string;
  askCode?: boolean;
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await formFields(request);
  const input = staffLoginInput.safeParse(fields);
  if (!input.success) {
    const result: LoginResult = {
      error: input.error.issues[0]?.message,
      email: fields.email,
      askCode: Boolean(fields.totp),
    };
    return data(result, { status: 400 });
  }
  try {
    const { token } = await context.services.staffAccounts.logIn(context.ctx, input.data);
    staffCookie(context).start(token);
    return redirect(afterLogin(new URL(request.url).searchParams.get('next')));
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const askCode = error.code === 'TOTP_REQUIRED' || Boolean(input.data.totp);
    const result: LoginResult = { error: error.message, email: input.data.email, askCode };
    // As the login call answers: 429 with the wait over the limit, 401 for a wrong email, password or code. (The
    // page bundle has its own copy of the domain's classes, so the error is told by its kind, not `instanceof`.)
    if (error.kind === 'rate_limited') {
      const wait = (error as { retryAfterS?: number }).retryAfterS ?? 60;
      return data(result, { status: 429, headers: { 'Retry-After': String(wait) } });
    }
    return data(result, { status: error.kind === 'validation' ? 400 : 401 });
  }
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Вход в панель управления — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffLogin({ actionData }: Route.ComponentProps) {
  const result: LoginResult = actionData ?? {};
  return (
    <main className={styles.login}>
      <h1>Вход в панель управления</h1>
      <Form method="post" className={styles.form}>
        {result.error && (
          <p className={styles.error} role="alert" id="login-error">
            {result.error}
          </p>
        )}
        <label>
          Email
          <input name="email" type="email" autoComplete="username" required defaultValue={result.email} />
        </label>
        <label>
          Пароль
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {result.askCode && (
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
