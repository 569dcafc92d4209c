import { type ComponentType, useEffect, useId, useState } from 'react';
import type { FormProps } from 'react-router';
import { reachGoal } from '~/lib/analytics';
import { AuthLink } from './AuthLink';
import styles from './AccountForms.module.css';

/** What the /auth/ action answers when it does not redirect: the step reached and a message by its field. */
export interface LoginResult {
  tab?: 'code' | 'password';
  step?: 'code' | 'forgot-sent';
  phone?: string;
  resendAfter?: number;
  field?: string;
  error?: string;
  notice?: string;
  /** What was typed (never a password), to fill the form again after a plain POST. */
  values?: Record<string, string>;
}

/** React Router's `Form`, or a fetcher's (inside the login dialog). */
export type FormComponent = ComponentType<FormProps>;

/**
 * The two ways in (spec §2 /auth/): by SMS code and by password, as an accessible tablist. Plain forms that post to
 * the /auth/ action: they work without JavaScript, and inside the login dialog through a fetcher.
 */
export function LoginForms({ Form, result, backurl }: { Form: FormComponent; result?: LoginResult; backurl: string }) {
  // Posting to /auth/ with the same backurl keeps it in the address the form answer shows.
  const action = `/auth/?backurl=${encodeURIComponent(backurl)}`;
  const [tab, setTab] = useState<'code' | 'password'>(result?.tab ?? 'code');
  const [forgot, setForgot] = useState(false);
  const id = useId();
  useEffect(() => {
    if (result?.tab) setTab(result.tab);
  }, [result]);
  const tabs = [
    ['code', 'По SMS-коду'],
    ['password', 'По паролю'],
  ] as const;
  return (
    <div>
      <div role="tablist" aria-label="Способ входа" className={styles.tabs}>
        {tabs.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${id}-${key}-tab`}
            aria-selected={tab === key}
            aria-controls={`${id}-${key}`}
            tabIndex={tab === key ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(key)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') setTab(tab === 'code' ? 'password' : 'code');
            }}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-code`} aria-labelledby={`${id}-code-tab`} hidden={tab !== 'code'}>
        <CodeLogin Form={Form} result={result?.tab === 'code' ? result : undefined} backurl={backurl} action={action} />
      </div>
      <div role="tabpanel" id={`${id}-password`} aria-labelledby={`${id}-password-tab`} hidden={tab !== 'password'}>
        {forgot || result?.step === 'forgot-sent' ? (
          <Form method="post" action={action} className={styles.form}>
            <input type="hidden" name="intent" value="forgot" />
            <Field name="email" label="Email аккаунта" type="email" autoComplete="email" result={result} />
            {result?.notice && (
              <p className={styles.notice} role="status">
                {result.notice}
              </p>
            )}
            <button type="submit" className={styles.button}>
              Прислать ссылку
            </button>
            <button type="button" className={styles.linkButton} onClick={() => setForgot(false)}>
              Вспомнил пароль
            </button>
          </Form>
        ) : (
          <Form method="post" action={action} className={styles.form}>
            <input type="hidden" name="intent" value="password" />
            <input type="hidden" name="backurl" value={backurl} />
            <Field name="login" label="Email или телефон" autoComplete="username" result={result} />
            <Field name="password" label="Пароль" type="password" autoComplete="current-password" result={result} />
            <button type="submit" className={styles.button}>
              Войти
            </button>
            <button type="button" className={styles.linkButton} onClick={() => setForgot(true)}>
              Забыли пароль?
            </button>
          </Form>
        )}
      </div>
      <p className={styles.switch}>
        Нет аккаунта? {/* Spec §4: the «register» action opens the registration popup (the page without JavaScript). */}
        <AuthLink dialog="register" to={`/auth/register/?backurl=${encodeURIComponent(backurl)}`}>
          Зарегистрироваться
        </AuthLink>
      </p>
    </div>
  );
}

function CodeLogin({
  Form,
  result,
  backurl,
  action,
}: {
  Form: FormComponent;
  result?: LoginResult;
  backurl: string;
  action: string;
}) {
  const [left, setLeft] = useState(0);
  const sent = result?.step === 'code';
  useEffect(() => {
    if (!sent) return;
    reachGoal('send code');
    setLeft(result?.resendAfter ?? 60);
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [sent, result?.resendAfter]);
  return (
    <Form method="post" action={action} className={styles.form}>
      <input type="hidden" name="backurl" value={backurl} />
      <Field
        name="phone"
        label="Телефон"
        type="tel"
        autoComplete="tel"
        placeholder="+7 900 123-45-67"
        defaultValue={result?.phone}
        result={result}
      />
      {sent && (
        <Field name="code" label="Код из SMS" inputMode="numeric" autoComplete="one-time-code" result={result} />
      )}
      {result?.notice && (
        <p className={styles.notice} role="status">
          {result.notice}
        </p>
      )}
      {sent ? (
        <>
          <button type="submit" name="intent" value="code-check" className={styles.button}>
            Войти
          </button>
          <button type="submit" name="intent" value="code-send" className={styles.linkButton} disabled={left > 0}>
            {left > 0 ? `Новый код через ${left} с` : 'Прислать код ещё раз'}
          </button>
        </>
      ) : (
        <button type="submit" name="intent" value="code-send" className={styles.button}>
          Получить код
        </button>
      )}
    </Form>
  );
}

/** A labelled input that shows the server's message for its field and keeps what was typed. */
export function Field({
  name,
  label,
  result,
  hint,
  ...input
}: {
  name: string;
  label: string;
  result?: { field?: string; error?: string; values?: Record<string, string> };
  hint?: string;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const invalid = result?.field === name;
  return (
    <label className={styles.field}>
      {label}
      <input
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : hint ? `${id}-hint` : undefined}
        defaultValue={input.type === 'password' ? undefined : result?.values?.[name]}
        {...input}
      />
      {hint && !invalid && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {invalid && (
        <span id={`${id}-error`} className={styles.error} role="alert">
          {result?.error}
        </span>
      )}
    </label>
  );
}
