import { Form } from 'react-router';
import type { FormOutcome } from '~/lib/admin-action';
import { Confirm, TableFrame } from './kit';
import type { OrderCard } from '../../../domain/order/desk';
import type { DeskPaymentEvent } from '../../../domain/order/desk-payment';
import type { Receipt } from '../../../domain/payment/gateway';
import { vatRateName } from '../../../domain/payment/vat';
import { formatAmount } from '../../../domain/pricing/price';
import { useStaffClock } from '~/lib/staff-clock';
import css from './OrderPayment.module.css';

const KINDS = { goods: 'товар', service: 'услуга' } as const;
const SETTLEMENTS = { advance: 'полная предоплата', full: 'полный расчёт' } as const;

/** Roubles as the refund field shows them: «1234,50», «1234». */
const roublesField = (kopecks: number) =>
  kopecks % 100 === 0 ? String(kopecks / 100) : (kopecks / 100).toFixed(2).replace('.', ',');

/** The card's «Оплата» (issue 27): how the order is paid, each payment and refund with its timeline and receipt. */
export function OrderPayment({
  card,
  busy,
  className,
  buttonClass,
  result,
}: {
  card: OrderCard;
  busy: boolean;
  className: string;
  buttonClass: string;
  result?: FormOutcome;
}) {
  const p = card.payment;
  const kept = result?.intent === 'refund' && result.error ? result.values : undefined;
  return (
    <section className={className} aria-labelledby="order-payment">
      <h2 id="order-payment">Оплата</h2>
      <p>{`Способ: ${p.methodName}`}</p>
      {p.method === 'ONLINE' && (
        <p>
          {`Оплачено ${formatAmount(p.paid)}`}
          {p.refunded > 0 && `, возвращено ${formatAmount(p.refunded)}`}
          {`, можно вернуть ${formatAmount(p.refundable)}`}
        </p>
      )}
      {p.topUp && (
        <p data-testid="top-up">
          <strong>{`Ожидается доплата ${formatAmount(p.topUp.amount)}`}</strong>
          {p.topUp.url ? (
            <>
              {' — '}
              <a href={p.topUp.url} target="_blank" rel="noreferrer">
                ссылка на оплату
              </a>
            </>
          ) : (
            ' — ссылка появится, когда платёжный сервис ответит'
          )}
        </p>
      )}
      {p.payments.length > 0 && (
        <ul className={css.list} aria-label="Платежи">
          {p.payments.map((pay) => (
            <li key={pay.id} className={css.item} data-status={pay.status}>
              <div className={css.row}>
                <strong>{`Платёж ${formatAmount(pay.amount)}`}</strong>
                <span>{pay.statusName}</span>
                {pay.declined && <span>{`(${pay.declined})`}</span>}
              </div>
              {pay.providerId && <div className={css.muted}>{`Номер в ЮKassa: ${pay.providerId}`}</div>}
              <Events events={pay.events} />
              <ReceiptView receipt={pay.receipt} title="Чек оплаты" />
            </li>
          ))}
        </ul>
      )}
      {p.refunds.length > 0 && (
        <ul className={css.list} aria-label="Возвраты">
          {p.refunds.map((r) => (
            <li key={r.id} className={css.item} data-status={r.status}>
              <div className={css.row}>
                <strong>{`Возврат ${formatAmount(r.amount)}`}</strong>
                <span>{r.statusName}</span>
              </div>
              <div>{`Причина: ${r.reason}`}</div>
              <div>{`Оформил: ${r.by}`}</div>
              {r.error && <div>{`Ответ ЮKassa: ${r.error}`}</div>}
              <Events events={r.events} />
              <ReceiptView receipt={r.receipt} title="Чек возврата" />
            </li>
          ))}
        </ul>
      )}
      {card.canRefund && (
        <Form method="post" className={css.form} key={p.refunds.length}>
          <input type="hidden" name="intent" value="refund" />
          <label>
            Сумма возврата, ₽
            <input
              type="text"
              name="amount"
              inputMode="decimal"
              required
              autoComplete="off"
              defaultValue={kept?.amount ?? roublesField(p.refundable)}
            />
          </label>
          <label>
            Причина возврата
            <textarea name="reason" required maxLength={500} rows={2} defaultValue={kept?.reason} />
          </label>
          <fieldset>
            <legend>Что вернул покупатель (для чека; не отмечено — весь заказ)</legend>
            {card.lines.map((line) => (
              <label key={line.id} className={css.check}>
                <input type="checkbox" name="lineIds" value={line.id} />
                {`${line.name}, размер ${line.sizeName}, ${line.quantity} шт.`}
              </label>
            ))}
          </fieldset>
          <Confirm>Да, вернуть деньги покупателю</Confirm>
          <button type="submit" className={buttonClass} disabled={busy}>
            Вернуть деньги
          </button>
        </Form>
      )}
    </section>
  );
}

function Events({ events }: { events: DeskPaymentEvent[] }) {
  const { when } = useStaffClock();
  if (events.length === 0) return null;
  return (
    <ol className={css.events}>
      {events.map((e) => (
        <li key={`${e.at}${e.text}`}>
          <time dateTime={e.at}>{when(e.at)}</time>
          {` · ${e.text} · ${e.sourceName}`}
          {e.note && ` · ${e.note}`}
        </li>
      ))}
    </ol>
  );
}

function ReceiptView({ receipt, title }: { receipt: Receipt; title: string }) {
  const contact = receipt.customer.email ?? (receipt.customer.phone ? `+${receipt.customer.phone}` : '—');
  return (
    <details className={css.receipt}>
      <summary>{title}</summary>
      <p>{`Покупатель: ${contact}`}</p>
      <TableFrame label="Строки чека">
        <table>
          <thead>
            <tr>
              <th scope="col">Позиция</th>
              <th scope="col">Кол-во</th>
              <th scope="col">Цена</th>
              <th scope="col">НДС</th>
              <th scope="col">Предмет</th>
              <th scope="col">Способ расчёта</th>
            </tr>
          </thead>
          <tbody>
            {receipt.items.map((i) => (
              // A line split for its kopecks keeps its description: the price tells the two apart.
              <tr key={`${i.description}|${i.unitKopecks}|${i.kind}`}>
                <td>{i.description}</td>
                <td>{i.quantity}</td>
                <td className="price">{formatAmount(i.unitKopecks)}</td>
                <td>{vatRateName(i.vat)}</td>
                <td>{KINDS[i.kind]}</td>
                <td>{SETTLEMENTS[i.settlement]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
    </details>
  );
}
