import { useEffect, useId, useRef, useState } from 'react';
import {
  type AddressSuggestion,
  SUGGEST_DEBOUNCE_MS,
  SUGGEST_QUERY_MAX,
  SUGGEST_QUERY_MIN,
} from '../../../domain/delivery/address-suggestions';
import { postApi } from '~/lib/api';
import styles from './Checkout.module.css';
import own from './AddressForm.module.css';

/**
 * The street as a combobox (WAI-ARIA APG «editable combobox with list autocomplete»): typing asks the shop's proxy
 * 300 ms after the last key and from three letters on; ↓/↑ move through the list, Enter chooses, Escape closes. A
 * street without a house is a step: it goes into the field with a space, and the search goes on for its houses.
 * Whatever the service answers, or fails to, the field stays an ordinary text field.
 */
export function StreetCombobox({
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
