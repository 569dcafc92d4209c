import { useEffect, useRef } from 'react';
import { Form } from 'react-router';
import styles from './SearchBar.module.css';

/** Spec §5: a query is at most 100 characters. */
export const SEARCH_MAX = 100;

export function SearchBar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  return (
    <div id="header-search" className={styles.wrap} hidden={!open}>
      <Form
        method="get"
        action="/search/"
        role="search"
        className={`container ${styles.form}`}
        onKeyDown={(e) => e.key === 'Escape' && onClose()}
      >
        <label htmlFor="header-search-q" className="visually-hidden">
          Поиск по каталогу
        </label>
        <input
          ref={input}
          id="header-search-q"
          name="q"
          type="search"
          placeholder="Поиск"
          maxLength={SEARCH_MAX}
          autoComplete="off"
          className={styles.input}
        />
        <input type="hidden" name="s" value="Y" />
        <button type="submit" className={styles.submit}>
          Найти
        </button>
      </Form>
    </div>
  );
}
