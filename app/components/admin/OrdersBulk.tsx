// The orders desk's bulk actions and saved views (issue 47.7): the rows' checkboxes, the bar that moves, prints and
// exports the chosen orders, and the named filters as links above the list.
import { useEffect, useRef, useState } from 'react';
import { Form, Link, useNavigation, useSubmit } from 'react-router';
import { STAFF_API } from '../../../contract/staff-api';
import type { BulkMoveResult } from '../../../domain/order/bulk';
import type { OrderView } from '../../../domain/order/order-views';
import { type OrderStatus, STATUS_NAMES } from '../../../domain/order/process';
import type { FormOutcome } from '~/lib/admin-action';
import { Choice, FormResult } from './kit';
import bulk from './orders-bulk.module.css';

/** The bulk form's id: the rows' checkboxes belong to it from inside the table. */
export const BULK_FORM = 'orders-bulk';

/** Where a bulk move may take orders: not back to the payment's states, and not «shipped» (a tracking number each). */
const BULK_TARGETS: Partial<Record<OrderStatus, string>> = Object.fromEntries(
  (['confirmed', 'assembling', 'ready', 'completed', 'cancelled', 'returned'] as const).map((s) => [
    s,
    STATUS_NAMES[s],
  ]),
);

/** The class of the checkboxes' column. */
export const PICK_CLASS = bulk.pick;

/** The chosen orders of the page: a set of ids, kept while the page's rows stay. */
export function useSelection(pageIds: readonly number[]) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const key = pageIds.join(',');
  const pageRef = useRef(pageIds);
  pageRef.current = pageIds;
  // Another page or filter: what was chosen on the last one is not shown, so it is not acted on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's ids as one key
  useEffect(() => setChosen((now) => new Set([...now].filter((id) => pageRef.current.includes(id)))), [key]);
  return {
    chosen,
    toggle: (id: number, on: boolean) =>
      setChosen((now) => {
        const next = new Set(now);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    all: (on: boolean) => setChosen(on ? new Set(pageIds) : new Set()),
    only: (ids: readonly number[]) => setChosen(new Set(ids.filter((id) => pageIds.includes(id)))),
  };
}
export type Selection = ReturnType<typeof useSelection>;

/** The heading's box: every order of the page, or none; half-ticked when some are chosen. */
export function SelectAll({ selection, count }: { selection: Selection; count: number }) {
  const ref = useRef<HTMLInputElement>(null);
  const some = selection.chosen.size > 0 && selection.chosen.size < count;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={bulk.box}
      aria-label="Выбрать все заказы на странице"
      checked={count > 0 && selection.chosen.size === count}
      onChange={(e) => selection.all(e.currentTarget.checked)}
    />
  );
}

/** A row's box: posted with the bulk form as `ids`. */
export function SelectRow({ selection, id, number }: { selection: Selection; id: number; number: string }) {
  return (
    <input
      type="checkbox"
      className={bulk.box}
      form={BULK_FORM}
      name="ids"
      value={id}
      aria-label={`Выбрать заказ № ${number}`}
      checked={selection.chosen.has(id)}
      onChange={(e) => selection.toggle(id, e.currentTarget.checked)}
    />
  );
}

/**
 * The bar over the list: how many are chosen; «Перевести» (each order through the single move, refusals listed);
 * the forms to print and the CSV, which open by address (a plain GET of the same form) and so work without JavaScript;
 * «Печать одним PDF» posts the same form to its own address, in a new tab (a carrier's label is an audited fetch).
 */
export function BulkBar({ selection, result }: { selection: Selection; result: FormOutcome | undefined }) {
  const submit = useSubmit();
  const busy = useNavigation().formData?.get('intent') === 'move';
  const count = selection.chosen.size;
  const moved = result?.intent === 'move' ? (result as FormOutcome & { bulk?: BulkMoveResult }).bulk : undefined;
  // After a move the refused stay chosen, to be looked at or tried again; the moved are let go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer
  useEffect(() => {
    if (moved) selection.only(moved.refused.map((r) => r.id));
  }, [moved]);
  return (
    <form
      id={BULK_FORM}
      method="post"
      className={bulk.bar}
      aria-label="Действия с выбранными заказами"
      onSubmit={(e) => {
        const by = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        // The move stays on the page (its answer lists the refusals, or asks to choose); print and CSV open as
        // addresses, and only with something chosen.
        if (by?.value === 'move') {
          e.preventDefault();
          submit(by);
        } else if (count === 0) e.preventDefault();
      }}
    >
      <p className={bulk.count} role="status">
        {count === 0 ? 'Отметьте заказы в списке' : `Выбрано заказов: ${count}`}
      </p>
      <Choice label="Перевести в" name="to" options={BULK_TARGETS} all="— выберите статус —" required />
      <label>
        Причина (для отмены и возврата)
        <input name="reason" maxLength={500} className={bulk.reason} />
      </label>
      <button type="submit" name="intent" value="move" className={bulk.primary} disabled={busy}>
        {busy ? 'Переводим…' : 'Перевести'}
      </button>
      <button
        type="submit"
        formAction="/admin/orders/print/"
        formMethod="get"
        formTarget="_blank"
        formNoValidate
        className={bulk.secondary}
        aria-disabled={count === 0}
      >
        Печать: листы и наклейки
      </button>
      <button
        type="submit"
        name="intent"
        value="pdf"
        formAction="/admin/orders/print-pdf/"
        formTarget="_blank"
        formNoValidate
        className={bulk.secondary}
        aria-disabled={count === 0}
        title="Упаковочные листы и этикетки, перевозчиков тоже, одним файлом PDF"
      >
        Печать одним PDF
      </button>
      <button
        type="submit"
        formAction={STAFF_API.ordersBulkCsv}
        formMethod="get"
        formNoValidate
        className={bulk.secondary}
        aria-disabled={count === 0}
      >
        CSV выбранных
      </button>
      {moved ? <MoveResult result={moved} /> : <FormResult result={result} intent="move" />}
    </form>
  );
}

function MoveResult({ result }: { result: BulkMoveResult }) {
  return (
    <div className={bulk.result} role="status">
      <p className={bulk.done}>{`Переведено в «${STATUS_NAMES[result.to]}»: ${result.moved.length}`}</p>
      {result.refused.length > 0 && (
        <>
          <p className={bulk.refusedHead}>{`Не переведены: ${result.refused.length}`}</p>
          <ul className={bulk.refused}>
            {result.refused.map((r) => (
              <li key={r.id}>
                <Link to={`/admin/orders/${r.id}/`}>{`№ ${r.number}`}</Link>
                {` — ${r.reason}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The saved views as links above the list (the one open marked), each the member may delete with its button. */
export function SavedViews(props: { views: OrderView[]; current: string; result: FormOutcome | undefined }) {
  const { views, current, result } = props;
  return (
    <section className={bulk.views} aria-label="Сохранённые виды">
      {views.length > 0 && (
        <ul className={bulk.viewList}>
          {views.map((v) => (
            <li key={v.id} className={bulk.view}>
              <Link
                to={`/admin/orders/${v.query ? `?${v.query}` : ''}`}
                aria-current={v.query === current ? 'page' : undefined}
              >
                {v.name}
                {v.shared && <span className={bulk.team}> · команда</span>}
              </Link>
              {v.canDelete && (
                <Form method="post" className={bulk.inline}>
                  <input type="hidden" name="intent" value="view-delete" />
                  <input type="hidden" name="id" value={v.id} />
                  <button type="submit" className={bulk.remove} aria-label={`Удалить вид «${v.name}»`}>
                    ×
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {/* Closed again, and empty, after a view is saved; left open with what was typed after a refusal. */}
      <details
        className={bulk.save}
        open={result?.intent === 'view-save' && Boolean(result.error)}
        key={result?.intent === 'view-save' ? result.done : undefined}
      >
        <summary>Сохранить фильтр как вид</summary>
        <Form method="post" className={bulk.saveForm}>
          <input type="hidden" name="intent" value="view-save" />
          <input type="hidden" name="query" value={current} />
          <label>
            Название вида
            <input name="name" required maxLength={60} />
          </label>
          <label className={bulk.check}>
            <input type="checkbox" name="shared" />
            Для всей команды
          </label>
          <button type="submit" className={bulk.secondary}>
            Сохранить вид
          </button>
        </Form>
      </details>
      <FormResult result={result} intent="view-save" />
      <FormResult result={result} intent="view-delete" />
    </section>
  );
}
