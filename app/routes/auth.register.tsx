import { Form, Link, redirect, useLocation } from 'react-router';
import { registerInput } from '../../domain/auth/accounts.schemas';
import { PASSWORD_MIN } from '../../domain/auth/password';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { CONSENT_TEXTS } from '../../domain/consent/consent';
import { Field } from '~/components/account/LoginForms';
import styles from '~/components/account/AccountForms.module.css';
import { reachGoal } from '~/lib/analytics';
import { safeBackurl } from '~/lib/backurl';
import { firstIssue, formFailure, typedValues } from '~/lib/form-errors';
import type { Route } from './+types/auth.register';
import page from './auth.module.css';

const withCard = (url: URL) => url.pathname.startsWith('/auth/registerdc');

/** Spec §2 /auth/register/ and /auth/registerdc/ (with a discount card; it then goes on to /lk/dc/). */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const card = withCard(url);
  const backurl = safeBackurl(url.searchParams.get('backurl') ?? (card ? '/lk/dc/' : null));
  if (context.ctx.actor.kind === 'user') throw redirect(backurl);
  return { backurl, card };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, ctx, session } = context;
  const form = await request.formData().catch(() => new FormData());
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  if (withCard(new URL(request.url))) fields.discountCard = 'Y';
  const values = typedValues(form);
  const input = registerInput.safeParse(fields);
  if (!input.success) return { values, ...firstIssue(input.error) };
  try {
    const id = session.newId();
    await services.accounts.register(ctx, input.data, id);
    session.renew(id);
  } catch (error) {
    return { values, ...formFailure(error) };
  }
  return redirect(safeBackurl(fields.backurl));
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export function meta({ data }: Route.MetaArgs) {
  const title = data?.card ? 'Регистрация с дисконтной картой' : 'Регистрация';
  return [{ title: `${title} — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { backurl, card } = loaderData;
  const location = useLocation();
  const consent = CONSENT_TEXTS.registration;
  const [before, after] = consent.text.split(consent.link.text);
  return (
    <main id="main" className={`container ${page.page}`}>
      <h1 className={page.title}>{card ? 'Регистрация с дисконтной картой' : 'Регистрация'}</h1>
      <p className={page.text}>
        {card
          ? 'Зарегистрируйтесь, и карта со скидкой 5 % появится в личном кабинете сразу.'
          : 'Аккаунт хранит заказы, адреса и бонусы. Письмо для подтверждения email придёт сразу.'}
      </p>
      {actionData?.field === 'form' && (
        <p className={styles.error} role="alert">
          {actionData.error}
        </p>
      )}
      <Form
        method="post"
        action={`${location.pathname}${location.search}`}
        className={styles.form}
        onSubmit={() => reachGoal('register')}
      >
        <input type="hidden" name="backurl" value={backurl} />
        <Field name="name" label="Имя" autoComplete="given-name" required result={actionData} />
        <Field name="lastName" label="Фамилия" autoComplete="family-name" result={actionData} />
        <Field name="email" label="Email" type="email" autoComplete="email" required result={actionData} />
        <Field
          name="phone"
          label="Телефон"
          type="tel"
          autoComplete="tel"
          placeholder="+7 900 123-45-67"
          result={actionData}
        />
        <Field
          name="password"
          label="Пароль"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`Не короче ${PASSWORD_MIN} символов и не из списка самых частых.`}
          result={actionData}
        />
        <label className={styles.check}>
          <input
            type="checkbox"
            name="agree"
            value="Y"
            required
            aria-invalid={actionData?.field === 'agree' || undefined}
          />
          <span>
            {before}
            <Link to={consent.link.href}>{consent.link.text}</Link>
            {after}
          </span>
        </label>
        {actionData?.field === 'agree' && (
          <p className={styles.error} role="alert">
            {actionData.error}
          </p>
        )}
        <label className={styles.check}>
          <input type="checkbox" name="subscribe" value="Y" />
          <span>Присылать новости и скидки</span>
        </label>
        <button type="submit" className={styles.button}>
          Зарегистрироваться
        </button>
      </Form>
      <p className={styles.switch}>
        Уже есть аккаунт? <Link to={`/auth/?backurl=${encodeURIComponent(backurl)}`}>Войти</Link>
      </p>
    </main>
  );
}
