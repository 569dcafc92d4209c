import { useEffect, useId, useRef, useState } from 'react';
import { Form, Link, useLocation, useNavigate } from 'react-router';
import { STAFF_API } from '../../../contract/staff-api';
import type { DeskSearchResult, SearchGroup, SearchItem } from '../../../domain/search/desk-search.service';
import css from './DeskSearch.module.css';

export const SEARCH_PAGE = '/admin/search/';

/** The groups in the order the box and the page show them, with their headings. */
export const SEARCH_GROUPS = [
  ['orders', 'Заказы'],
  ['products', 'Товары'],
  ['customers', 'Покупатели'],
] as const;

/** Where the whole list of a query goes. */
export const searchPageHref = (q: string) => `${SEARCH_PAGE}?${new URLSearchParams({ q })}`;

interface Option {
  id: string;
  href: string;
  item: SearchItem | null;
}

/**
 * The back office's one search box (issue 47.3), at the top of every desk page: orders, products and customers as the
 * role may see them, in a popup that follows the combobox pattern — arrows move through the results, Enter opens the
 * one chosen (or the whole results page), Escape closes the popup. Without scripts it is a form to the results page.
 */
export function DeskSearch() {
  const location = useLocation();
  const navigate = useNavigate();
  const onPage = location.pathname === SEARCH_PAGE;
  const pageQuery = onPage ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [text, setText] = useState(pageQuery);
  const [result, setResult] = useState<DeskSearchResult | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);
  const base = useId();
  const listId = `${base}-list`;

  // A new page: the popup closes; the results page keeps its query in the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger.
  useEffect(() => {
    setOpen(false);
    setActive(-1);
    if (onPage) setText(pageQuery);
  }, [location.key]);

  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) {
      setResult(null);
      setBusy(false);
      return;
    }
    const ask = ++asked.current;
    setBusy(true);
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`${STAFF_API.search}?${new URLSearchParams({ q, limit: '5' })}`, {
          credentials: 'same-origin',
          headers: { accept: 'application/json' },
        });
        const body = res.ok ? ((await res.json()) as { data: DeskSearchResult }) : null;
        // The last asked wins: an older answer arriving late is dropped.
        if (ask !== asked.current) return;
        setResult(body?.data ?? null);
        setActive(-1);
      } catch {
        if (ask === asked.current) setResult(null);
      } finally {
        if (ask === asked.current) setBusy(false);
      }
    }, 200);
    return () => clearTimeout(timer);
  }, [text]);

  const q = text.trim();
  const groups = SEARCH_GROUPS.flatMap(([key, title]) => {
    const group: SearchGroup | undefined = result?.[key];
    return group?.items.length ? [{ key, title, group }] : [];
  });
  const options: Option[] = groups.flatMap(({ key, group }) =>
    group.items.map((item, i) => ({ id: `${base}-${key}-${i}`, href: item.href, item })),
  );
  if (q.length >= 2 && result) options.push({ id: `${base}-all`, href: searchPageHref(q), item: null });
  const found = groups.reduce((n, g) => n + g.group.total, 0);
  const shown = open && q.length >= 2 && result !== null;
  const activeOption = shown && active >= 0 ? options[active] : undefined;

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!options.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const last = options.length - 1;
      setActive((current) =>
        step > 0 ? (current >= last ? 0 : current + 1) : current <= 0 ? last : Math.min(current - 1, last),
      );
      return;
    }
    if (event.key === 'Escape') {
      if (shown) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) setText('');
      return;
    }
    if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      setOpen(false);
      navigate(activeOption.href);
    }
  }

  const optionProps = (option: Option) => {
    const index = options.indexOf(option);
    return {
      id: option.id,
      role: 'option' as const,
      'aria-selected': index === active,
      className: index === active ? `${css.option} ${css.active}` : css.option,
      // The input keeps the focus: a click opens the link without blurring the box first.
      onMouseDown: (event: React.MouseEvent) => event.preventDefault(),
    };
  };

  return (
    <Form method="get" action={SEARCH_PAGE} role="search" aria-label="Поиск по панели" className={css.box}>
      {/* A short name of its own: the desk's forms below have their own «Артикул» and «Найти». */}
      <p className={css.label}>
        <label htmlFor={`${base}-input`}>Поиск по панели</label>
        <span id={`${base}-hint`}>: заказ, телефон, email, трек-номер, товар, артикул, штрихкод, покупатель</span>
      </p>
      <div className={css.row}>
        <input
          id={`${base}-input`}
          name="q"
          type="search"
          value={text}
          maxLength={100}
          autoComplete="off"
          placeholder="100123, 8 916…, anna@…, NO00012, Иванова"
          role="combobox"
          aria-expanded={shown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-describedby={`${base}-hint`}
          aria-activedescendant={activeOption?.id}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className={css.input}
        />
        <button type="submit" className={css.submit}>
          Искать везде
        </button>
      </div>
      <p className={css.status} aria-live="polite">
        {shown && !busy
          ? found
            ? `Найдено: ${found}. Стрелки — выбрать, Enter — открыть.`
            : 'Ничего не найдено.'
          : ''}
      </p>
      <div id={listId} role="listbox" aria-label="Найдено" hidden={!shown} className={css.popup}>
        {groups.map(({ key, title, group }) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox's group of options (the combobox pattern), no form's fieldset
          <div key={key} role="group" aria-label={`${title}: найдено ${group.total}`}>
            <div aria-hidden="true" className={css.groupTitle}>
              {title} <span className={css.count}>{group.total}</span>
            </div>
            {group.items.map((item, i) => {
              const option = options.find((o) => o.id === `${base}-${key}-${i}`) as Option;
              return (
                <Link key={option.id} to={item.href} tabIndex={-1} {...optionProps(option)}>
                  <span className={css.title}>{item.title}</span>
                  <span className={css.detail}>{item.detail}</span>
                </Link>
              );
            })}
          </div>
        ))}
        {options.at(-1)?.item === null && (
          <Link to={searchPageHref(q)} tabIndex={-1} {...optionProps(options.at(-1) as Option)}>
            <span className={css.title}>{found ? `Все результаты по «${q}»` : `Искать «${q}» на странице поиска`}</span>
          </Link>
        )}
      </div>
    </Form>
  );
}
