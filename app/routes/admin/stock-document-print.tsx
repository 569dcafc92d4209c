import { PrintButton } from '~/components/admin/PrintButton';
import { documentNotFound } from '../../../domain/inventory/stock-documents';
import { formatDate } from '../../../domain/text/dates';
import { staffPage } from '~/lib/admin';
import { loaderRefusal } from '~/lib/admin-action';
import { cachePolicy } from '../../../contract/cache-policy';
import print from './print.module.css';
import type { Route } from './+types/stock-document-print';

/** A stock document's printable sheet (issue 47.4): its head, its lines and the signatures. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  staffPage(request, context, 'stock.adjust');
  const id = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  if (id === null) return loaderRefusal(documentNotFound());
  const [document, timeZone] = await Promise.all([
    context.services.stockDocumentDesk.card(context.ctx, id).catch(loaderRefusal),
    context.services.staffAccounts.timeZone(context.ctx),
  ]);
  return { document, company: context.services.content.company, timeZone };
}

export const headers = cachePolicy('private');

export function meta({ data }: Route.MetaArgs) {
  const doc = data?.document;
  return [
    { title: doc ? `${doc.kindTitle} №${doc.id}, печатная форма — ВЬЮГА` : 'Документ остатков — ВЬЮГА' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function StockDocumentPrint({ loaderData }: Route.ComponentProps) {
  const { document: doc, company, timeZone } = loaderData;
  const draft = doc.status === 'draft';
  const counting = doc.kind === 'stocktake';
  const transfer = doc.toStoreId !== null;
  const rows = doc.products.flatMap((p) =>
    p.sizes.filter((s) => s.quantity !== null).map((s) => ({ ...s, product: p })),
  );
  return (
    <main className={print.sheet}>
      <div className={print.tools}>
        <a href={`/admin/stock/documents/${doc.id}/`}>← К документу</a>
        <PrintButton />
      </div>
      <h1>{`${doc.kindTitle} №${doc.id}${draft ? ' (черновик, не проведён)' : ''}`}</h1>
      <dl className={print.facts}>
        <dt>Организация</dt>
        <dd>{`${company.name}, ИНН ${company.inn}`}</dd>
        <dt>Склад</dt>
        <dd>{doc.storeName}</dd>
        {transfer && (
          <>
            <dt>Куда</dt>
            <dd>{doc.toStoreName}</dd>
          </>
        )}
        <dt>Создан</dt>
        <dd>{`${formatDate(doc.createdAt, 'dateTime', timeZone)}, ${doc.staff.email}`}</dd>
        {doc.postedAt && (
          <>
            <dt>Проведён</dt>
            <dd>{`${formatDate(doc.postedAt, 'dateTime', timeZone)}${doc.postedBy ? `, ${doc.postedBy.email}` : ''}`}</dd>
          </>
        )}
        <dt>Причина</dt>
        <dd>{doc.reason || '—'}</dd>
      </dl>
      <table className={print.table}>
        <thead>
          <tr>
            <th scope="col">№</th>
            <th scope="col">Товар</th>
            <th scope="col">Артикул</th>
            <th scope="col">Размер</th>
            <th scope="col">Штрихкод</th>
            <th scope="col">{counting ? 'Учёт' : 'Было'}</th>
            <th scope="col">{counting ? 'Посчитано' : 'Количество'}</th>
            {counting ? <th scope="col">Разница</th> : <th scope="col">Стало</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((s, n) => (
            <tr key={s.offerId}>
              <td>{n + 1}</td>
              <td>{s.product.name}</td>
              <td>{s.product.article}</td>
              <td>{s.sizeName}</td>
              <td>{s.barcode ?? '—'}</td>
              <td>{s.expected}</td>
              <td>{s.quantity}</td>
              <td>{counting ? (s.quantity ?? 0) - s.expected : (s.after ?? '—')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={print.totals}>
        <dt>Строк</dt>
        <dd>{rows.length}</dd>
        <dt>Штук</dt>
        <dd>{doc.totals.quantity}</dd>
      </dl>
      <p className={print.sign}>Сдал ____________________ Принял ____________________</p>
    </main>
  );
}
