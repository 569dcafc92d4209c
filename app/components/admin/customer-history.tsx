import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CustomerOrder } from '../../../domain/customers/customers-admin';
import type {
  CustomerLifetime,
  CustomerQuestion,
  CustomerSubscription,
} from '../../../domain/customers/customer-history';
import { formatAmount } from '../../../domain/pricing/price';
import css from '../../routes/admin/customers.module.css';
import desk from '../../routes/admin/orders.module.css';
import { type Column, DataTable, TableFrame } from './kit';

/** A block of a customer's card under its heading. */
export function CardBlock({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={css.block} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A block's table of `rows` in its frame, or the `empty` text when there are none. */
export function CardRows<Row>(props: {
  label: string;
  empty: string;
  rows: readonly Row[];
  rowKey: (row: Row) => number;
  columns: Column<Row>[];
}) {
  if (props.rows.length === 0) return <p>{props.empty}</p>;
  return (
    <TableFrame label={props.label}>
      <DataTable className={css.small} rows={props.rows} rowKey={props.rowKey} columns={props.columns} />
    </TableFrame>
  );
}

const count = (n: number, one: string, few: string, many: string) => {
  const tens = n % 100;
  const units = n % 10;
  const word = tens > 10 && tens < 20 ? many : units === 1 ? one : units >= 2 && units <= 4 ? few : many;
  return `${n} ${word}`;
};
const orders = (n: number) => count(n, 'заказ', 'заказа', 'заказов');

/**
 * «За всё время» (issue 47.2): orders received and their sum, returns, bonuses. `balance` is the card's bonuses in
 * kopecks, null when the customer has no card (a guest never has).
 */
export function LifetimeBlock({ lifetime: l, balance }: { lifetime: CustomerLifetime; balance: number | null }) {
  return (
    <CardBlock id="lifetime" title="За всё время">
      <p className={css.balance}>{formatAmount(l.completedSum)}</p>
      <p className={css.hint}>{`получено ${orders(l.completed)} (без отменённых и возвращённых)`}</p>
      <dl className={css.facts} style={{ marginTop: 12 }}>
        <dt>Заказов всего</dt>
        <dd>{l.allOrders}</dd>
        <dt>Получено</dt>
        <dd>{`${orders(l.completed)} на ${formatAmount(l.completedSum)}`}</dd>
        <dt>Возвраты</dt>
        <dd>
          {l.returns.orders ? `${orders(l.returns.orders)} на ${formatAmount(l.returns.sum)}` : 'нет'}
          {l.returns.refunded > 0 && (
            <div className={desk.muted}>{`вернули на карту ${formatAmount(l.returns.refunded)}`}</div>
          )}
          {l.returns.linesGivenBack > 0 && (
            <div
              className={desk.muted}
            >{`отказ при примерке: ${count(l.returns.linesGivenBack, 'вещь', 'вещи', 'вещей')}`}</div>
          )}
        </dd>
        <dt>Бонусы</dt>
        <dd>
          {balance === null ? 'дисконтной карты нет' : `на балансе ${formatAmount(balance)}`}
          {(l.bonuses.credited > 0 || l.bonuses.spent > 0) && (
            <div className={desk.muted}>
              {`начислено ${formatAmount(l.bonuses.credited)}, потрачено ${formatAmount(l.bonuses.spent)}`}
            </div>
          )}
        </dd>
      </dl>
    </CardBlock>
  );
}

/** The customer's orders, the latest first: number (a link to the order), date, status, the `more` columns, sum. */
export function OrdersBlock<Row extends CustomerOrder>(props: {
  label: string;
  rows: readonly Row[];
  when: (iso: string) => string;
  more?: Column<Row>[];
}) {
  return (
    <CardBlock id="orders" title="Заказы">
      <CardRows
        label={props.label}
        empty="Заказов нет."
        rows={props.rows}
        rowKey={(o) => o.id}
        columns={[
          {
            title: 'Номер',
            className: desk.nowrap,
            cell: (o) => <Link to={`/admin/orders/${o.id}/`} className={desk.link}>{`№ ${o.number}`}</Link>,
          },
          { title: 'Дата', className: desk.nowrap, cell: (o) => props.when(o.createdAt) },
          {
            title: 'Статус',
            cell: (o) => (
              <span className={desk.status} data-status={o.status}>
                {o.statusName}
              </span>
            ),
          },
          ...(props.more ?? []),
          { title: 'Сумма', className: `${css.number} price`, cell: (o) => formatAmount(o.total) },
        ]}
      />
    </CardBlock>
  );
}

const CHANNELS = { email: 'email', sms: 'SMS' } as const;

/** «Сообщить о поступлении» subscriptions: product (a link for those who edit the catalog), size, channel, state. */
export function SubscriptionsBlock(props: {
  rows: CustomerSubscription[];
  when: (iso: string) => string;
  productLinks: boolean;
}) {
  return (
    <CardBlock id="subscriptions" title="Подписки на поступление">
      <CardRows
        label="Подписки покупателя"
        empty="Подписок на поступление нет."
        rows={props.rows}
        rowKey={(s) => s.id}
        columns={[
          {
            title: 'Товар',
            cell: (s) =>
              props.productLinks ? (
                <Link to={`/admin/products/${s.productId}/`} className={desk.link}>
                  {s.productName}
                </Link>
              ) : (
                s.productName
              ),
          },
          { title: 'Размер', className: desk.nowrap, cell: (s) => s.sizeName || '—' },
          { title: 'Канал', cell: (s) => CHANNELS[s.channel] ?? s.channel },
          { title: 'Состояние', cell: (s) => s.stateName },
          { title: 'Дата', className: desk.nowrap, cell: (s) => props.when(s.createdAt) },
        ]}
      />
    </CardBlock>
  );
}

/** The feedback form's questions: date, topic, the first words (a link for the content staff), answered or not. */
export function QuestionsBlock(props: {
  rows: CustomerQuestion[];
  when: (iso: string) => string;
  questionLinks: boolean;
}) {
  return (
    <CardBlock id="questions" title="Вопросы">
      <CardRows
        label="Вопросы покупателя"
        empty="Вопросов не было."
        rows={props.rows}
        rowKey={(q) => q.id}
        columns={[
          { title: 'Дата', className: desk.nowrap, cell: (q) => props.when(q.createdAt) },
          { title: 'Тема', cell: (q) => q.topicName },
          {
            title: 'Вопрос',
            cell: (q) =>
              props.questionLinks ? (
                <Link to={`/admin/questions/${q.id}/`} className={desk.link}>
                  {q.excerpt}
                </Link>
              ) : (
                q.excerpt
              ),
          },
          { title: 'Ответ', className: desk.nowrap, cell: (q) => (q.answered ? 'дан' : 'ждёт') },
        ]}
      />
    </CardBlock>
  );
}
