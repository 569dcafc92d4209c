import { Form } from 'react-router';
import { isDomainError } from '../../../domain/errors';
import { passwordChangeInput, totpCodeInput } from '../../../domain/staff/staff.schemas';
import { staffCookie, staffPage } from '~/lib/admin';
import { formFields } from '~/lib/cabinet';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import type { Route } from './+types/account';

/** Each member's own page: the password, and the second factor switched on with a QR code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'account.manage');
  return { profile: await context.services.staffAccounts.profile(context.ctx) };
}

interface AccountResult {
  error?: string;
  notice?: string;
  setup?: { secret: string; qr: string };
}

export async function action({ request, context }: Route.ActionArgs): Promise<AccountResult> {
  staffPage(request, context, 'account.manage');
  const { services, ctx } = context;
  const fields = await formFields(request);
  try {
    if (fields.intent === 'password') {
      const input = passwordChangeInput.safeParse(fields);
      if (!input.success) return { error: input.error.issues[0]?.message };
      const token = staffCookie(context).token ?? '';
      await services.staffAccounts.changePassword(ctx, input.data.current, input.data.password, token);
      return { notice: 'Пароль изменён. Другие сеансы завершены.' };
    }
    if (fields.intent === 'totp-setup') {
      const { secret, qrSvg } = await services.staffAccounts.totpSetup(ctx);
      return { setup: { secret, qr: `data:image/svg+xml;base64,${Buffer.from(qrSvg).toString('base64')}` } };
    }
    const input = totpCodeInput.safeParse(fields);
    if (!input.success) return { error: input.error.issues[0]?.message };
    if (fields.intent === 'totp-enable') {
      await services.staffAccounts.totpEnable(ctx, input.data.code);
      return { notice: 'Вход по коду из приложения включён.' };
    }
    await services.staffAccounts.totpDisable(ctx, input.data.code);
    return { notice: 'Вход по коду из приложения выключен.' };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { error: error.message };
  }
}

export const headers = cachePolicy('private');

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const result: AccountResult = actionData ?? {};
  return (
    <>
      <h1>Мой профиль</h1>
      <p>
        {profile.name} · {profile.email}
      </p>
      {result.notice && (
        <p className={styles.notice} role="status">
          {result.notice}
        </p>
      )}
      {result.error && (
        <p className={styles.error} role="alert">
          {result.error}
        </p>
      )}
      <section aria-labelledby="password-title">
        <h2 id="password-title">Пароль</h2>
        <Form method="post" className={styles.form}>
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
          <Form method="post" className={styles.form}>
            <p>Включён. Чтобы выключить, введите текущий код.</p>
            <input type="hidden" name="intent" value="totp-disable" />
            <label>
              Код из приложения
              <input name="code" inputMode="numeric" autoComplete="one-time-code" required />
            </label>
            <button type="submit" className={styles.button}>
              Выключить
            </button>
          </Form>
        ) : result.setup ? (
          <Form method="post" className={styles.form}>
            <p>Отсканируйте QR-код приложением-аутентификатором или введите ключ вручную, затем введите код.</p>
            <img className={styles.qr} src={result.setup.qr} alt="QR-код для приложения-аутентификатора" />
            <p>
              Ключ: <code>{result.setup.secret}</code>
            </p>
            <input type="hidden" name="intent" value="totp-enable" />
            <label>
              Код из приложения
              <input name="code" inputMode="numeric" autoComplete="one-time-code" required />
            </label>
            <button type="submit" className={styles.button}>
              Включить
            </button>
          </Form>
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
    </>
  );
}
