import { useEffect, useId, useRef, useState } from 'react';
import {
  type AddressSuggestion,
  SUGGEST_DEBOUNCE_MS,
  SUGGEST_QUERY_MAX,
  SUGGEST_QUERY_MIN,
} from '../../../domain/delivery/address-suggestions';
import { pageOptions, postApi } from '~/lib/api';
import styles from './Checkout.module.css';
import own from './AddressForm.module.css';

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
            <StreetCombobox
              key={name}
              label={label}
              value={values.street ?? ''}
              town={values.city ?? ''}
              onType={(street) => setValues((now) => ({ ...now, street }))}
              onChoose={choose}
            />
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

/**
 * The street as a combobox (WAI-ARIA APG «editable combobox with list autocomplete»): typing asks the shop's proxy
 * 300 ms after the last key and from three letters on; ↓/↑ move through the list, Enter chooses, Escape closes. A
 * street without a house is a step: it goes into the field with a space, and the search goes on for its houses.
 * Whatever the service answers, or fails to, the field stays an ordinary text field.
 */
function StreetCombobox({
  label,
  value,
  town,
  onType,
  onChoose,
}: {
  label: string;
  value: string;
  town: string;
  onType(street: string): void;
  onChoose(suggestion: AddressSuggestion): void;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [list, setList] = useState<AddressSuggestion[]>([]);
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const [hint, setHint] = useState('');
  /** What to search for once the pause is over; null: nothing (a chosen house, a closed list). */
  const [query, setQuery] = useState<string | null>(null);
  /** Only the latest question's answer is shown: an earlier one may come later. */
  const asked = useRef(0);

  useEffect(() => {
    if (query === null) return;
    const words = query.trim();
    if (words.length < SUGGEST_QUERY_MIN) {
      asked.current++;
      setList([]);
      setExpanded(false);
      return;
    }
    const timer = setTimeout(async () => {
      const mine = ++asked.current;
      const answer = await postApi('deliveryAddressSuggest', {
        query: words.slice(0, SUGGEST_QUERY_MAX),
        city: town,
      });
      if (mine !== asked.current) return;
      const found = answer.ok ? answer.data.suggestions : [];
      setList(found);
      setActive(-1);
      setExpanded(found.length > 0);
    }, SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, town]);

  const close = () => {
    asked.current++;
    setQuery(null);
    setExpanded(false);
    setActive(-1);
  };
  const choose = (s: AddressSuggestion) => {
    if (s.houseLevel) {
      onChoose(s);
      setHint('');
      close();
      return;
    }
    // A street alone: the shopper goes on typing its house here, and chooses it from the next list.
    const street = `${s.street || s.value} `;
    onType(street);
    setHint('Выберите дом из подсказок или укажите его в поле «Дом».');
    setExpanded(false);
    setQuery(street);
  };

  return (
    <div className={styles.field}>
      <label htmlFor={`${id}-input`}>{label}</label>
      <div className={own.combo}>
        <input
          id={`${id}-input`}
          name="street"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-${active}` : undefined}
          aria-describedby={hint ? `${id}-hint` : undefined}
          autoComplete="off"
          value={value}
          onChange={(e) => {
            onType(e.target.value);
            setQuery(e.target.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              if (list.length === 0) return;
              e.preventDefault();
              if (!expanded) {
                setExpanded(true);
                setActive(e.key === 'ArrowDown' ? 0 : list.length - 1);
                return;
              }
              const step = e.key === 'ArrowDown' ? 1 : -1;
              setActive((i) => (i + step + list.length) % list.length);
            } else if (e.key === 'Enter' && expanded && active >= 0) {
              e.preventDefault();
              const s = list[active];
              if (s) choose(s);
            } else if (e.key === 'Escape' && expanded) {
              e.preventDefault();
              close();
            }
          }}
          onBlur={close}
        />
        <div id={listId} role="listbox" aria-label="Подсказки адреса" className={own.list} hidden={!expanded}>
          {list.map((s, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: each answer replaces the list whole, and may repeat an address
              key={i}
              id={`${id}-${i}`}
              role="option"
              // The focus stays in the field (aria-activedescendant); an option is only pointed at.
              tabIndex={-1}
              aria-selected={i === active}
              className={own.option}
              // Before the field's blur: the click must still find the list.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(s);
              }}
            >
              {s.value}
            </div>
          ))}
        </div>
      </div>
      <span className="visually-hidden" role="status">
        {expanded ? `Подсказок: ${list.length}. Выбирайте стрелками вверх и вниз.` : ''}
      </span>
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}
