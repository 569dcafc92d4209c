// Over 400 lines because the order card is the desk's one page for an order (lines, customer, delivery, payment,
// history, notes and every action); its forms are components of their own below.
import { lazy, Suspense } from 'react';
import { Form, type ShouldRevalidateFunction, useNavigation } from 'react-router';
import { imageUrl } from '../../../contract/images';
import type { DeskHistoryEntry, DeskNote, OrderCard } from '../../../domain/order/desk';
import { type OrderStatus, STATUS_NAMES } from '../../../domain/order/process';
import { formatAmount } from '../../../domain/pricing/price';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, intent, loaderRefusal, staffAction } from '~/lib/admin-action';
import { orderId } from '~/lib/admin-orders';
import { useStaffClock } from '~/lib/staff-clock';
import { lastDayBefore } from '../../../domain/text/dates';
import { DomainError } from '../../../domain/errors';
import { cachePolicy } from '../../../contract/cache-policy';
import { CardHead, Confirm, deskBoundary, FormResult, fullName, phoneText } from '~/components/admin/kit';
import { HandoverWithoutCode } from '~/components/admin/HandoverWithoutCode';
import { orderChangeInput } from '../../../domain/order/order-edit.schemas';
import { OrderShipment } from '~/components/admin/OrderShipment';
import { type DeskPaymentEvent, paymentTimeline } from '../../../domain/order/desk-payment';
import { handoverWithoutCodeInput, refundInput } from '../../../domain/order/desk.schemas';
import styles from './admin.module.css';
import desk from './orders.module.css';
import type { Route } from './+types/order';

// The payment block and the change forms are plain forms the server renders; their scripts load after the card.
const OrderPayment = lazy(() => import('~/components/admin/OrderPayment').then((m) => ({ default: m.OrderPayment })));
const OrderEdit = lazy(() => import('~/components/admin/OrderEdit').then((m) => ({ default: m.OrderEdit })));
const OrderDeliveryEdit = lazy(() =>
  import('~/components/admin/OrderDeliveryEdit').then((m) => ({ default: m.OrderDeliveryEdit })),
);

/** The order card (issue 25.4): everything about one order, its timeline, and the moves the process allows now. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  staffPage(request, context, 'orders.read');
  const id = orderId(params.id);
  const [card, shipment] = await Promise.all([
    context.services.orderDesk.card(context.ctx, id),
    context.services.shipments.card(context.ctx, id),
  ]).catch(loaderRefusal);
  const add = new URL(request.url).searchParams.get('add') ?? undefined;
  const edit = await context.services.orderEdits.options(context.ctx, card, add);
  return { card, shipment, edit, imgVersion: context.options.imgVersion };
}

/** The moves that need words from the staff: a reason to cancel or take back, a tracking number to ship. */
const NEEDS_REASON: ReadonlySet<OrderStatus> = new Set(['cancelled', 'returned']);

export const action = staffAction('orders.move', {
  move: intent({
    confirm: (form) =>
      NEEDS_REASON.has(form.text('to') as OrderStatus) ? 'Отметьте, что подтверждаете это действие.' : null,
    async run({ form, context, params }) {
      const to = form.text('to') as OrderStatus;
      if (!Object.hasOwn(STATUS_NAMES, to))
        throw new DomainError('validation', 'Неизвестный статус заказа.', 'STATUS_UNKNOWN');
      // As the move's call: a carrier's order ships by its registration and is cancelled with its shipment.
      await context.services.shipments.plainMove(context.ctx, orderId(params.id), to);
      await context.services.orderDesk.move(context.ctx, orderId(params.id), {
        to,
        reason: form.text('reason').trim() || undefined,
        trackingNumber: form.text('trackingNumber').trim() || undefined,
      });
      return `Заказ переведён в статус «${STATUS_NAMES[to]}».`;
    },
  }),
  'shipment-register': intent({
    async run({ context, params }) {
      const shipment = await context.services.shipments.register(context.ctx, orderId(params.id));
      return `Отправка зарегистрирована: трек-номер ${shipment.number ?? ''}.`;
    },
  }),
  'shipment-cancel': intent({
    confirm: 'Отметьте, что отменяете отправку и заказ.',
    async run({ form, context, params }) {
      await context.services.shipments.cancel(context.ctx, orderId(params.id), form.text('reason'));
      return 'Отправка отменена у перевозчика, заказ отменён.';
    },
  }),
  'shipment-received': intent({
    confirm: 'Отметьте, что посылка у вас.',
    async run({ context, params }) {
      await context.services.shipments.received(context.ctx, orderId(params.id));
      return 'Посылка получена: товары возвращены на склад.';
    },
  }),
  lines: intent({
    read: (form) => ({
      action: form.text('action'),
      lineId: form.text('lineId'),
      offerId: form.text('offerId'),
      quantity: form.text('quantity'),
      address: form.text('address'),
      date: form.text('date'),
      time: form.text('time'),
      shopId: form.text('shopId'),
      pointId: form.text('pointId'),
      code: form.text('code'),
    }),
    schema: orderChangeInput,
    async run({ input, context, params }) {
      await context.services.orderEdits.change(context.ctx, orderId(params.id), input);
      return 'Заказ изменён: покупатель получит письмо.';
    },
  }),
  note: intent({
    async run({ form, context, params }) {
      await context.services.orderDesk.note(context.ctx, orderId(params.id), form.text('text'));
      return 'Заметка добавлена.';
    },
  }),
  'handover-without-code': intent({
    confirm: 'Отметьте, что выдаёте заказ без кода получения.',
    schema: handoverWithoutCodeInput,
    async run({ input, context, params }) {
      await context.services.orderDesk.handoverWithoutCode(context.ctx, orderId(params.id), input.reason);
      return 'Заказ выдан без кода: причина записана в журнал.';
    },
  }),
  buyout: intent({
    async run({ form, context, params }) {
      const kept = form.list('kept').map(Number).filter(Number.isSafeInteger);
      await context.services.orderDesk.buyout(context.ctx, orderId(params.id), kept);
      return 'Примерка записана: заказ получен.';
    },
  }),
  refund: intent({
    confirm: 'Отметьте, что подтверждаете возврат денег: отменить его нельзя.',
    read: (form) => ({ amount: form.text('amount'), reason: form.text('reason'), lineIds: form.list('lineIds') }),
    schema: refundInput,
    async run({ input, context, params }) {
      const refund = await context.services.orderDesk.refund(context.ctx, orderId(params.id), input);
      return `Возврат ${formatAmount(refund.amount)} оформлен.`;
    },
  }),
});

/** After any post, the card is read again: a refused move may mean the order moved under another's hands. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === 'POST' || defaultShouldRevalidate;

export const headers = cachePolicy('private');

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data ? `Заказ № ${data.card.number} — ВЬЮГА` : 'Заказ — ВЬЮГА' },
    { name: 'robots', content: 'noindex' },
  ];
}

type TimelineItem = { at: string; key: string } & (
  | { kind: 'move'; entry: DeskHistoryEntry }
  | { kind: 'note'; note: DeskNote }
  | { kind: 'payment'; event: DeskPaymentEvent }
);

/** Status moves, notes and payment events in one line of time, the latest first. */
function timeline(card: OrderCard): TimelineItem[] {
  const items: TimelineItem[] = [
    ...card.history.map((entry, i) => ({ at: entry.at, key: `m${i}`, kind: 'move' as const, entry })),
    ...card.notes.map((note) => ({ at: note.at, key: `n${note.id}`, kind: 'note' as const, note })),
    ...paymentTimeline(card.payment).map((event, i) => ({
      at: event.at,
      key: `p${i}`,
      kind: 'payment' as const,
      event,
    })),
  ];
  return items.sort((a, b) => b.at.localeCompare(a.at));
}

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { when, whenIn, zone } = useStaffClock();
  const { card, shipment, edit, imgVersion } = loaderData;
  const busy = useNavigation().state !== 'idle';
  const result = actionData as FormOutcome | undefined;
  const d = card.delivery;
  const place = d.address ?? d.shop ?? d.point ?? '';
  return (
    <>
      <CardHead back={{ to: '/admin/orders/', label: 'Все заказы' }} title={`Заказ № ${card.number}`}>
        <span className={desk.status} data-status={card.status}>
          {card.statusName}
        </span>
        {card.overdue && <span className={desk.overdue}>не подтверждён вовремя</span>}
      </CardHead>
      <p className={desk.muted}>{`Оформлен ${when(card.createdAt)}`}</p>
      <FormResult result={result} />
      <div className={desk.card}>
        <div className={desk.column}>
          <section className={desk.block} aria-labelledby="order-lines">
            <h2 id="order-lines">Товары</h2>
            <ul className={desk.lines}>
              {card.lines.map((line) => (
                <li key={line.id} className={desk.line}>
                  {line.image ? (
                    <img src={imageUrl(line.image, 'thumb', imgVersion)} alt="" width={78} height={116} />
                  ) : (
                    <span className={desk.noPhoto} />
                  )}
                  <div className={desk.lineInfo}>
                    <div className={desk.lineName}>
                      {line.url ? (
                        <a href={line.url} className={desk.link}>
                          {line.name}
                        </a>
                      ) : (
                        line.name
                      )}
                      {line.returned && <span className={desk.returned}>возвращён при примерке</span>}
                    </div>
                    <div className={desk.muted}>
                      {`Размер ${line.sizeName}`}
                      {line.color ? `, цвет ${line.color}` : ''}
                      {`, ${line.quantity} шт. × ${formatAmount(line.unitPrice)}`}
                    </div>
                    <div className="price">{formatAmount(line.total)}</div>
                    {line.stock.length > 0 && (
                      <table className={desk.stock}>
                        <caption>Остаток размера {line.sizeName}</caption>
                        <thead>
                          <tr>
                            <th scope="col">Склад или магазин</th>
                            <th scope="col">Есть</th>
                            <th scope="col">Взято в заказ</th>
                          </tr>
                        </thead>
                        <tbody>
                          {line.stock.map((s) => (
                            <tr key={s.storeId}>
                              <td>{s.storeName}</td>
                              <td>{s.quantity}</td>
                              <td>{s.taken || '—'}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            {edit && (
              <Suspense fallback={null}>
                <OrderEdit card={card} options={edit} busy={busy} buttonClass={styles.button} result={result} />
              </Suspense>
            )}
          </section>

          <section className={desk.block} aria-labelledby="order-totals">
            <h2 id="order-totals">Сумма</h2>
            <dl className={desk.totals}>
              <dt>Товары без скидки</dt>
              <dd className="price">{formatAmount(card.base)}</dd>
              {card.discount > 0 && (
                <>
                  <dt>Скидка</dt>
                  <dd className="price">{formatAmount(-card.discount)}</dd>
                </>
              )}
              {card.bonusesUsed > 0 && (
                <>
                  <dt>Оплачено бонусами</dt>
                  <dd className="price">{formatAmount(-card.bonusesUsed)}</dd>
                </>
              )}
              <dt>Доставка</dt>
              <dd className="price">{card.deliveryPrice ? formatAmount(card.deliveryPrice) : 'бесплатно'}</dd>
              <dt className={desk.total}>Итого</dt>
              <dd className={`${desk.total} price`}>{formatAmount(card.total)}</dd>
              {(card.card || card.bonusesEarned > 0) && (
                <>
                  <dt>Бонусов к начислению</dt>
                  <dd className="price">{formatAmount(card.bonusesEarned)}</dd>
                </>
              )}
              {card.promoCodes.length > 0 && (
                <>
                  <dt>Промокод</dt>
                  <dd>{card.promoCodes.join(', ')}</dd>
                </>
              )}
              {card.card && (
                <>
                  <dt>Дисконтная карта</dt>
                  <dd>{card.card}</dd>
                </>
              )}
            </dl>
          </section>

          <section className={desk.block} aria-labelledby="order-timeline">
            <h2 id="order-timeline">История</h2>
            {/* Keyed by the notes: a note saved empties the form, a refused one keeps its text. */}
            <Form method="post" className={desk.noteForm} key={card.notes.length}>
              <input type="hidden" name="intent" value="note" />
              <label>
                Заметка для сотрудников
                <textarea
                  name="text"
                  required
                  maxLength={2000}
                  rows={2}
                  defaultValue={result?.intent === 'note' && result.error ? result.values?.text : undefined}
                />
              </label>
              <button type="submit" className={styles.button} disabled={busy}>
                Добавить заметку
              </button>
            </Form>
            <ol className={desk.timeline}>
              {timeline(card).map((item) => (
                <li key={item.key}>
                  <time dateTime={item.at} className={desk.muted}>
                    {when(item.at)}
                  </time>
                  {item.kind === 'move' ? (
                    <div>
                      {item.entry.from
                        ? `«${STATUS_NAMES[item.entry.from]}» → «${STATUS_NAMES[item.entry.to]}»`
                        : `Оформлен: «${STATUS_NAMES[item.entry.to]}»`}
                      <span className={desk.muted}>{` · ${item.entry.actorName}`}</span>
                      {item.entry.reason && <div>{`Причина: ${item.entry.reason}`}</div>}
                    </div>
                  ) : item.kind === 'payment' ? (
                    <div>
                      {`Оплата: ${item.event.text}`}
                      <span className={desk.muted}>{` · ${item.event.sourceName}`}</span>
                      {item.event.note && <div>{item.event.note}</div>}
                    </div>
                  ) : (
                    <div>
                      <span className={desk.noteMark}>Заметка</span>
                      <span className={desk.muted}>{` · ${item.note.staff.email}`}</span>
                      <div className={desk.noteText}>{item.note.text}</div>
                    </div>
                  )}
                </li>
              ))}
            </ol>
          </section>
        </div>

        <div className={desk.column}>
          <section className={`${desk.block} ${desk.actions}`} aria-labelledby="order-actions">
            <h2 id="order-actions">Действия</h2>
            {card.allowedTransitions.length === 0 && <p className={desk.muted}>Заказ закрыт: шагов больше нет.</p>}
            <div className={desk.moves}>
              {card.allowedTransitions.map((to) => (
                <MoveForm key={to} to={to} busy={busy} result={result} />
              ))}
            </div>
            {card.canHandoverWithoutCode && (
              <HandoverWithoutCode busy={busy} result={result} className={desk.tryOn} buttonClass={styles.button} />
            )}
            {card.canBuyout && (
              <Form method="post" className={desk.tryOn}>
                <input type="hidden" name="intent" value="buyout" />
                <fieldset>
                  <legend>Примерка у двери: что покупатель оставил</legend>
                  {card.lines
                    .filter((l) => !l.returned)
                    .map((line) => (
                      <label key={line.id} className={desk.check}>
                        <input type="checkbox" name="kept" value={line.id} defaultChecked />
                        {`Покупатель оставил: ${line.name}, размер ${line.sizeName}${line.color ? `, ${line.color}` : ''}`}
                      </label>
                    ))}
                </fieldset>
                <button type="submit" className={styles.button} disabled={busy}>
                  Записать примерку
                </button>
              </Form>
            )}
          </section>

          <OrderShipment
            orderId={card.id}
            block={shipment}
            busy={busy}
            className={desk.block}
            buttonClass={styles.button}
            dangerClass={desk.danger}
            muted={desk.muted}
            timeline={desk.timeline}
          />

          <Suspense fallback={null}>
            <OrderPayment card={card} busy={busy} className={desk.block} buttonClass={styles.button} result={result} />
          </Suspense>

          <section className={desk.block} aria-labelledby="order-customer">
            <h2 id="order-customer">Покупатель</h2>
            <p>
              {fullName(card.customer)}
              <br />
              <a href={`tel:+${card.customer.phone}`} className={desk.link}>
                {phoneText(card.customer.phone)}
              </a>
              {card.customer.email && (
                <>
                  <br />
                  <a href={`mailto:${card.customer.email}`} className={desk.link}>
                    {card.customer.email}
                  </a>
                </>
              )}
            </p>
            <p className={desk.muted}>
              {card.customer.orders > 1 ? `Заказов всего: ${card.customer.orders}` : 'Первый заказ'}
              {card.customer.userId ? ', есть личный кабинет' : ', без регистрации'}
            </p>
            {card.comment && <p>{`Комментарий: ${card.comment}`}</p>}
            {card.isDisabledCall && <p>Просит не звонить для подтверждения.</p>}
          </section>

          <section className={desk.block} aria-labelledby="order-delivery">
            <h2 id="order-delivery">{card.deliveryName}</h2>
            <p>{place}</p>
            {d.date && <p>{`Доставка ${d.date}${d.time ? `, ${d.time.replace('-', '–')}` : ''}`}</p>}
            {d.readyDate && <p>{`Будет готов ${d.readyDate}`}</p>}
            {card.reservedUntil && (
              <p>{`Хранится по ${whenIn(lastDayBefore(card.reservedUntil), card.placeZone ?? zone, 'date')} включительно`}</p>
            )}
            {card.trackingNumber && <p>{`Трек-номер: ${card.trackingNumber}`}</p>}
            {edit && (
              <Suspense fallback={null}>
                <OrderDeliveryEdit card={card} options={edit} busy={busy} buttonClass={styles.button} result={result} />
              </Suspense>
            )}
          </section>

          <section className={desk.block} aria-labelledby="order-print">
            <h2 id="order-print">Печать</h2>
            <ul className={desk.printLinks}>
              <li>
                <a href={`/admin/orders/${card.id}/print/packing/`} className={desk.link}>
                  Упаковочный лист
                </a>
              </li>
              <li>
                <a href={`/admin/orders/${card.id}/print/receipt/`} className={desk.link}>
                  Товарный чек
                </a>
              </li>
              {card.deliveryType === 'COURIER' && (
                <li>
                  <a href={`/admin/orders/${card.id}/print/courier/`} className={desk.link}>
                    Лист курьера
                  </a>
                </li>
              )}
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}

/** One move as a form: a button, with the reason or the tracking number it needs. */
function MoveForm({ to, busy, result }: { to: OrderStatus; busy: boolean; result?: FormOutcome }) {
  const kept = result?.intent === 'move' && result.error && result.values?.to === to ? result.values : undefined;
  const label = `Перевести в «${STATUS_NAMES[to]}»`;
  const wordy = NEEDS_REASON.has(to) || to === 'shipped';
  return (
    <Form method="post" className={wordy ? desk.moveWordy : desk.move}>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="to" value={to} />
      {NEEDS_REASON.has(to) && (
        <label>
          {to === 'cancelled' ? 'Причина отмены' : 'Причина возврата'}
          <textarea name="reason" required maxLength={500} rows={2} defaultValue={kept?.reason} />
        </label>
      )}
      {to === 'shipped' && (
        <label>
          Трек-номер
          <input name="trackingNumber" required maxLength={64} autoComplete="off" defaultValue={kept?.trackingNumber} />
        </label>
      )}
      {NEEDS_REASON.has(to) && <Confirm>{to === 'cancelled' ? 'Да, отменить заказ' : 'Да, оформить возврат'}</Confirm>}
      <button
        type="submit"
        className={to === 'cancelled' || to === 'returned' ? desk.danger : styles.button}
        disabled={busy}
      >
        {label}
      </button>
    </Form>
  );
}

export const ErrorBoundary = deskBoundary('Заказ');
