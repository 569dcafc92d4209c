import { useEffect, useId, useState } from 'react';
import { normalizePhone } from '../../../domain/auth/phone';
import { reachGoal } from '~/lib/analytics';
import { postApi } from '~/lib/api';
import styles from './Checkout.module.css';

/**
 * The order's phone (spec §5: it must be one this session or user confirmed): «Получить код», then the code from
 * the SMS. A confirmed phone shows as such.
 */
export function PhoneConfirm({
  phone,
  confirmed,
  onPhone,
  onConfirmed,
}: {
  phone: string;
  confirmed: boolean;
  onPhone: (phone: string) => void;
  onConfirmed: (phone: string) => void;
}) {
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [left, setLeft] = useState(0);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const digits = normalizePhone(phone);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  async function send() {
    setBusy(true);
    const answer = await postApi('phoneCodeSend', { phone });
    setBusy(false);
    if (!answer.ok) return setMessage({ error: true, text: answer.message });
    reachGoal('send code');
    setSentTo(digits);
    setLeft(answer.data.resendAfter);
    setMessage({ error: false, text: 'Код отправлен в SMS.' });
  }

  async function check() {
    setBusy(true);
    const answer = await postApi('phoneCodeCheck', { phone, code });
    setBusy(false);
    if (!answer.ok) return setMessage({ error: true, text: answer.message });
    setMessage(null);
    setSentTo(null);
    setCode('');
    if (digits) onConfirmed(digits);
  }

  const waiting = sentTo !== null && sentTo === digits;
  return (
    <div className={styles.phone}>
      <div className={styles.inline}>
        <label className={styles.field}>
          Телефон
          <input
            name="phone"
            type="tel"
            autoComplete="tel"
            required
            placeholder="+7 900 123-45-67"
            maxLength={40}
            value={phone}
            aria-describedby={`${id}-state`}
            onChange={(e) => onPhone(e.target.value)}
          />
        </label>
        {!confirmed && (
          <button type="button" className={styles.secondary} disabled={busy || left > 0 || !phone} onClick={send}>
            {left > 0 ? `Новый код через ${left} с` : waiting ? 'Прислать ещё раз' : 'Получить код'}
          </button>
        )}
      </div>
      <p id={`${id}-state`} className={confirmed ? styles.notice : styles.hint}>
        {confirmed ? 'Телефон подтверждён.' : 'Подтвердите телефон: пришлём код в SMS.'}
      </p>
      {!confirmed && waiting && (
        <div className={styles.inline}>
          <label className={styles.field}>
            Код из SMS
            <input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
          <button type="button" className={styles.secondary} disabled={busy || code.length < 6} onClick={check}>
            Подтвердить
          </button>
        </div>
      )}
      {message && (
        <p className={message.error ? styles.error : styles.notice} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </div>
  );
}
