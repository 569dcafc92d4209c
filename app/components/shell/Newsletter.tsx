import { useId, useRef, useState } from 'react';
import { CONSENT_TEXTS } from '../../../domain/consent/consent';
import { postApi } from '~/lib/api';
import styles from './Newsletter.module.css';

const consent = CONSENT_TEXTS.newsletter;
/** The consent text around its link: the server records this text's version with every sign-up. */
const [before, after] = consent.text.split(consent.link.text);

/** The footer subscription (desktop only). The server decides whether the address is valid (spec §5). */
export function Newsletter() {
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const sending = useRef(false);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // Spec §4: repeat sends are ignored while one is in flight.
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    const form = e.currentTarget;
    const email = (form.elements.namedItem('email') as HTMLInputElement).value;
    const answer = await postApi('subscribe', {
      email,
      licenses_subscribe: 'Y',
    });
    if (answer.ok) {
      setResult({ ok: true, message: answer.data.message });
      form.reset();
    } else {
      if (answer.code === 'NETWORK') console.error('Unknown error');
      setResult({ ok: false, message: answer.message });
    }
    sending.current = false;
    setBusy(false);
  };
  return (
    <section className={styles.block} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        Скидки и новинки — первыми
      </h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label htmlFor={`${id}-email`} className="visually-hidden">
          Электронная почта
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          placeholder="Ваш e-mail"
          autoComplete="email"
          className={styles.input}
          required
        />
        <button type="submit" className={styles.button} disabled={busy} aria-busy={busy}>
          Подписаться
        </button>
      </form>
      {result && (
        <p role="status" className={result.ok ? styles.ok : styles.error}>
          {result.message}
        </p>
      )}
      <p className={styles.consent}>
        {before}
        <a href={consent.link.href}>{consent.link.text}</a>
        {after}
      </p>
    </section>
  );
}
