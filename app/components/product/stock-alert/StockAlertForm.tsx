import { useId, useState } from 'react';
import { postApi } from '~/lib/api';
import { useVisitor } from '~/lib/visitor';
import type { ProductOffer } from '../../../../domain/catalog/product/product';
import type { StockSubscriptionView } from '../../../../domain/stock-alerts/stock-alerts.service';
import styles from './StockAlert.module.css';

interface Props {
  productName: string;
  /** The sizes that cannot be bought now. */
  offers: readonly ProductOffer[];
  /** Offer ids the visitor already waits for. */
  waiting: number[];
  onDone: (subscription: StockSubscriptionView) => void;
}

const formatPhone = (p: string) => p.replace(/^7(\d{3})(\d{3})(\d{2})(\d{2})$/, '+7 $1 $2-$3-$4');

/**
 * The subscription's form: the size, then an email (double opt-in), or, for a logged-in shopper with a confirmed
 * phone, an SMS to it (active at once).
 */
export function StockAlertForm({ productName, offers, waiting, onDone }: Props) {
  const id = useId();
  const visitor = useVisitor();
  const user = visitor?.user;
  const phone = user?.auth && user.confirmedPhone ? user.confirmedPhone.replace(/\D/g, '') : '';
  const [offerId, setOfferId] = useState<number | null>(offers.length === 1 ? (offers[0]?.id ?? null) : null);
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const useSms = channel === 'sms' && phone !== '';
  const shownEmail = email || (user?.auth ? user.email : '');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    setDone('');
    const offer = offers.find((o) => o.id === offerId);
    if (!offer) return setError('Выберите размер.');
    if (!useSms && !shownEmail.trim()) return setError('Укажите адрес электронной почты.');
    setBusy(true);
    const answer = await postApi('stockSubscribe', { offerId: offer.id, email: useSms ? undefined : shownEmail.trim() });
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    const s = answer.data.subscription;
    onDone({
      ...s,
      productId: 0,
      productName,
      sizeName: offer.sizeName,
      url: '',
      available: false,
      createdAt: new Date().toISOString(),
    });
    setDone(
      s.state === 'pending'
        ? `Почти готово: мы отправили письмо на ${shownEmail.trim()}. Откройте ссылку в нём, и мы сообщим о поступлении размера ${offer.sizeName}.`
        : `Готово: сообщим ${s.channel === 'sms' ? 'по SMS' : 'письмом'}, когда появится размер ${offer.sizeName}.`,
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.hint}>{productName}</p>
      <fieldset className={styles.sizes}>
        <legend className={styles.legend}>Размер</legend>
        {offers.map((o) => (
          <label key={o.id} className={styles.size}>
            <input
              type="radio"
              name={`${id}-size`}
              value={o.id}
              checked={o.id === offerId}
              onChange={() => setOfferId(o.id)}
            />
            <span className={styles.face}>
              {o.sizeName}
              {waiting.includes(o.id) && <span className="visually-hidden"> — вы уже ждёте</span>}
            </span>
          </label>
        ))}
      </fieldset>
      {phone && (
        <fieldset className={styles.sizes}>
          <legend className={styles.legend}>Как сообщить</legend>
          <label className={styles.channel}>
            <input type="radio" name={`${id}-channel`} checked={channel === 'email'} onChange={() => setChannel('email')} />
            Письмом
          </label>
          <label className={styles.channel}>
            <input type="radio" name={`${id}-channel`} checked={channel === 'sms'} onChange={() => setChannel('sms')} />
            {`SMS на ${formatPhone(phone)}`}
          </label>
        </fieldset>
      )}
      {!useSms && (
        <label className={styles.label}>
          Электронная почта
          <input
            className={styles.input}
            type="email"
            name="email"
            autoComplete="email"
            maxLength={254}
            value={shownEmail}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className={styles.done} role="status">
          {done}
        </p>
      )}
      <button type="submit" className={styles.submit} disabled={busy}>
        {busy ? 'Отправляем…' : 'Сообщить о поступлении'}
      </button>
      <p className={styles.hint}>Напишем один раз, когда размер появится. Отписаться можно по ссылке в письме.</p>
    </form>
  );
}
