import { data } from 'react-router';
import { ShopLink } from '~/components/ui/ShopLink';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/stock-alert';
import styles from './auth.module.css';

/**
 * The links of «Сообщить о поступлении» letters (issue 44.1): `?do=confirm` (double opt-in) or `?do=stop`. A link
 * older than `STOCK_ALERT_LINK_DAYS` answers 410 with its own page: nothing changes.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const token = (q.get('token') ?? '').slice(0, 100);
  const action = q.get('do') === 'stop' ? ('stop' as const) : ('confirm' as const);
  const state =
    action === 'stop'
      ? await context.services.stockAlerts.unsubscribe(token)
      : await context.services.stockAlerts.confirm(token);
  if (state === 'expired') return data({ action, ok: false, expired: true }, { status: 410 });
  return { action, ok: action === 'stop' ? state !== 'invalid' : state === 'confirmed', expired: false };
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: `Сообщить о поступлении — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function StockAlertLink({ loaderData }: Route.ComponentProps) {
  const { action, ok, expired } = loaderData;
  const title = expired
    ? 'Срок действия ссылки истёк'
    : !ok
      ? 'Ссылка не сработала'
      : action === 'stop'
        ? 'Вы отписаны'
        : 'Подписка подтверждена';
  const text = expired
    ? action === 'stop'
      ? 'Ссылка из письма больше не действует. Подписки можно посмотреть и отменить в личном кабинете.'
      : 'Ссылка из письма больше не действует. Подпишитесь ещё раз на странице товара — придёт новое письмо.'
    : !ok
      ? 'Ссылка испорчена или подписка уже закрыта. Подпишитесь ещё раз на странице товара.'
      : action === 'stop'
        ? 'Больше не напишем об этом размере. Подписки можно посмотреть в личном кабинете.'
        : 'Напишем один раз, как только размер снова появится в наличии.';
  return (
    <main id="main" className={`container ${styles.page}`}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{text}</p>
      <ShopLink className={styles.button} to="/">
        На главную
      </ShopLink>
    </main>
  );
}
