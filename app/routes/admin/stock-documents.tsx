import { Form, Link, redirect } from 'react-router';
import { STOCK_DOCUMENT_KINDS, STOCK_DOCUMENT_TITLES } from '../../../domain/inventory/stock-documents.schemas';
import {
  STOCK_DOCUMENT_STATUS_TITLES,
  stockDocumentsQueryInput,
  stockDraftInput,
} from '../../../domain/inventory/stock-drafts.schemas';
import { Choice, DataTable, DayRange, FormResult, ListFrame, Options, pageHref } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, intent, loaderRefusal, staffAction } from '~/lib/admin-action';
import { useStaffClock } from '~/lib/staff-clock';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import own from './stock.module.css';
import type { Route } from './+types/stock-documents';

const PATH = '/admin/stock/documents/';
const FILTERS = ['kind', 'status', 'storeId', 'staffId', 'from', 'to'] as const;

/** Stock documents (issue 47.4): the list by kind, store, author, status and days, and a new draft. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'stock.adjust');
  const { services, ctx } = context;
  const params = new URL(request.url).searchParams;
  const raw = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? '']));
  // A filter that cannot be read is left out rather than refusing the page.
  const parsed = stockDocumentsQueryInput.safeParse({ ...raw, page: params.get('page') ?? '' });
  const query = parsed.success ? parsed.data : {};
  const timeZone = await services.staffAccounts.timeZone(ctx);
  const [list, stores] = await Promise.all([
    services.stockDocumentDesk.list(ctx, query, timeZone).catch(loaderRefusal),
    services.stockAdmin.stores(ctx),
  ]);
  const kinds = STOCK_DOCUMENT_KINDS.map((kind) => ({ id: kind, name: STOCK_DOCUMENT_TITLES[kind] }));
  const statuses = Object.entries(STOCK_DOCUMENT_STATUS_TITLES).map(([id, name]) => ({ id, name }));
  return { ...list, stores, kinds, statuses, filters: raw };
}

export const action = staffAction('stock.adjust', {
  create: intent({
    read: (form) => ({
      kind: form.text('kind'),
      storeId: form.text('storeId'),
      toStoreId: form.text('kind') === 'transfer' ? form.text('toStoreId') : '',
      reason: form.text('reason'),
    }),
    schema: stockDraftInput,
    async run({ input, context }) {
      const doc = await context.services.stockDocumentDesk.createDraft(context.ctx, input);
      return redirect(`${PATH}${doc.id}/`);
    },
  }),
});

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Документы остатков — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

export default function StockDocuments({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pages, authors, stores, kinds, statuses, filters } = loaderData;
  const result = actionData as FormOutcome | undefined;
  const values = (result?.error && result.values) || {};
  const { when, zone } = useStaffClock();
  const filtered = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>;
  return (
    <>
      <h1>Документы остатков</h1>
      <p>
        <Link className={styles.link} to="/admin/stock/">
          ← Остатки по товару
        </Link>
      </p>
      <Form method="post" className={own.document} aria-label="Новый документ">
        <fieldset>
          <legend>Новый документ</legend>
          <input type="hidden" name="intent" value="create" />
          <Choice label="Вид" name="kind" value={String(values.kind ?? 'receipt')} options={kinds} />
          <label>
            Склад
            <select name="storeId" defaultValue={values.storeId ?? String(stores[0]?.id ?? '')}>
              <Options of={stores} />
            </select>
          </label>
          <label>
            Куда (для перемещения)
            <select name="toStoreId" defaultValue={values.toStoreId ?? ''}>
              <option value="">—</option>
              <Options of={stores} />
            </select>
          </label>
          <label>
            Причина
            <textarea name="reason" maxLength={500} defaultValue={values.reason ?? ''} />
          </label>
          <button type="submit" className={styles.button}>
            Создать черновик
          </button>
        </fieldset>
        <FormResult result={result} intent="create" />
      </Form>
      <h2>Документы</h2>
      <ListFrame
        label="Фильтр документов"
        filters={
          <>
            <Choice label="Вид" name="kind" value={filters.kind} options={kinds} all="все" />
            <Choice label="Состояние" name="status" value={filters.status} options={statuses} all="все" />
            <Choice label="Склад" name="storeId" value={filters.storeId} options={stores} all="все" />
            <Choice
              label="Автор"
              name="staffId"
              value={filters.staffId}
              options={authors.map((a) => ({ id: a.id, name: a.email }))}
              all="все"
            />
            <DayRange from={filters.from} to={filters.to} />
          </>
        }
        resetTo={Object.keys(filtered).length > 0 ? PATH : undefined}
        found={`Документов: ${total}`}
        empty="Документов нет."
        paged={{ items, page, pages, href: (p) => pageHref(PATH, filtered, p) }}
      >
        <DataTable
          caption={`Документы остатков, время ${zone}`}
          rows={items}
          rowKey={(d) => d.id}
          columns={[
            {
              title: 'Документ',
              rowHeader: true,
              cell: (d) => (
                <Link className={styles.link} to={`${PATH}${d.id}/`}>
                  {`${d.kindTitle} №${d.id}`}
                </Link>
              ),
            },
            { title: 'Состояние', cell: (d) => d.statusTitle },
            { title: 'Склад', cell: (d) => (d.toStoreName ? `${d.storeName} → ${d.toStoreName}` : d.storeName) },
            { title: 'Создан', cell: (d) => <time dateTime={d.createdAt}>{when(d.createdAt, 'dateTime')}</time> },
            { title: 'Автор', cell: (d) => d.staff.email },
            { title: 'Строк', cell: (d) => d.lines },
            { title: 'Штук', cell: (d) => d.quantity },
            { title: 'Причина', cell: (d) => d.reason || '—' },
          ]}
        />
      </ListFrame>
    </>
  );
}
