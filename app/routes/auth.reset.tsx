import { ShopLink } from '~/components/ui/ShopLink';
import { Form } from 'react-router';
import { PASSWORD_MIN } from '../../domain/auth/password';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { isDomainError } from '../../domain/errors';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/auth.reset';
import styles from './auth.module.css';

/** The page the password-reset letter links to: a new password for the one-use token of the link. */
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

/** A plain form POST, so it works without JavaScript; the service's Russian message goes back by the field. */
export async function action({ request, context }: Route.ActionArgs) {
  // A body that is not a form (a script, a broken client) reads as an empty form: the answer says what is missing.
  const form = await request.formData().catch(() => new FormData());
  const token = String(form.get('token') ?? '');
  const password = String(form.get('password') ?? '');
  try {
    const { message } = await context.services.credentials.resetPassword(context.ctx, token.slice(0, 200), password);
    return { done: message, error: null };
  } catch (error) {
    if (isDomainError(error)) return { done: null, error: error.message };
    throw error;
  }
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: `Новый пароль — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function PasswordReset({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.done)
    return (
      <main id="main" className={`container ${styles.page}`}>
        <h1 className={styles.title}>Пароль изменён</h1>
        <p className={styles.done} role="status">
          {actionData.done}
        </p>
        <ShopLink className={styles.button} to="/auth/">
          Войти
        </ShopLink>
      </main>
    );
  return (
    <main id="main" className={`container ${styles.page}`}>
      <h1 className={styles.title}>Новый пароль</h1>
      <p className={styles.text}>
        Придумайте пароль не короче {PASSWORD_MIN} символов, который вы нигде больше не используете.
      </p>
      <Form method="post" className={styles.form}>
        <input type="hidden" name="token" value={loaderData.token} />
        <label className={styles.field}>
          Новый пароль
          <input
            type="password"
            name="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            aria-invalid={actionData?.error ? true : undefined}
            aria-describedby={actionData?.error ? 'reset-error' : undefined}
          />
        </label>
        {actionData?.error && (
          <p id="reset-error" className={styles.error} role="alert">
            {actionData.error}
          </p>
        )}
        <button type="submit" className={styles.button}>
          Сохранить пароль
        </button>
      </Form>
    </main>
  );
}
