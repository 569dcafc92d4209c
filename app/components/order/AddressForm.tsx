import { useState } from 'react';
import styles from './Checkout.module.css';

const COURIER_FIELDS = [
  ['city', 'Город', 'address-level2'],
  ['street', 'Улица', 'address-line1'],
  ['house', 'Дом', ''],
  ['flat', 'Квартира', ''],
  ['entrance', 'Подъезд', ''],
  ['floor', 'Этаж', ''],
  ['intercom', 'Домофон', ''],
  ['comment', 'Комментарий для курьера', ''],
] as const;

const POST_FIELDS = [
  ['postcode', 'Индекс', 'postal-code'],
  ['city', 'Город или населённый пункт', 'address-level2'],
  ['street', 'Улица', 'address-line1'],
  ['house', 'Дом', ''],
  ['flat', 'Квартира', ''],
] as const;

/**
 * A new courier or Russian Post address on the order page (spec §7 `setAddress`): the server checks it, keeps it
 * (in the cabinet for a user, in the session for a guest) and chooses it.
 */
export function AddressForm({
  type,
  open: startOpen,
  city,
  onSave,
}: {
  type: 'COURIER' | 'POCHTA';
  open: boolean;
  city: string;
  /** Answers the server's message, or null when the address was taken. */
  onSave: (fields: Record<string, string>) => Promise<string | null>;
}) {
  const [open, setOpen] = useState(startOpen);
  const [values, setValues] = useState<Record<string, string>>({ city });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!open)
    return (
      <button type="button" className={styles.link} onClick={() => setOpen(true)}>
        + Новый адрес
      </button>
    );
  const fields = type === 'POCHTA' ? POST_FIELDS : COURIER_FIELDS;
  return (
    <fieldset className={styles.address}>
      <legend className={styles.legend}>{type === 'POCHTA' ? 'Адрес для Почты России' : 'Новый адрес'}</legend>
      <div className={styles.addressGrid}>
        {fields.map(([name, label, autoComplete]) => (
          <label key={name} className={`${styles.field} ${name === 'comment' ? styles.wide : ''}`}>
            {label}
            <input
              name={name}
              autoComplete={autoComplete || 'off'}
              inputMode={name === 'postcode' ? 'numeric' : undefined}
              value={values[name] ?? ''}
              onChange={(e) => setValues({ ...values, [name]: e.target.value })}
            />
          </label>
        ))}
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className={styles.secondary}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          const problem = await onSave({ ...values, type });
          setBusy(false);
          setError(problem);
          if (!problem) {
            setOpen(false);
            setValues({ city });
          }
        }}
      >
        Сохранить адрес
      </button>
    </fieldset>
  );
}
