import { useEffect, useId, useState } from 'react';
import { CONSENT_TEXTS } from '../../../domain/consent/consent';
import { TOPICS } from '../../../domain/feedback/topics';
import { getApi, postApi } from '~/lib/api';
import { useVisitor } from '~/lib/visitor';
import styles from './FeedbackForm.module.css';

const consent = CONSENT_TEXTS.feedback;
const [before, after] = consent.text.split(consent.link.text);

/** What a plain (no JavaScript) post of the contacts page answered: the fields back, and a message. */
export interface FeedbackResult {
  values?: Record<string, string>;
  error?: string;
  field?: string;
  message?: string;
}

/**
 * The feedback form of the contacts page and of the «Задать вопрос» dialogs. With JavaScript it posts
 * `/api/v2/feedback/add/` and stays put; without, it is a plain form to `/contacts/`. What was typed is kept on an
 * error, and the server's message stands by its field.
 */
export function FeedbackForm({
  result,
  orderNumber = '',
  start,
}: {
  result?: FeedbackResult;
  orderNumber?: string;
  /** The signed start a private page rendered with the form; a dialog on a shared page asks for its own. */
  start?: string;
}) {
  const id = useId();
  const user = useVisitor()?.user;
  const [startToken, setStartToken] = useState(start ?? '');
  useEffect(() => {
    if (start !== undefined) return;
    getApi('feedbackStart', new URLSearchParams()).then((answer) => {
      if (answer.ok) setStartToken(answer.data.startToken);
    });
  }, [start]);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<FeedbackResult | undefined>(result);
  const values = answer?.values ?? {};
  const fieldError = (name: string) => (answer?.error && answer.field === name ? answer.error : undefined);
  const formError =
    answer?.error &&
    !['name', 'email', 'phone', 'topic', 'orderNumber', 'message', 'agree'].includes(answer.field ?? '')
      ? answer.error
      : undefined;

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
    setBusy(true);
    const sent = await postApi('feedbackAdd', fields);
    setBusy(false);
    if (sent.ok) {
      form.reset();
      setAnswer({ message: sent.data.message });
    } else setAnswer({ values: fields, error: sent.message, field: fieldOf(sent.code) });
  };

  if (answer?.message)
    return (
      <p className={styles.done} role="status">
        {answer.message}
      </p>
    );
  const field = (
    name: string,
    label: string,
    { defaultValue, ...props }: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => {
    const error = fieldError(name);
    return (
      <label className={styles.field}>
        {label}
        <input
          name={name}
          defaultValue={values[name] ?? defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          {...props}
        />
        {error && (
          <span id={`${id}-${name}-error`} className={styles.error} role="alert">
            {error}
          </span>
        )}
      </label>
    );
  };
  return (
    <form method="post" action="/contacts/" className={styles.form} onSubmit={submit} noValidate>
      {/* The server's signed time the page gave the form out: the minimum fill time is counted from it. */}
      <input type="hidden" name="startToken" value={startToken} />
      {/* The honeypot: hidden from people and screen readers; a program that fills every field gives itself away. */}
      <div className={styles.trap} aria-hidden="true">
        <label>
          Сайт
          <input name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {field('name', 'Как к вам обращаться', {
        autoComplete: 'name',
        maxLength: 100,
        required: true,
        defaultValue: user?.name ?? '',
      })}
      <div className={styles.pair}>
        {field('email', 'Email', {
          type: 'email',
          autoComplete: 'email',
          maxLength: 254,
          defaultValue: user?.email ?? '',
        })}
        {field('phone', 'Телефон', {
          type: 'tel',
          autoComplete: 'tel',
          maxLength: 40,
          placeholder: '+7 900 123-45-67',
          defaultValue: user?.phone ?? '',
        })}
      </div>
      <p className={styles.hint}>Укажите email или телефон — туда придёт ответ.</p>
      <div className={styles.pair}>
        <label className={styles.field}>
          Тема
          <select name="topic" defaultValue={values.topic ?? 'order'}>
            {Object.entries(TOPICS).map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {field('orderNumber', 'Номер заказа (если есть)', {
          inputMode: 'numeric',
          maxLength: 9,
          defaultValue: orderNumber,
        })}
      </div>
      <label className={styles.field}>
        Вопрос
        <textarea
          name="message"
          rows={5}
          maxLength={3000}
          required
          defaultValue={values.message ?? ''}
          aria-invalid={fieldError('message') ? true : undefined}
          aria-describedby={fieldError('message') ? `${id}-message-error` : undefined}
        />
        {fieldError('message') && (
          <span id={`${id}-message-error`} className={styles.error} role="alert">
            {fieldError('message')}
          </span>
        )}
      </label>
      <label className={styles.agree}>
        <input type="checkbox" name="agree" value="Y" required defaultChecked={values.agree === 'Y'} />
        <span>
          {before}
          <a href={consent.link.href}>{consent.link.text}</a>
          {after}
        </span>
      </label>
      {fieldError('agree') && (
        <p className={styles.error} role="alert">
          {fieldError('agree')}
        </p>
      )}
      {formError && (
        <p className={styles.error} role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className={styles.submit} disabled={busy}>
        {busy ? 'Отправляем…' : 'Отправить вопрос'}
      </button>
    </form>
  );
}

/** The field a refusal's code is about: `INVALID_EMAIL` → `email`. */
export function fieldOf(code: string): string {
  const match = /^INVALID_([A-Z]+)$/.exec(code);
  if (!match) return 'form';
  const name = (match[1] as string).toLowerCase();
  return name === 'ordernumber' ? 'orderNumber' : name;
}
