import { ShopLink } from '~/components/ui/ShopLink';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/stock-alert';
import styles from './auth.module.css';

/** The links of «Сообщить о поступлении» letters (issue 44.1): `?do=confirm` (double opt-in) or `?do=stop`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const token = (q.get('token') ?? '').slice(0, 100);
  if (q.get('do') === 'stop') {
    const state = await context.services.stockAlerts.unsubscribe(token);
    return { action: 'stop' as const, ok: state !== 'invalid' };
  }
  return { action: 'confirm' as const, ok: (await context.services.stockAlerts.confirm(token)) === 'confirmed' };
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: `Сообщить о поступлении — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function StockAlertLink({ loaderData }: Route.ComponentProps) {
  const { action, ok } = loaderData;
  const title = !ok ? 'Ссылка не сработала' : action === 'stop' ? 'Вы отписаны' : 'Подписка подтверждена';
  const text = !ok
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
