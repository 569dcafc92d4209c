import { ShoppingBag } from 'lucide-react';
import { ShopLink } from '~/components/ui/ShopLink';
import { PRODUCT_FORMS, plural } from '../../domain/text/plural';
import { BasketLineItem } from '~/components/basket/BasketLineItem';
import { BasketSummary } from '~/components/basket/BasketSummary';
import { DelayedCard } from '~/components/basket/DelayedCard';
import { EmptyState } from '~/components/basket/EmptyState';
import { useLiveBasket } from '~/lib/basket-store';
import { LazyAdditions, LazyViewedRow } from '~/components/related/lazy';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/basket';
import styles from './basket.module.css';

/** How many delayed items the basket page shows; the rest are on the wishlist page. */
const DELAYED_ON_BASKET_PAGE = 8;

// The visitor's own lines: no cache may keep or share them.
export const headers = cachePolicy('private');

export async function loader({ context }: Route.LoaderArgs) {
  const { services, ctx, options } = context;
  const basket = await services.basket.state(ctx);
  return { basket, imgVersion: options.imgVersion };
}

export function meta() {
  return [{ title: 'Корзина — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

export default function BasketPage({ loaderData }: Route.ComponentProps) {
  const basket = useLiveBasket(loaderData.basket);
  const { imgVersion } = loaderData;
  const inCart = new Set(basket.available.map((line) => line.offer.id));
  return (
    <main id="main" className={`container ${styles.page}`}>
      <div className={styles.head}>
        <h1 className={styles.title}>Корзина</h1>
        {basket.availableCount > 0 && (
          <span
            className={styles.count}
            data-testid="basket-count"
          >{`${basket.availableCount} ${plural(basket.availableCount, PRODUCT_FORMS)}`}</span>
        )}
      </div>
      {basket.available.length > 0 ? (
        <div className={styles.layout}>
          <section aria-label="Товары в корзине">
            <ul className={styles.lines}>
              {basket.available.map((line) => (
                <BasketLineItem key={line.id} line={line} imgVersion={imgVersion} />
              ))}
            </ul>
            <ShopLink to="/catalog/" className={styles.back}>
              Продолжить покупки
            </ShopLink>
          </section>
          <BasketSummary totals={basket.totals} />
        </div>
      ) : (
        <EmptyState
          Icon={ShoppingBag}
          title="В корзине пока пусто"
          text="Добавляйте понравившиеся вещи кнопкой «В корзину» на странице товара — они будут ждать здесь."
        />
      )}
      {/* Issue 44.3: small additions below the lines, and the viewed products; both loaded after the page. */}
      {basket.available.length > 0 && (
        <LazyAdditions inBasket={basket.available.map((line) => line.product.id)} imgVersion={imgVersion} />
      )}
      <LazyViewedRow imgVersion={imgVersion} />
      {basket.delay.length > 0 && (
        <section className={styles.delayed} aria-labelledby="delayed-title">
          <div className={styles.sectionHead}>
            <h2 id="delayed-title" className={styles.subtitle}>
              Отложенные товары
            </h2>
            <ShopLink to={basket.delayUrl} className={styles.all}>{`Все отложенные (${basket.delayCount})`}</ShopLink>
          </div>
          <ul className={styles.grid}>
            {basket.delay.slice(0, DELAYED_ON_BASKET_PAGE).map((line) => (
              <DelayedCard key={line.id} line={line} inCart={inCart.has(line.offer.id)} imgVersion={imgVersion} />
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
