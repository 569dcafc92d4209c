import { Form, Link } from 'react-router';
import { OWNED_BY_1C_NOTE } from '../../../domain/inventory/stock-documents';
import {
  STOCK_DOCUMENT_KINDS,
  STOCK_DOCUMENT_TITLES,
  stockDocumentInput,
} from '../../../domain/inventory/stock-documents.schemas';
import { Choice, Confirm, DataTable, FormResult, Options, TableFrame } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, intent, staffAction } from '~/lib/admin-action';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import own from './stock.module.css';
import type { Route } from './+types/stock';

const idOf = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : undefined);

/** Stock by store (issue 28.2): find a product, its sizes × stores, and a stock document for it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'stock.adjust');
  const { services, ctx } = context;
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').slice(0, 100);
  const productId = idOf(url.searchParams.get('productId'));
  const [found, stores, table] = await Promise.all([
    services.stockAdmin.find(ctx, q),
    services.stockAdmin.stores(ctx),
    productId === undefined ? null : services.stockAdmin.table(ctx, { productId }).catch(() => null),
  ]);
  // The form's kinds travel with the data: the page's JavaScript carries no schema module (zod).
  const kinds = STOCK_DOCUMENT_KINDS.map((kind) => ({ kind, title: STOCK_DOCUMENT_TITLES[kind] }));
  return { q, found, stores, table, productId: productId ?? null, kinds, ownedNote: OWNED_BY_1C_NOTE };
}

export const action = staffAction('stock.adjust', {
  document: intent({
    // A write-off takes goods away for good: it is confirmed; a receipt or a count is not.
    confirm: (form) => (form.text('kind') === 'writeoff' ? 'Отметьте, что подтверждаете списание.' : null),
    read: (form) => ({
      kind: form.text('kind'),
      storeId: form.text('storeId'),
      toStoreId: form.text('kind') === 'transfer' ? form.text('toStoreId') : '',
      reason: form.text('reason'),
      lines: Object.entries(form.values())
        .filter(([name, value]) => name.startsWith('qty-') && String(value).trim() !== '')
        .map(([name, value]) => ({ offerId: name.slice(4), quantity: String(value) })),
    }),
    schema: stockDocumentInput,
    async run({ input, context }) {
      const doc = await context.services.stockAdmin.document(context.ctx, input);
      return `${STOCK_DOCUMENT_TITLES[doc.kind]} №${doc.id} проведено: строк — ${doc.lines.length}.`;
    },
  }),
});

export const headers = cachePolicy('private');

export default function Stock({ loaderData, actionData }: Route.ComponentProps) {
  const { q, found, stores, table, productId, kinds, ownedNote } = loaderData;
  const result = actionData as FormOutcome | undefined;
  const values = (result?.error && result.values) || {};
  return (
    <>
      <h1>Остатки</h1>
      <Form method="get" className={styles.filters}>
        <label>
          Товар: название или артикул
          <input type="search" name="q" defaultValue={q} maxLength={100} />
        </label>
        <button type="submit" className={styles.button}>
          Найти
        </button>
      </Form>
      {q !== '' && found.length === 0 && <p className={styles.muted}>Ничего не нашлось.</p>}
      {found.length > 0 && (
        <ul className={own.found} aria-label="Найденные товары">
          {found.map((p) => (
            <li key={p.id}>
              <Link className={styles.link} to={`/admin/stock/?q=${encodeURIComponent(q)}&productId=${p.id}`}>
                {p.name}
              </Link>{' '}
              <span className={styles.muted}>арт. {p.article}</span>
            </li>
          ))}
        </ul>
      )}
      {productId !== null && !table && <p className={styles.error}>Такого товара нет.</p>}
      {table && (
        <>
          <h2>
            {table.product.name} <span className={styles.muted}>арт. {table.product.article}</span>
          </h2>
          <FormResult result={result} />
          {table.product.ownedBy1C && <p className={own.owned}>Остатки: {ownedNote}</p>}
          {/* A document posted leaves an empty form: a second click does not post it twice. */}
          <Form method="post" className={own.document} key={result?.done ?? 'document'}>
            <TableFrame label="Остатки по размерам и складам">
              <DataTable
                className={own.cells}
                caption="Остатки по размерам и складам"
                rows={table.sizes}
                rowKey={(size) => size.offerId}
                columns={[
                  { title: 'Размер', rowHeader: true, cell: (size) => size.sizeName },
                  ...table.stores.map((s) => ({
                    title: s.name,
                    cell: (size: (typeof table.sizes)[number]) => (
                      <Link
                        className={styles.link}
                        to={`/admin/stock/movements/?offerId=${size.offerId}&storeId=${s.id}`}
                        aria-label={`${size.quantities[String(s.id)] ?? 0} шт., история: размер ${size.sizeName}, ${s.name}`}
                      >
                        {size.quantities[String(s.id)] ?? 0}
                      </Link>
                    ),
                  })),
                  {
                    title: 'Количество в документ',
                    cell: (size) =>
                      size.ownedBy1C ? (
                        <span className={own.owned}>ведёт 1С</span>
                      ) : (
                        <label>
                          <span className="visually-hidden">{`Количество, размер ${size.sizeName}`}</span>
                          <input
                            name={`qty-${size.offerId}`}
                            inputMode="numeric"
                            pattern="[0-9]*"
                            defaultValue={values[`qty-${size.offerId}`] ?? ''}
                          />
                        </label>
                      ),
                  },
                ]}
              />
            </TableFrame>
            <fieldset>
              <legend>Документ</legend>
              <Choice
                label="Вид"
                name="kind"
                value={String(values.kind ?? 'receipt')}
                options={kinds.map(({ kind, title }) => ({ id: kind, name: title }))}
              />
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
                  <Options of={table.stores} />
                </select>
              </label>
              <label>
                Причина
                <textarea name="reason" maxLength={500} required defaultValue={values.reason ?? ''} />
              </label>
              <Confirm required={false}>Подтверждаю списание (для вида «Списание»)</Confirm>
              <button type="submit" className={styles.button}>
                Провести документ
              </button>
            </fieldset>
            <p className={styles.muted}>
              Поступление добавляет, списание вычитает, инвентаризация ставит посчитанное количество, перемещение
              переносит со склада на другой склад.
            </p>
          </Form>
        </>
      )}
    </>
  );
}
