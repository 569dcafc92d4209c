import { Form } from 'react-router';
import { ShopLink } from '~/components/ui/ShopLink';
import { imageUrl } from '../../contract/images';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { formatAmount } from '../../domain/pricing/price';
import { lastDayBefore } from '../../domain/text/dates';
import styles from '~/components/account/Cabinet.module.css';
import { CabinetLayout } from '~/components/account/CabinetLayout';
import { requireCabinetUser } from '~/lib/cabinet';
import { useShopperClock } from '~/lib/shopper-clock';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/lk.order';

/** Spec §2 /lk/order/: the user's orders, newest first; each opens its own page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireCabinetUser(request, context);
  const orders = await context.services.orders.history(context.ctx);
  // The user's own orders (history reads only theirs): the tracking of those on their way or delivered.
  const tracked = orders.filter((o) => ['shipped', 'ready', 'completed', 'returned'].includes(o.status));
  const trackings = Object.fromEntries(
    await Promise.all(tracked.map(async (o) => [o.id, await context.services.shipments.tracking(o.id)] as const)),
  );
  return { orders, trackings, imgVersion: context.options.imgVersion };
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: `Мои заказы — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders, trackings, imgVersion } = loaderData;
  const { when, whenIn } = useShopperClock();
  return (
    <CabinetLayout title="Мои заказы">
      {orders.length === 0 ? (
        <>
          <p className={styles.empty}>Заказов пока нет.</p>
          <ShopLink to="/catalog/women/">Перейти в каталог</ShopLink>
        </>
      ) : (
        <ul className={styles.list}>
          {orders.map((order) => (
            <li key={order.id} className={styles.card}>
              <div className={styles.row}>
                <ShopLink to={`/order/?ORDER_ID=${order.id}`}>
                  <b>{`Заказ № ${order.number}`}</b>
                </ShopLink>
                <span>{`от ${when(order.createdAt, 'longDate')}`}</span>
                <span className={styles.state}>{order.statusName}</span>
              </div>
              <div className={styles.row}>
                {order.lines.map((line) =>
                  line.image ? (
                    <img
                      key={`${line.productId}-${line.sizeName}`}
                      src={imageUrl(line.image, 'thumb', imgVersion)}
                      alt={`${line.name}, размер ${line.sizeName}`}
                      width={48}
                      height={64}
                    />
                  ) : null,
                )}
              </div>
              <div className={styles.row}>
                <span>
                  {order.deliveryName}
                  {order.reservedUntil && order.status !== 'cancelled'
                    ? `, хранится до ${whenIn(lastDayBefore(order.reservedUntil), order.placeZone, 'longDate')}`
                    : ''}
                </span>
                <b>{formatAmount(order.total)}</b>
              </div>
              <TrackingRow tracking={trackings[order.id] ?? null} />
              {order.payment.canPay && (
                // The order page's own «Оплатить»: a full page post that goes on to where the order is paid.
                <Form method="post" action={`/order/?ORDER_ID=${order.id}`} reloadDocument className={styles.row}>
                  <span>{order.payment.statusText}</span>
                  <button type="submit" name="intent" value="pay" className={styles.pay}>
                    Оплатить
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </CabinetLayout>
  );
}

/**
 * The order's tracking number, linked to the carrier's page, and its last event. The order page has its own
 * `OrderTracking`: sharing one component made a file of its own that both pages would load (page-javascript.test).
 */
function TrackingRow({ tracking }: { tracking: Route.ComponentProps['loaderData']['trackings'][number] | null }) {
  if (!tracking) return null;
  const number = tracking.url ? (
    <a href={tracking.url} target="_blank" rel="noreferrer">
      {tracking.number}
    </a>
  ) : (
    tracking.number
  );
  return (
    <p className={styles.row}>
      Трек-номер: {number}
      {tracking.lastEvent ? ` — ${tracking.lastEvent}` : ''}
    </p>
  );
}
