import { ShopLink } from '~/components/ui/ShopLink';
import { PASSWORD_MIN } from '../../../domain/auth/password';
import { CONSENT_TEXTS } from '../../../domain/consent/consent';
import { reachGoal } from '~/lib/analytics';
import type { FormComponent } from './LoginForms';
import { Field } from './LoginForms';
import styles from './AccountForms.module.css';

/** What the register action answers when it does not redirect. */
export interface RegisterResult {
  field?: string;
  error?: string;
  values?: Record<string, string>;
  /** Set when a popup registered the visitor: the popup closes and, where the shop says so, shows the email notice. */
  registered?: { email: string; emailConfirmNotice: boolean };
}

/**
 * The registration form (spec §2 /auth/register/ and /auth/registerdc/): the page posts it as a plain form, the
 * popup through a fetcher with `place=popup`, so the action answers the popup instead of redirecting.
 */
export function RegisterForm({
  Form,
  action,
  result,
  backurl,
  place,
}: {
  Form: FormComponent;
  action: string;
  result?: RegisterResult;
  backurl: string;
  place: 'page' | 'popup';
}) {
  const consent = CONSENT_TEXTS.registration;
  const [before, after] = consent.text.split(consent.link.text);
  return (
    <>
      {result?.field === 'form' && (
        <p className={styles.error} role="alert">
          {result.error}
        </p>
      )}
      <Form method="post" action={action} className={styles.form} onSubmit={() => reachGoal('register')}>
        <input type="hidden" name="backurl" value={backurl} />
        <input type="hidden" name="place" value={place} />
        <Field name="name" label="Имя" autoComplete="given-name" required result={result} />
        <Field name="lastName" label="Фамилия" autoComplete="family-name" result={result} />
        <Field name="email" label="Email" type="email" autoComplete="email" required result={result} />
        <Field
          name="phone"
          label="Телефон"
          type="tel"
          autoComplete="tel"
          placeholder="+7 900 123-45-67"
          result={result}
        />
        <Field
          name="password"
          label="Пароль"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`Не короче ${PASSWORD_MIN} символов и не из списка самых частых.`}
          result={result}
        />
        <label className={styles.check}>
          <input
            type="checkbox"
            name="agree"
            value="Y"
            required
            aria-invalid={result?.field === 'agree' || undefined}
          />
          <span>
            {before}
            <ShopLink to={consent.link.href}>{consent.link.text}</ShopLink>
            {after}
          </span>
        </label>
        {result?.field === 'agree' && (
          <p className={styles.error} role="alert">
            {result.error}
          </p>
        )}
        <label className={styles.check}>
          <input type="checkbox" name="subscribe" value="Y" defaultChecked={result?.values?.subscribe === 'Y'} />
          <span>Присылать новости и скидки</span>
        </label>
        <button type="submit" className={styles.button}>
          Зарегистрироваться
        </button>
      </Form>
    </>
  );
}
