import { ShopLink } from '~/components/ui/ShopLink';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/auth.confirm';
import styles from './auth.module.css';

/** The email-confirmed page (spec §2): the link of the confirmation letter lands here and confirms the address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const confirmed =
    token.length > 0 && token.length <= 200 && (await context.services.credentials.confirmEmail(context.ctx, token));
  return { confirmed };
}

// The answer depends on a one-use token: no cache may keep it.
export const headers = cachePolicy('private');

export function meta() {
  return [{ title: `Подтверждение email — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function EmailConfirmed({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className={`container ${styles.page}`}>
      {loaderData.confirmed ? (
        <>
          <h1 className={styles.title}>Email подтверждён</h1>
          <p className={styles.text}>
            Спасибо! На этот адрес будут приходить письма о заказах и ссылки для восстановления пароля.
          </p>
          <ShopLink className={styles.button} to="/lk/">
            В личный кабинет
          </ShopLink>
        </>
      ) : (
        <>
          <h1 className={styles.title}>Ссылка не сработала</h1>
          <p className={styles.text}>
            Ссылка устарела или уже использована. Войдите в личный кабинет и запросите новое письмо для подтверждения.
          </p>
          <ShopLink className={styles.button} to="/auth/">
            Войти
          </ShopLink>
        </>
      )}
    </main>
  );
}
