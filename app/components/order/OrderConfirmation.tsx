import { Link } from 'react-router';
import { imageUrl } from '../../../contract/images';
import type { OrderView } from '../../../domain/order/orders.service';
import { formatPrice } from '../../../domain/pricing/price';
import styles from './Checkout.module.css';

/** What happens after the order is saved, by how it is received. */
const NEXT: Record<OrderView['deliveryType'], string> = {
  COURIER: 'Перед доставкой курьер позвонит. Оплата при получении картой или наличными.',
  PICKUP: 'Когда заказ приедет в пункт выдачи, пришлём SMS с кодом получения. Заказ хранится 7 дней.',
  POCHTA: 'Пришлём трек-номер, как только передадим заказ Почте России. Оплата на почте при получении.',
  SHOP: 'Когда заказ будет готов, пришлём SMS. Возьмите паспорт или назовите номер заказа на кассе.',
};

/** Spec §2 `/order/?ORDER_ID=`: the saved order for its owner. */
export function OrderConfirmation({ order, imgVersion }: { order: OrderView; imgVersion: string }) {
  const d = order.delivery;
  const where = d.address ?? d.shop ?? (d.point ? `${d.point}` : '');
  return (
    <main id="main" className={`container ${styles.page} ${styles.confirmation}`}>
      <h1 className={styles.title}>{`Заказ № ${order.number} оформлен`}</h1>
      <p className={styles.lead}>
        Спасибо! Статус — «{order.statusName}». Подтверждение отправили SMS на +{order.phone}
        {order.email ? ` и письмом на ${order.email}` : ''}.
      </p>
      <section className={styles.block} aria-labelledby="order-delivery">
        <h2 id="order-delivery" className={styles.blockTitle}>
          {order.deliveryName}
        </h2>
        <p>
          {where}
          {d.date ? `, ${d.date}, ${d.time?.replace('-', '–')}` : ''}
        </p>
        <p className={styles.muted}>{NEXT[order.deliveryType]}</p>
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
                  <Link to={l.url} className={styles.lineName}>
                    {l.name}
                  </Link>
                ) : (
                  <span className={styles.lineName}>{l.name}</span>
                )}
                <span className={styles.muted}>
                  Размер {l.sizeName}, {l.quantity} шт.
                </span>
              </div>
              <span className={styles.linePrice}>{formatPrice(l.total)}</span>
            </li>
          ))}
        </ul>
        <dl className={styles.totals}>
          <div>
            <dt>Товары</dt>
            <dd>{formatPrice(order.items)}</dd>
          </div>
          {order.discount > 0 && (
            <div className={styles.discount}>
              <dt>Скидка</dt>
              <dd>−{formatPrice(order.discount)}</dd>
            </div>
          )}
          {order.bonusesUsed > 0 && (
            <div className={styles.discount}>
              <dt>Бонусами</dt>
              <dd>−{formatPrice(order.bonusesUsed)}</dd>
            </div>
          )}
          <div>
            <dt>Доставка</dt>
            <dd>{order.deliveryPrice > 0 ? formatPrice(order.deliveryPrice) : 'бесплатно'}</dd>
          </div>
          <div className={styles.total}>
            <dt>К оплате при получении</dt>
            <dd>{formatPrice(order.total)}</dd>
          </div>
        </dl>
      </section>
      <p className={styles.actions}>
        <Link to="/lk/order/" className={styles.secondary}>
          Мои заказы
        </Link>
        <Link to="/catalog/" className={styles.primaryLink}>
          Продолжить покупки
        </Link>
      </p>
    </main>
  );
}
