// The back office's kit (react-admin's List, Medusa's DataTable): every desk's list frame, pager, form result,
// confirmation and refusal, in one module so that a desk page loads it as one file.
import kit from './kit.module.css';
import { formatPhone } from '../../../domain/auth/phone';
import type { FormOutcome } from '~/lib/admin-action';
import type { ReactNode } from 'react';
import { Form, isRouteErrorResponse, Link } from 'react-router';

/** A person's name as the back office's lists show it: the first name, then the last. */
export const fullName = (customer: { name: string; lastName: string }) =>
  `${customer.name} ${customer.lastName}`.trim();

/** A stored phone (11 digits) as people read it; anything else as it is. */
export const phoneText = (phone: string) => (/^7\d{10}$/.test(phone) ? formatPhone(phone) : phone);

/**
 * The one frame of the back office's lists (react-admin's List): the filters in a GET form with «Показать» and, once
 * anything is filtered, «Сбросить»; how many were found; the table in a frame that scrolls on a phone, or the empty
 * text; the pager. Works without JavaScript: everything is in the address.
 */
export function ListFrame(props: {
  /** What the filter form is called for screen readers («Фильтр заказов»). */
  label: string;
  /** The filter's fields (labelled controls, hidden fields the address keeps); none: a list without filters. */
  filters?: ReactNode;
  /** A search box rather than filters: the form is the page's search landmark. */
  search?: boolean;
  /** The list's address without filters, when some are set. */
  resetTo?: string;
  /** «Найдено заказов: 12». */
  found: string;
  /** The text of an empty list. */
  empty: string;
  /** Rows of a list on one page: none shows `empty` instead of the table. */
  count?: number;
  /** A paged list: its rows on this page (none shows `empty`), the page and the pages for the pager, their address. */
  paged?: { items: readonly unknown[]; page: number; pages: number; href: (page: number) => string };
  children: ReactNode;
}) {
  return (
    <>
      {props.filters && (
        <Form method="get" className={kit.filters} aria-label={props.label} role={props.search ? 'search' : undefined}>
          {props.filters}
          <button type="submit" className={kit.show}>
            {props.search ? 'Найти' : 'Показать'}
          </button>
          {props.resetTo && (
            <Link to={props.resetTo} className={kit.reset}>
              Сбросить
            </Link>
          )}
        </Form>
      )}
      <p className={kit.found} role="status">
        {props.found}
      </p>
      {(props.paged?.items.length ?? props.count) === 0 ? (
        <p className={kit.empty}>{props.empty}</p>
      ) : (
        <TableFrame label={props.found}>{props.children}</TableFrame>
      )}
      {props.paged && <Pager page={props.paged.page} pages={props.paged.pages} href={props.paged.href} />}
    </>
  );
}

/**
 * A table's frame that scrolls sideways when the table is wider than the screen (a phone), so the page never does;
 * focusable and named, so a keyboard can scroll it too.
 */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keyboard
    <section className={kit.scroll} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

/** A filter's span of days, «С даты» and «По дату» (`from` and `to` in the address). */
export function DayRange({ from, to }: { from?: string; to?: string }) {
  return (
    <>
      <label>
        С даты
        <input name="from" type="date" defaultValue={from} />
      </label>
      <label>
        По дату
        <input name="to" type="date" defaultValue={to} />
      </label>
    </>
  );
}

/** A column of a `DataTable`: its heading and how a row fills its cell. */
export interface Column<Row> {
  title: ReactNode;
  cell: (row: Row) => ReactNode;
  /** A class on the heading and every cell (amounts to the right, dates unwrapped). */
  className?: string;
  /** The cell names its row (`<th scope="row">`), as a report's first column does. */
  rowHeader?: boolean;
}

/** The back office's tables' class, for a table that is not a `DataTable` (rows of forms, a grid of sizes). */
export const tableClass = kit.table;

/**
 * The one table of the back office's lists (Medusa's DataTable): a heading row from the columns, a row per item, each
 * cell from its column; a caption for screen readers where the frame's name is not enough.
 */
export function DataTable<Row>(props: {
  columns: readonly (Column<Row> | false)[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  caption?: string;
  className?: string;
}) {
  const columns = props.columns.filter((c): c is Column<Row> => c !== false);
  return (
    <table className={props.className ? `${kit.table} ${props.className}` : kit.table}>
      {props.caption && <caption className="visually-hidden">{props.caption}</caption>}
      <thead>
        <tr>
          {columns.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed for its page
            <th key={i} scope="col" className={c.className}>
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={props.rowKey(row)}>
            {columns.map((c, i) =>
              c.rowHeader ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                <th key={i} scope="row" className={c.className}>
                  {c.cell(row)}
                </th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                <td key={i} className={c.className}>
                  {c.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A labelled choice of a list's filter or a form: «все» (or `all`) first when the choice may be left open, then the
 * options from a record of value → label or from things with an id and a name.
 */
export function Choice(props: {
  label: ReactNode;
  name: string;
  value?: string | number;
  options: Readonly<Record<string, string>> | readonly { id: number | string; name: string }[];
  all?: string;
  className?: string;
  required?: boolean;
}) {
  const options = Array.isArray(props.options)
    ? props.options
    : Object.entries(props.options).map(([value, label]) => ({ value, label }));
  return (
    <label>
      {props.label}
      <select name={props.name} defaultValue={props.value ?? ''} className={props.className} required={props.required}>
        {props.all !== undefined && <option value="">{props.all}</option>}
        <Options of={options} />
      </select>
    </label>
  );
}

/** The pages to link: the first, the last and two either side of the current one, with a gap where some are left out. */
export function pageWindow(current: number, pages: number): { page: number; gap?: true }[] {
  const shown = Array.from({ length: pages }, (_, i) => i + 1).filter(
    (p) => p === 1 || p === pages || Math.abs(p - current) <= 2,
  );
  return shown.flatMap((page, i) => {
    const before = shown[i - 1];
    return before !== undefined && page - before > 1 ? [{ page: before, gap: true as const }, { page }] : [{ page }];
  });
}

/** The address of page `page` of a list: its filters as they are, `page` set (left out for the first). */
export function pageHref(
  path: string,
  search: string | URLSearchParams | Record<string, string>,
  page: number,
): string {
  const query = new URLSearchParams(search);
  query.delete('page');
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return `${path}${text ? `?${text}` : ''}`;
}

/** The one pager of the back office's lists; nothing when the list has one page. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Страницы" className={kit.pages}>
      {page > 1 && (
        <Link to={href(page - 1)} rel="prev">
          <span aria-hidden="true">←</span>
          <span className="visually-hidden">Предыдущая страница</span>
        </Link>
      )}
      {pageWindow(page, pages).map(({ page: p, gap }) =>
        gap ? (
          <span key={`gap-${p}`} className={kit.gap} aria-hidden="true">
            …
          </span>
        ) : p === page ? (
          <span key={p} aria-current="page">
            {p}
          </span>
        ) : (
          <Link key={p} to={href(p)} aria-label={`Страница ${p}`}>
            {p}
          </Link>
        ),
      )}
      {page < pages && (
        <Link to={href(page + 1)} rel="next">
          <span aria-hidden="true">→</span>
          <span className="visually-hidden">Следующая страница</span>
        </Link>
      )}
      <span className={kit.of}>{`Страница ${page} из ${pages}`}</span>
    </nav>
  );
}

/** What a form posted answered, by it: the notice, or the refusal (read out by screen readers either way). */
export function FormResult({ result, intent, id }: { result: FormOutcome | undefined; intent?: string; id?: string }) {
  if (!result || (intent !== undefined && result.intent !== intent)) return null;
  if (result.error)
    return (
      <p id={id} className={kit.error} role="alert">
        {result.error}
      </p>
    );
  if (result.notice)
    return (
      <p className={kit.notice} role="status">
        {result.notice}
      </p>
    );
  return null;
}

/**
 * The box an irreversible action needs ticked before its form posts (the browser asks for it, and the action checks
 * it again: `confirm` of the intent). Works without JavaScript.
 */
export function Confirm({ children, required = true }: { children: React.ReactNode; required?: boolean }) {
  return (
    <label className={kit.confirm}>
      <input type="checkbox" name="confirm" value="yes" required={required} />
      <span>{children}</span>
    </label>
  );
}

/** A desk card's head: the way back to its list, then the title with what stands beside it (a status, badges). */
export function CardHead(props: { back: { to: string; label: string }; title: ReactNode; children?: ReactNode }) {
  return (
    <>
      <p>
        <Link to={props.back.to} className={kit.link}>
          {`← ${props.back.label}`}
        </Link>
      </p>
      <div className={kit.head}>
        <h1>{props.title}</h1>
        {props.children}
      </div>
    </>
  );
}

/** What a desk page's error boundary says: the refusal's own words, or that it failed. */
export const errorText = (error: unknown) =>
  isRouteErrorResponse(error) && typeof error.data === 'string'
    ? error.data
    : 'Что-то пошло не так. Обновите страницу через минуту.';

/** A choice's options: things with an id and a name (shops, sections, brands), or values with their labels. */
export function Options({
  of,
}: {
  of: readonly ({ id: number | string; name: string } | { value: number | string; label: string })[];
}) {
  return of.map((o) =>
    'id' in o ? (
      <option key={o.id} value={o.id}>
        {o.name}
      </option>
    ) : (
      <option key={o.value} value={o.value}>
        {o.label}
      </option>
    ),
  );
}

/** A desk page's `ErrorBoundary`: its refusal under the page's title, with the way back to its list. */
export function deskBoundary(title: string, back?: { to: string; label: string }) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route module as it loads, never in a render
  return function ErrorBoundary({ error }: { error: unknown }) {
    return <DeskRefusal title={title} error={error} back={back} />;
  };
}

/** What a desk page shows when its loader is refused: the reason, and the way back to the desk's list. */
export function DeskRefusal({
  title,
  error,
  back = { to: '/admin/orders/', label: 'К списку заказов' },
}: {
  title: string;
  error: unknown;
  back?: { to: string; label: string };
}) {
  return (
    <>
      <h1>{title}</h1>
      <p className={kit.error} role="alert">
        {errorText(error)}
      </p>
      <p>
        <Link to={back.to} className={kit.link}>
          {back.label}
        </Link>
      </p>
    </>
  );
}
