import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { getApi } from '~/lib/api';
import styles from './TownSearch.module.css';
import { type Town, townTitle } from './town';

/** The search waits this long after the last letter, and starts from this many letters. */
export const TOWN_DEBOUNCE_MS = 250;
export const TOWN_MIN_LETTERS = 2;
export const TOWNS_FAILED = 'Не удалось загрузить города';

type Found = { state: 'idle' } | { state: 'ok'; towns: Town[] } | { state: 'failed' };

/**
 * Any town the carrier knows, by typing (the WAI-ARIA combobox with a list box): from two letters the carrier's towns
 * are asked for 250 ms after the last one; ↓ and ↑ move through them, Enter chooses, Escape closes the list (a second
 * Escape clears the field). A failed search only logs and says so in the list (spec §8: location failures only log).
 */
export function TownSearch({
  label,
  onChoose,
  disabled = false,
  autoFocus = false,
  inline = false,
}: {
  label: string;
  onChoose(town: Town): void;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The list takes its room in the page (a dialog) instead of floating under the field. */
  inline?: boolean;
}) {
  const id = useId();
  const listId = `${id}-towns`;
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found>({ state: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The text a choice wrote into the field is not searched again.
  const chosenText = useRef<string | null>(null);

  useEffect(() => {
    const q = query.trim();
    if (q.length < TOWN_MIN_LETTERS || q === chosenText.current) {
      setFound({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const answer = await getApi('deliveryTowns', new URLSearchParams({ q }), { signal: controller.signal });
        if (controller.signal.aborted) return;
        if (!answer.ok) throw new Error(answer.message);
        setFound({ state: 'ok', towns: answer.data.towns });
        setActive(-1);
        setOpen(true);
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error('deliveryTowns', error);
        setFound({ state: 'failed' });
        setOpen(true);
      }
    }, TOWN_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const towns = found.state === 'ok' ? found.towns : [];
  const expanded = open && found.state !== 'idle';

  const choose = (town: Town) => {
    const text = townTitle(town);
    chosenText.current = text;
    setQuery(text);
    setOpen(false);
    setActive(-1);
    onChoose(town);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (towns.length === 0) return;
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + towns.length) % towns.length);
    } else if (e.key === 'Enter') {
      const town = expanded ? towns[active] : undefined;
      // Enter chooses the highlighted town; with none highlighted it does not send the order's form.
      if (town || expanded) e.preventDefault();
      if (town) choose(town);
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
        setActive(-1);
      } else if (query) {
        e.preventDefault();
        e.stopPropagation();
        setQuery('');
      }
    }
  };

  return (
    <div className={inline ? `${styles.town} ${styles.inline}` : styles.town}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.combo}>
        <input
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Начните вводить название"
          // biome-ignore lint/a11y/noAutofocus: the field is the whole dialog it opens in
          autoFocus={autoFocus}
          value={query}
          disabled={disabled}
          onChange={(e) => {
            chosenText.current = null;
            setQuery(e.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => found.state !== 'idle' && setOpen(true)}
        />
        <div
          id={listId}
          role="listbox"
          aria-label={label}
          className={styles.options}
          hidden={!expanded || towns.length === 0}
        >
          {towns.map((town, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses from the field (arrows and Enter)
            <div
              key={town.code}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // Not in the tab order: the field keeps the focus and points at the option (aria-activedescendant).
              tabIndex={-1}
              className={styles.option}
              // The field keeps the focus: a click does not blur it (and close the list) before it chooses.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(town)}
            >
              {town.name}
              {town.region && town.region !== town.name && <span>, {town.region}</span>}
            </div>
          ))}
        </div>
        {expanded && towns.length === 0 && (
          <p className={`${styles.options} ${styles.optionNote}`} role="status">
            {found.state === 'failed' ? TOWNS_FAILED : 'Такого города не нашлось'}
          </p>
        )}
      </div>
    </div>
  );
}
