import { lazy, Suspense, useEffect, useState } from 'react';
import type { AddressSuggestion } from '../../../domain/delivery/address-suggestions';
import { pageOptions } from '~/lib/api';
import styles from './Checkout.module.css';

// Loaded only where the shop has an address service, once the form is open.
const StreetCombobox = lazy(() => import('./StreetCombobox').then((m) => ({ default: m.StreetCombobox })));

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

/** With suggestions the courier address gets its index too: a chosen house brings it. */
const COURIER_FIELDS_SUGGESTED = [
  ...COURIER_FIELDS.slice(0, 4),
  ['postcode', 'Индекс', 'postal-code'],
  ...COURIER_FIELDS.slice(4),
] as const;

const POST_FIELDS = [
  ['postcode', 'Индекс', 'postal-code'],
  ['city', 'Город или населённый пункт', 'address-level2'],
  ['street', 'Улица', 'address-line1'],
  ['house', 'Дом', ''],
  ['flat', 'Квартира', ''],
] as const;

/** The shop has an address service: the page's options list its keys (spec §3 Options, `addressKeys`). */
function hasAddressService(): boolean {
  const keys = (pageOptions() as { addressKeys?: unknown }).addressKeys;
  return Array.isArray(keys) && keys.length > 0;
}

/**
 * A new courier or Russian Post address on the order page (spec §7 `setAddress`): the server checks it, keeps it
 * (in the cabinet for a user, in the session for a guest) and chooses it. When the shop has an address service, the
 * courier's street suggests addresses in the chosen town; without it, or until the page is live, plain fields.
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
  // Read after hydration: the server's HTML is the plain form, the same for every visitor.
  const [suggesting, setSuggesting] = useState(false);
  useEffect(() => setSuggesting(type === 'COURIER' && hasAddressService()), [type]);
  if (!open)
    return (
      <button type="button" className={styles.link} onClick={() => setOpen(true)}>
        + Новый адрес
      </button>
    );
  const fields = type === 'POCHTA' ? POST_FIELDS : suggesting ? COURIER_FIELDS_SUGGESTED : COURIER_FIELDS;
  const choose = (s: AddressSuggestion) =>
    setValues((now) => ({
      ...now,
      city: now.city || s.city,
      street: s.street,
      house: s.house,
      flat: s.flat ?? now.flat ?? '',
      postcode: s.postcode ?? '',
    }));
  return (
    <fieldset className={styles.address}>
      <legend className={styles.legend}>{type === 'POCHTA' ? 'Адрес для Почты России' : 'Новый адрес'}</legend>
      <div className={styles.addressGrid}>
        {fields.map(([name, label, autoComplete]) =>
          suggesting && name === 'street' ? (
            <Suspense key={name} fallback={null}>
              <StreetCombobox
                label={label}
                value={values.street ?? ''}
                town={values.city ?? ''}
                onType={(street) => setValues((now) => ({ ...now, street }))}
                onChoose={choose}
              />
            </Suspense>
          ) : (
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
          ),
        )}
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
