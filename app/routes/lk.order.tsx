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
import { ReviewForm } from '~/components/reviews/ReviewForm';
import reviewStyles from '~/components/reviews/ReviewForm.module.css';
import { postReview } from '~/lib/review-form.server';

/** The review asked for by `?review={orderId}&offer={offerId}` (the letter's and the list's link), if any. */
function reviewAsked(request: Request) {
  const url = new URL(request.url);
  const order = Number(url.searchParams.get('review'));
  const offer = Number(url.searchParams.get('offer'));
  return Number.isSafeInteger(order) && order > 0 ? { order, offer: Number.isSafeInteger(offer) ? offer : 0 } : null;
}

/** Spec §2 /lk/order/: the user's orders, newest first; each opens its own page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireCabinetUser(request, context);
  const orders = await context.services.orders.history(context.ctx);
  // The user's own orders (history reads only theirs): the tracking of those on their way or delivered.
  const tracked = orders.filter((o) => ['shipped', 'ready', 'completed', 'returned'].includes(o.status));
  const trackings = Object.fromEntries(
    await Promise.all(tracked.map(async (o) => [o.id, await context.services.shipments.tracking(o.id)] as const)),
  );
  // Issue 44.2: the received lines with whether each is reviewed, and the form a link asked for.
  const reviewLines = await context.services.reviews.cabinetLines(context.ctx);
  const asked = reviewAsked(request);
  const open = asked
    ? (reviewLines.find((l) => l.orderId === asked.order && l.offerId === asked.offer && !l.reviewed) ??
      reviewLines.find((l) => l.orderId === asked.order && !l.reviewed) ??
      null)
    : null;
  return { orders, trackings, imgVersion: context.options.imgVersion, reviewLines, reviewOpen: open };
}

/** The review form's post: the same checks as the API's add. */
export async function action({ request, context }: Route.ActionArgs) {
  requireCabinetUser(request, context);
  return postReview(request, context);
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: `Мои заказы — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, trackings, imgVersion, reviewLines, reviewOpen } = loaderData;
  const { when, whenIn } = useShopperClock();
  const reviewResult = actionData;
  const refused = reviewResult && !reviewResult.ok ? reviewResult : undefined;
  return (
    <CabinetLayout title="Мои заказы">
      {reviewResult?.ok && (
        <p role="status" className={reviewStyles.done}>
          Спасибо! Отзыв отправлен и появится на странице товара после проверки.
        </p>
      )}
      {reviewOpen && (
        <ReviewForm
          line={reviewOpen}
          action={`/lk/order/?review=${reviewOpen.orderId}&offer=${reviewOpen.offerId}`}
          result={refused}
        />
      )}
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
              <ReviewLinks lines={reviewLines.filter((l) => l.orderId === order.id)} />
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

/** Issue 44.2: «Оставить отзыв» for each received line not reviewed yet; «Отзыв оставлен» for the others. */
function ReviewLinks({ lines }: { lines: Route.ComponentProps['loaderData']['reviewLines'] }) {
  if (lines.length === 0) return null;
  return (
    <ul className={reviewStyles.links}>
      {lines.map((line) => (
        <li key={`${line.orderId}-${line.offerId}`}>
          {line.reviewed ? (
            <span>{`${line.name}, ${line.sizeName}: отзыв оставлен`}</span>
          ) : (
            <a href={`/lk/order/?review=${line.orderId}&offer=${line.offerId}#review`}>
              Оставить отзыв
              <span className="visually-hidden">{` о товаре «${line.name}», размер ${line.sizeName}`}</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
