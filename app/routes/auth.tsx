import { useEffect } from 'react';
import { Form, redirect, redirectDocument } from 'react-router';
import { loginInput, passwordForgotInput } from '../../domain/auth/credentials.schemas';
import { phoneCodeCheckInput, phoneCodeSendInput } from '../../domain/auth/phone-codes.schemas';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { type LoginResult, LoginForms } from '~/components/account/LoginForms';
import { reachGoal } from '~/lib/analytics';
import { safeBackurl } from '~/lib/backurl';
import { formFields } from '~/lib/form-fields';
import { firstIssue, formFailure, typedValues } from '~/lib/form-errors';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/auth';
import styles from './auth.module.css';

/** Spec §2 /auth/: the login page; a logged-in visitor goes straight on. */
export function loader({ request, context }: Route.LoaderArgs) {
  const backurl = safeBackurl(new URL(request.url).searchParams.get('backurl'));
  if (context.ctx.actor.kind === 'user') throw redirect(backurl);
  return { backurl };
}

/**
 * Every way in, as plain form posts (they work without JavaScript) and from the login popup; a login moves the
 * session to a new id and reloads the page (spec §4: the header, basket and prices change with the user).
 */
export async function action({ request, context }: Route.ActionArgs): Promise<LoginResult | Response> {
  const { services, ctx, session } = context;
  const fields = await formFields(request);
  const intent = fields.intent;
  const backurl = safeBackurl(fields.backurl);
  const values = typedValues(fields);
  const fail = (tab: LoginResult['tab'], failure: { field: string; error: string }, extra: LoginResult = {}) => ({
    tab,
    values,
    ...extra,
    ...failure,
  });
  try {
    if (intent === 'password') {
      const input = loginInput.safeParse(fields);
      if (!input.success) return fail('password', firstIssue(input.error));
      const id = session.newId();
      await services.credentials.logIn(ctx, input.data.login, input.data.password, id);
      session.renew(id);
      return redirectDocument(backurl);
    }
    if (intent === 'code-send') {
      const input = phoneCodeSendInput.safeParse(fields);
      if (!input.success) return fail('code', firstIssue(input.error));
      const { phone, resendAfter } = await services.phoneCodes.send(ctx, input.data.phone);
      return { tab: 'code', step: 'code', phone, resendAfter, notice: 'Код отправлен в SMS.' };
    }
    if (intent === 'code-check') {
      const input = phoneCodeCheckInput.safeParse({ ...fields, login: 'Y' });
      if (!input.success) return fail('code', firstIssue(input.error), { step: 'code', phone: fields.phone });
      const { loginUserId } = await services.phoneCodes.check(ctx, input.data.phone, input.data.code, true);
      if (loginUserId === null)
        return fail('code', {
          field: 'phone',
          error: 'Телефон подтверждён, но аккаунта с ним нет. Зарегистрируйтесь — номер уже проверен.',
        });
      const id = session.newId();
      await services.sessionUser.logIn(ctx, loginUserId, id);
      session.renew(id);
      return redirectDocument(backurl);
    }
    if (intent === 'forgot') {
      const input = passwordForgotInput.safeParse(fields);
      if (!input.success) return fail('password', firstIssue(input.error), { step: 'forgot-sent' });
      const { message } = await services.credentials.requestPasswordReset(ctx, input.data.email);
      return { tab: 'password', step: 'forgot-sent', notice: message };
    }
    return fail('password', { field: 'form', error: 'Обновите страницу и попробуйте ещё раз.' });
  } catch (error) {
    const failure = formFailure(error);
    const tab = intent === 'password' || intent === 'forgot' ? 'password' : 'code';
    return fail(tab, failure, intent === 'code-check' ? { step: 'code', phone: fields.phone } : {});
  }
}

export const headers = cachePolicy('private');

export function meta() {
  return [
    { title: `Вход в личный кабинет — ${SHOP_NAME}` },
    { name: 'description', content: 'Вход в личный кабинет магазина ВЬЮГА по SMS-коду или паролю.' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  useEffect(() => reachGoal('login page'), []);
  const result = actionData && !(actionData instanceof Response) ? actionData : undefined;
  return (
    <main id="main" className={`container ${styles.page}`}>
      <h1 className={styles.title}>Вход</h1>
      <p className={styles.text}>Войдите, чтобы видеть заказы, бонусы и сохранённые адреса.</p>
      {result?.field === 'form' && (
        <p className={styles.error} role="alert">
          {result.error}
        </p>
      )}
      <LoginForms Form={Form} result={result} backurl={loaderData.backurl} />
    </main>
  );
}
