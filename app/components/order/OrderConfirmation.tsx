import type { OrderTracking as OrderTrackingFacts } from '../../../domain/delivery/shipments';
import { OrderTracking } from './OrderTracking';
import { ShopLink } from '~/components/ui/ShopLink';
import { Form, useNavigation } from 'react-router';
import { imageUrl } from '../../../contract/images';
import type { OrderView } from '../../../domain/order/orders.service';
import { formatAmount } from '../../../domain/pricing/price';
import { lastDayBefore } from '../../../domain/text/dates';
import { useShopperClock } from '~/lib/shopper-clock';
import { AskQuestion } from '~/components/feedback/AskQuestion';
import { LineAmount } from './LineAmount';
import styles from './Checkout.module.css';

/** What happens after the order is saved, by how it is received. */
const NEXT: Record<OrderView['deliveryType'], string> = {
  COURIER: 'Перед доставкой курьер позвонит. Оплата при получении картой или наличными.',
  PICKUP: 'Когда заказ приедет в пункт выдачи, пришлём SMS с кодом получения. Заказ хранится 7 дней.',
  POCHTA: 'Пришлём трек-номер, как только передадим заказ Почте России. Оплата на почте при получении.',
  SHOP: 'Когда заказ будет готов, пришлём SMS. Возьмите паспорт или назовите номер заказа на кассе.',
};

/** The same, for an order paid online: nothing is paid on receipt. */
const NEXT_ONLINE: Record<OrderView['deliveryType'], string> = {
  ...NEXT,
  COURIER: 'Перед доставкой курьер позвонит.',
  POCHTA: 'Пришлём трек-номер, как только передадим заказ Почте России.',
};

/** The payment state's colour: paid is good news, a failed or missed payment is not. */
const TONES: Partial<Record<NonNullable<OrderView['payment']['state']>, string>> = {
  paid: 'ok',
  failed: 'bad',
  expired: 'bad',
};

/** Spec §2 `/order/?ORDER_ID=`: the saved order for its owner, with its cancel while the shop has not taken it. */
export function OrderConfirmation({
  order,
  tracking = null,
  imgVersion,
  result,
}: {
  order: OrderView;
  /** The tracking number with its link and the carrier's last event, once the order is shipped. */
  tracking?: OrderTrackingFacts | null;
  imgVersion: string;
  result?: { notice?: string; error?: string };
}) {
  const { whenIn } = useShopperClock();
  const d = order.delivery;
  const where = d.address ?? d.shop ?? (d.point ? `${d.point}` : '');
  const cancelled = order.status === 'cancelled';
  // A received order has no next step to promise; its title says it was received.
  const received = order.status === 'completed';
  const busy = useNavigation().state !== 'idle';
  const pay = order.payment;
  const online = pay.method === 'ONLINE';
  return (
    <main id="main" className={`container ${styles.page} ${styles.confirmation}`}>
      <h1
        className={styles.title}
      >{`Заказ № ${order.number} ${cancelled ? 'отменён' : received ? 'получен' : 'оформлен'}`}</h1>
      {result?.notice && (
        <p className={styles.notice} role="status">
          {result.notice}
        </p>
      )}
      {result?.error && (
        <p className={styles.error} role="alert">
          {result.error}
        </p>
      )}
      <p className={styles.lead}>
        {cancelled
          ? `Статус — «${order.statusName}».`
          : `Спасибо! Статус — «${order.statusName}». Подтверждение отправили SMS на +${order.phone}${order.email ? ` и письмом на ${order.email}` : ''}.`}
      </p>
      <section className={styles.block} aria-labelledby="order-delivery">
        <h2 id="order-delivery" className={styles.blockTitle}>
          {order.deliveryName}
        </h2>
        <p>
          {where}
          {d.date ? `, ${d.date}, ${d.time?.replace('-', '–')}` : ''}
        </p>
        <OrderTracking tracking={tracking} />
        {!cancelled && d.readyDate && order.reservedUntil && (
          <p>{`Будет готов ${d.readyDate}, хранится до ${whenIn(lastDayBefore(order.reservedUntil), order.placeZone, 'dayMonth')} включительно.`}</p>
        )}
        {!cancelled && !received && <p className={styles.muted}>{(online ? NEXT_ONLINE : NEXT)[order.deliveryType]}</p>}
      </section>
      <section className={styles.block} aria-labelledby="order-payment">
        <h2 id="order-payment" className={styles.blockTitle}>
          Оплата
        </h2>
        <p>{pay.methodName}</p>
        {pay.statusText && (
          <p
            className={styles.payState}
            data-testid="payment-status"
            data-tone={pay.state ? TONES[pay.state] : undefined}
          >
            {pay.statusText}
          </p>
        )}
        {pay.canPay && (
          // A full page post, so the browser follows the redirect to the provider's page, also without JavaScript.
          <Form method="post" reloadDocument className={styles.payForm}>
            <button type="submit" name="intent" value="pay" className={styles.primary} disabled={busy}>
              Оплатить
            </button>
            <p
              className={styles.hint}
            >{`${formatAmount(order.total)} картой или через СБП${pay.payBy ? `, ${pay.payBy}` : ''}`}</p>
          </Form>
        )}
        {!cancelled && pay.topUp > 0 && (
          // The shop changed the order to a larger sum: the difference, paid like the order itself.
          <Form method="post" reloadDocument className={styles.payForm}>
            <p className={styles.payState} data-testid="top-up-status">
              {`Ожидается доплата ${formatAmount(pay.topUp)}`}
            </p>
            <button type="submit" name="intent" value="top-up" className={styles.primary} disabled={busy}>
              {`Доплатить ${formatAmount(pay.topUp)}`}
            </button>
          </Form>
        )}
      </section>
      <section className={styles.block} aria-labelledby="order-lines">
        <h2 id="order-lines" className={styles.blockTitle}>
          Товары
        </h2>
        <ul className={styles.lines}>
          {order.lines.map((l) => (
            <li key={`${l.productId}-${l.sizeName}`} className={styles.line}>
              {l.image && (
                <img
                  src={imageUrl(l.image, 'thumb', imgVersion)}
                  alt=""
                  width={78}
                  height={104}
                  className={styles.thumb}
                />
              )}
              <div className={styles.lineInfo}>
                {l.url ? (
                  <ShopLink to={l.url} className={styles.lineName}>
                    {l.name}
                  </ShopLink>
                ) : (
                  <span className={styles.lineName}>{l.name}</span>
                )}
                <span className={styles.muted}>
                  Размер {l.sizeName}, {l.quantity} шт.
                </span>
              </div>
              <LineAmount total={l.total} unitPrice={l.unitPrice} quantity={l.quantity} />
            </li>
          ))}
        </ul>
        <dl className={styles.totals}>
          <div>
            <dt>Товары</dt>
            <dd data-testid="order-items">{formatAmount(order.base)}</dd>
          </div>
          {order.discount > 0 && (
            <div className={styles.discount}>
              <dt>Скидка</dt>
              <dd data-testid="order-discount">{`−${formatAmount(order.discount)}`}</dd>
            </div>
          )}
          {order.bonusesUsed > 0 && (
            <div className={styles.discount}>
              <dt>Бонусами</dt>
              <dd data-testid="order-bonuses">{`−${formatAmount(order.bonusesUsed)}`}</dd>
            </div>
          )}
          <div>
            <dt>Доставка</dt>
            <dd data-testid="order-delivery">
              {order.deliveryPrice > 0 ? formatAmount(order.deliveryPrice) : 'бесплатно'}
            </dd>
          </div>
          <div className={styles.total}>
            <dt>
              {!online
                ? 'К оплате при получении'
                : pay.topUp > 0
                  ? 'Итого, с доплатой'
                  : pay.paid > 0
                    ? 'Оплачено онлайн'
                    : 'К оплате онлайн'}
            </dt>
            <dd data-testid="order-total">{formatAmount(order.total)}</dd>
          </div>
        </dl>
      </section>
      {order.canCancel && (
        <details className={styles.cancel}>
          <summary>Отменить заказ</summary>
          <Form method="post" className={styles.cancelForm}>
            <p>Товары вернутся в продажу, промокод и бонусы — на ваш счёт.</p>
            <button type="submit" name="intent" value="cancel" className={styles.secondary} disabled={busy}>
              Да, отменить заказ
            </button>
          </Form>
        </details>
      )}
      <AskQuestion orderNumber={order.number} about="Вопрос о заказе? Напишите — номер заказа мы подставим." />
      <p className={styles.actions}>
        <ShopLink to="/lk/order/" className={styles.secondary}>
          Мои заказы
        </ShopLink>
        <ShopLink to="/catalog/" className={styles.primaryLink}>
          Продолжить покупки
        </ShopLink>
      </p>
    </main>
  );
}
