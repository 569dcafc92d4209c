import { ShopLink } from '~/components/ui/ShopLink';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/unsubscribe';
import styles from './auth.module.css';

const linkOf = (request: Request) => {
  const q = new URL(request.url).searchParams;
  return { email: (q.get('email') ?? '').slice(0, 254), sig: (q.get('sig') ?? '').slice(0, 100) };
};

/** The unsubscribe link of every newsletter letter: one click, no login. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { state: await context.services.newsletter.unsubscribe(linkOf(request)) };
}

/** RFC 8058 one-click unsubscribe: mail clients POST to the same link. */
export async function action({ request, context }: Route.ActionArgs) {
  return { state: await context.services.newsletter.unsubscribe(linkOf(request)) };
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: `Отписка от новостей — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = (actionData ?? loaderData).state;
  return (
    <main id="main" className={`container ${styles.page}`}>
      <h1 className={styles.title}>{state === 'invalid' ? 'Ссылка не сработала' : 'Вы отписаны'}</h1>
      <p className={styles.text}>
        {state === 'invalid'
          ? 'Ссылка испорчена. Откройте её из письма ещё раз или напишите нам — отпишем вручную.'
          : 'Больше писем с новостями и скидками не будет. Письма о ваших заказах приходят по-прежнему.'}
      </p>
      <ShopLink className={styles.button} to="/">
        На главную
      </ShopLink>
    </main>
  );
}
