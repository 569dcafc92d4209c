import { Form, Link, redirect } from 'react-router';
import { documentNotFound } from '../../../domain/inventory/stock-documents';
import { stockDraftUpdateInput, stockScanInput } from '../../../domain/inventory/stock-drafts.schemas';
import { CardHead, Confirm, DataTable, deskBoundary, FormResult, TableFrame } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, intent, loaderRefusal, type PostedForm, staffAction } from '~/lib/admin-action';
import { useStaffClock } from '~/lib/staff-clock';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import own from './stock.module.css';
import type { Route } from './+types/stock-document';

const LIST = '/admin/stock/documents/';
const idOf = (value: string | undefined) => {
  if (!value || !/^\d{1,9}$/.test(value)) throw documentNotFound();
  return Number(value);
};

/**
 * A stock document (issue 47.4). A draft: scan a barcode (one of its size) or type an article (its sizes), quantities
 * per size in each product's grid, a count's differences from what the store has; saved, posted once, or deleted.
 * A posted one: what it changed, before and after, and its printable page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  staffPage(request, context, 'stock.adjust');
  try {
    // The id's refusal too: an address no document can have is a 404, not a failure of the page.
    return { document: await context.services.stockDocumentDesk.card(context.ctx, idOf(params.id)) };
  } catch (error) {
    loaderRefusal(error);
  }
}

/** The grid's cells (`qty-{offerId}`, '' leaves the size out) and the reason, as the draft's change reads them. */
const readLines = (form: PostedForm) => ({
  reason: form.text('reason'),
  lines: form.list('offer').map((offerId) => ({ offerId, quantity: form.text(`qty-${offerId}`) })),
});

export const action = staffAction('stock.adjust', {
  scan: intent({
    read: (form) => ({ code: form.text('code'), quantity: form.text('quantity') }),
    schema: stockScanInput,
    async run({ input, context, params }) {
      const done = await context.services.stockDocumentDesk.scan(context.ctx, idOf(params.id), input);
      return `Добавлено: ${done.text}`;
    },
  }),
  save: intent({
    read: readLines,
    schema: stockDraftUpdateInput,
    async run({ input, context, params }) {
      await context.services.stockDocumentDesk.updateDraft(context.ctx, idOf(params.id), input);
      return 'Черновик сохранён.';
    },
  }),
  post: intent({
    // A write-off takes goods away for good: it is confirmed.
    confirm: (form) => (form.text('kind') === 'writeoff' ? 'Отметьте, что подтверждаете списание.' : null),
    read: readLines,
    schema: stockDraftUpdateInput,
    async run({ input, context, params }) {
      const doc = await context.services.stockDocumentDesk.post(context.ctx, idOf(params.id), input);
      return `Документ №${doc.id} («${doc.kindTitle}») проведён.`;
    },
  }),
  delete: intent({
    confirm: 'Отметьте, что удаляете черновик.',
    async run({ context, params }) {
      await context.services.stockDocumentDesk.deleteDraft(context.ctx, idOf(params.id));
      return redirect(`${LIST}?deleted=1`);
    },
  }),
});

export const headers = cachePolicy('private');

export function meta({ data }: Route.MetaArgs) {
  const doc = data?.document;
  return [
    { title: doc ? `${doc.kindTitle} №${doc.id} — ВЬЮГА` : 'Документ остатков — ВЬЮГА' },
    { name: 'robots', content: 'noindex' },
  ];
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export default function StockDocument({ loaderData, actionData }: Route.ComponentProps) {
  const { document: doc } = loaderData;
  const result = actionData as FormOutcome | undefined;
  const { when } = useStaffClock();
  const draft = doc.status === 'draft';
  const counting = doc.kind === 'stocktake';
  const transfer = doc.toStoreId !== null;
  const values = (result?.error && result.values) || {};
  // The grid starts again from what is saved whenever that changes (a scan added one): its cells are uncontrolled.
  const gridKey = doc.products.flatMap((p) => p.sizes.map((s) => `${s.offerId}:${s.quantity ?? ''}`)).join(',');
  const cell = (offerId: number, quantity: number | null) =>
    String(values[`qty-${offerId}`] ?? (quantity === null ? '' : quantity));
  return (
    <>
      <CardHead back={{ to: LIST, label: 'К документам' }} title={`${doc.kindTitle} №${doc.id}`}>
        <span className={own.badge}>{doc.statusTitle}</span>
      </CardHead>
      <dl className={own.facts}>
        <dt>Склад</dt>
        <dd>{doc.storeName}</dd>
        {transfer && (
          <>
            <dt>Куда</dt>
            <dd>{doc.toStoreName}</dd>
          </>
        )}
        <dt>Создан</dt>
        <dd>
          <time dateTime={doc.createdAt}>{when(doc.createdAt, 'dateTime')}</time>, {doc.staff.email}
        </dd>
        {doc.postedAt && (
          <>
            <dt>Проведён</dt>
            <dd>
              <time dateTime={doc.postedAt}>{when(doc.postedAt, 'dateTime')}</time>
              {doc.postedBy ? `, ${doc.postedBy.email}` : ''}
            </dd>
          </>
        )}
        {!draft && (
          <>
            <dt>Причина</dt>
            <dd>{doc.reason}</dd>
          </>
        )}
      </dl>
      <p>
        <Link className={styles.link} to={`${LIST}${doc.id}/print/`} reloadDocument>
          Печатная форма
        </Link>
      </p>
      {draft ? (
        <>
          <Form method="post" className={own.document} key={`scan-${result?.done ?? 0}`} aria-label="Добавить по коду">
            <fieldset>
              <legend>Сканировать или ввести</legend>
              <input type="hidden" name="intent" value="scan" />
              <label>
                Штрихкод или артикул
                {/* biome-ignore lint/a11y/noAutofocus: the scanner types into this field, one scan after another */}
                <input name="code" autoFocus autoComplete="off" maxLength={100} required enterKeyHint="enter" />
              </label>
              <label>
                Количество
                <input name="quantity" inputMode="numeric" pattern="[0-9]*" defaultValue="1" size={5} />
              </label>
              <button type="submit" className={styles.button}>
                Добавить
              </button>
            </fieldset>
            <FormResult result={result} intent="scan" />
          </Form>
          <Form
            method="post"
            className={`${own.document} ${own.lines}`}
            key={`lines-${result?.done ?? 0}-${gridKey}`}
            aria-label="Строки документа"
          >
            <input type="hidden" name="kind" value={doc.kind} />
            {doc.products.length === 0 && (
              <p className={styles.muted}>Строк пока нет: отсканируйте штрихкод или введите артикул.</p>
            )}
            {doc.products.map((p) => (
              <section key={p.productId} aria-labelledby={`product-${p.productId}`}>
                <h2 id={`product-${p.productId}`}>
                  {p.name} <span className={styles.muted}>арт. {p.article}</span>
                </h2>
                <TableFrame label={`Размеры: ${p.name}`}>
                  <DataTable
                    className={own.grid}
                    caption={`Размеры: ${p.name}`}
                    rows={p.sizes}
                    rowKey={(s) => s.offerId}
                    columns={[
                      { title: 'Размер', rowHeader: true, cell: (s) => s.sizeName },
                      {
                        title: counting ? 'Посчитано' : 'Количество',
                        cell: (s) =>
                          s.ownedBy1C ? (
                            <span className={own.owned}>ведёт 1С</span>
                          ) : (
                            <label>
                              <span className="visually-hidden">{`${counting ? 'Посчитано' : 'Количество'}, ${p.name}, размер ${s.sizeName}`}</span>
                              <input type="hidden" name="offer" value={s.offerId} />
                              <input
                                name={`qty-${s.offerId}`}
                                inputMode="numeric"
                                pattern="[0-9]*"
                                defaultValue={cell(s.offerId, s.quantity)}
                              />
                            </label>
                          ),
                      },
                      { title: 'На складе', cell: (s) => s.expected },
                      ...(counting
                        ? [
                            {
                              title: 'Разница',
                              cell: (s: (typeof p.sizes)[number]) =>
                                s.difference === null ? (
                                  '—'
                                ) : (
                                  <span
                                    className={s.difference < 0 ? own.minus : s.difference > 0 ? own.plus : undefined}
                                  >
                                    {signed(s.difference)}
                                  </span>
                                ),
                            },
                          ]
                        : []),
                      { title: 'Штрихкод', cell: (s) => s.barcode ?? '—' },
                    ]}
                  />
                </TableFrame>
              </section>
            ))}
            {counting && doc.totals.difference !== null && (
              <p role="status">{`Расхождение с остатком склада: ${signed(doc.totals.difference)} шт. Проведение поставит посчитанное.`}</p>
            )}
            <fieldset>
              <legend>Черновик</legend>
              <label>
                Причина
                <textarea name="reason" maxLength={500} defaultValue={String(values.reason ?? doc.reason)} />
              </label>
              {doc.kind === 'writeoff' && <Confirm required={false}>Подтверждаю списание</Confirm>}
              <button type="submit" name="intent" value="save" className={styles.button}>
                Сохранить черновик
              </button>
              <button type="submit" name="intent" value="post" className={styles.button}>
                Провести документ
              </button>
            </fieldset>
            <FormResult result={result} intent="save" />
            <FormResult result={result} intent="post" />
          </Form>
          <Form method="post" className={own.document} aria-label="Удалить черновик">
            <fieldset>
              <legend>Удалить черновик</legend>
              <input type="hidden" name="intent" value="delete" />
              <Confirm>Удаляю черновик</Confirm>
              <button type="submit" className={styles.button}>
                Удалить
              </button>
            </fieldset>
            <FormResult result={result} intent="delete" />
          </Form>
        </>
      ) : (
        <>
          <FormResult result={result} />
          <p role="status">Документ проведён: остатки изменены, изменить его нельзя.</p>
          <PostedLines doc={doc} />
        </>
      )}
    </>
  );
}

/** A posted document's lines: each size, before, the quantity and after (a transfer's receiving store as well). */
export function PostedLines({ doc }: { doc: Route.ComponentProps['loaderData']['document'] }) {
  const transfer = doc.toStoreId !== null;
  const rows = doc.products.flatMap((p) => p.sizes.map((s) => ({ ...s, product: p })));
  return (
    <TableFrame label="Строки документа">
      <DataTable
        caption="Строки документа"
        rows={rows}
        rowKey={(s) => s.offerId}
        columns={[
          { title: 'Товар', rowHeader: true, cell: (s) => `${s.product.name}, арт. ${s.product.article}` },
          { title: 'Размер', cell: (s) => s.sizeName },
          { title: 'Было', cell: (s) => s.expected },
          { title: doc.kind === 'stocktake' ? 'Посчитано' : 'Количество', cell: (s) => s.quantity ?? 0 },
          { title: 'Стало', cell: (s) => s.after ?? '—' },
          ...(transfer
            ? [
                { title: 'Было (куда)', cell: (s: (typeof rows)[number]) => s.toBefore ?? '—' },
                { title: 'Стало (куда)', cell: (s: (typeof rows)[number]) => s.toAfter ?? '—' },
              ]
            : []),
        ]}
      />
    </TableFrame>
  );
}

export const ErrorBoundary = deskBoundary('Документ остатков', { to: LIST, label: 'К документам' });
