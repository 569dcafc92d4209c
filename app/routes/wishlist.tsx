import { Heart } from 'lucide-react';
import { PRODUCT_FORMS, plural } from '../../domain/text/plural';
import { DelayedCard } from '~/components/basket/DelayedCard';
import { GuestInvite } from '~/components/account/GuestInvite';
import { EmptyState } from '~/components/basket/EmptyState';
import { useLiveBasket } from '~/lib/basket-store';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/wishlist';
import styles from './basket.module.css';

// The visitor's own lines: no cache may keep or share them.
export const headers = cachePolicy('private');

export async function loader({ context }: Route.LoaderArgs) {
  const { services, ctx, options } = context;
  const basket = await services.basket.state(ctx);
  return { basket, imgVersion: options.imgVersion };
}

export function meta() {
  return [{ title: 'Отложенные товары — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

/** The wishlist (the basket's delayUrl): the delayed items in a grid. */
export default function WishlistPage({ loaderData }: Route.ComponentProps) {
  const basket = useLiveBasket(loaderData.basket);
  const inCart = new Set(basket.available.map((line) => line.offer.id));
  return (
    <main id="main" className={`container ${styles.page}`}>
      <div className={styles.head}>
        <h1 className={styles.title}>Отложенные товары</h1>
        {basket.delayCount > 0 && (
          <span className={styles.count}>{`${basket.delayCount} ${plural(basket.delayCount, PRODUCT_FORMS)}`}</span>
        )}
      </div>
      <GuestInvite text="отложенное сохранится в аккаунте и будет видно на всех устройствах." />
      {basket.delay.length > 0 ? (
        <ul className={styles.grid}>
          {basket.delay.map((line) => (
            <DelayedCard
              key={line.id}
              line={line}
              inCart={inCart.has(line.offer.id)}
              imgVersion={loaderData.imgVersion}
            />
          ))}
        </ul>
      ) : (
        <EmptyState
          Icon={Heart}
          title="Отложенных товаров нет"
          text="Нажмите на сердечко на странице товара, чтобы отложить его и вернуться к нему позже."
        />
      )}
    </main>
  );
}
