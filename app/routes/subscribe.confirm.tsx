import { ShopLink } from '~/components/ui/ShopLink';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/subscribe.confirm';
import styles from './auth.module.css';

/** The link of the newsletter's confirmation letter (double opt-in). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const link = {
    email: (q.get('email') ?? '').slice(0, 254),
    until: q.get('until') ?? '',
    sig: (q.get('sig') ?? '').slice(0, 100),
  };
  return { state: await context.services.newsletter.confirm(context.ctx, link) };
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: `Подписка на новости — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function SubscribeConfirm({ loaderData }: Route.ComponentProps) {
  const ok = loaderData.state === 'confirmed';
  return (
    <main id="main" className={`container ${styles.page}`}>
      <h1 className={styles.title}>{ok ? 'Подписка подтверждена' : 'Ссылка не сработала'}</h1>
      <p className={styles.text}>
        {ok
          ? 'Спасибо! Новости и скидки будут приходить не чаще раза в неделю. Отписаться можно по ссылке в любом письме.'
          : 'Ссылка устарела или испорчена. Подпишитесь ещё раз внизу любой страницы — мы пришлём новое письмо.'}
      </p>
      <ShopLink className={styles.button} to="/">
        На главную
      </ShopLink>
    </main>
  );
}
