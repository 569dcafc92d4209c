import { lazy, Suspense } from 'react';
import { data, redirect } from 'react-router';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { isDomainError } from '../../domain/errors';
import { CheckoutForm } from '~/components/order/CheckoutForm';
import { statusOf } from '../../contract/error-status';
import { formFields } from '~/lib/form-fields';
import { ORDER_DISCOUNT_CARD_COOKIE, readCookie } from '~/lib/cookies';
import { readProfileCookies } from '../../contract/profile-cookies';
import { formFailure } from '~/lib/form-errors';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/order';

// The page is the checkout or a saved order's confirmation, never both: each loads only its own part.
const OrderConfirmation = lazy(() =>
  import('~/components/order/OrderConfirmation').then((m) => ({ default: m.OrderConfirmation })),
);

/**
 * Spec §2 /order/: the order page; with `ORDER_ID` the saved order's confirmation, to its owner only (the user,
 * the session that placed it, or the signed link of its letter).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, ctx, options } = context;
  const url = new URL(request.url);
  const orderId = url.searchParams.get('ORDER_ID');
  if (orderId !== null) {
    const id = Number(orderId);
    try {
      if (!Number.isSafeInteger(id) || id <= 0) throw new Error('not an id');
      const token = url.searchParams.get('token') ?? undefined;
      let order = await services.orders.view(ctx, id, token);
      if (order.payment.canPay || order.payment.topUp > 0) {
        // Back from the provider: its answer is read now, so the page is right even when no notification came.
        // A gateway that does not answer leaves the order as it stands; the reconcile run catches up later.
        await services.payments.refresh(id, 'return').catch(() => undefined);
        order = await services.orders.view(ctx, id, token);
      }
      // The owner was checked by `view`: the tracking of their own order.
      const tracking = await services.shipments.tracking(id);
      return { kind: 'confirmation' as const, order, tracking, imgVersion: options.imgVersion };
    } catch (error) {
      if (error instanceof Error && !isDomainError(error) && error.message !== 'not an id') throw error;
      throw data('Заказ не найден', { status: 404 });
    }
  }
  const cookie = request.headers.get('cookie');
  const [state, confirmedPhones] = await Promise.all([
    services.checkout.data(ctx, {
      cookieInterval: {
        date: readCookie(cookie, 'order_delivery_interval_date'),
        time: readCookie(cookie, 'order_delivery_interval_time'),
      },
      // Spec §3: the card the shopper gave last time applies again (one that stopped applying is left out).
      discountCard: readCookie(cookie, ORDER_DISCOUNT_CARD_COOKIE),
      profileCookies: readProfileCookies((name) => readCookie(cookie, name)),
    }),
    services.checkout.confirmedPhones(ctx),
  ]);
  return {
    kind: 'checkout' as const,
    state,
    onlinePayment: options.onlinePayment,
    // Spec §3 Order `data`: the profile, or a guest's profile cookies, fill the contact fields.
    profile: state.data,
    confirmedPhones,
    auth: ctx.actor.kind === 'user',
    imgVersion: options.imgVersion,
  };
}

/** The confirmation's «Отменить заказ» and «Оплатить» (plain forms, so they work without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, ctx } = context;
  const url = new URL(request.url);
  const id = Number(url.searchParams.get('ORDER_ID'));
  const token = url.searchParams.get('token') ?? undefined;
  const fields = await formFields(request);
  const intents = ['cancel', 'pay', 'top-up'];
  if (!intents.includes(String(fields.intent)) || !Number.isSafeInteger(id) || id <= 0)
    throw data('Неизвестное действие', { status: 400 });
  if (fields.intent === 'cancel') {
    try {
      await services.orders.cancel(ctx, id, token);
      return { notice: 'Заказ отменён. Товары вернулись в продажу.' };
    } catch (error) {
      return formFailure(error);
    }
  }
  let confirmationUrl: string;
  try {
    // The owner's check first: only the order's owner may start its payment.
    await services.orders.view(ctx, id, token);
    ({ confirmationUrl } =
      fields.intent === 'top-up'
        ? await services.payments.topUpLink(id, 'order-page')
        : await services.payments.start(id, 'order-page'));
  } catch (error) {
    const failure = formFailure(error);
    return data(failure, { status: statusOf(isDomainError(error) ? error.kind : 'validation') });
  }
  throw redirect(confirmationUrl, 303);
}

export const headers = cachePolicy('private');

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData?.kind === 'confirmation' ? `Заказ № ${loaderData.order.number}` : 'Оформление заказа';
  return [{ title: `${title} — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === 'confirmation')
    return (
      <Suspense fallback={null}>
        <OrderConfirmation
          order={loaderData.order}
          tracking={loaderData.tracking}
          imgVersion={loaderData.imgVersion}
          result={actionData}
        />
      </Suspense>
    );
  return <CheckoutForm {...loaderData} />;
}
