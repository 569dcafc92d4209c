import { useRouteLoaderData } from 'react-router';
import { ShopLink } from '~/components/ui/ShopLink';
import type { RootData } from '~/root';
import type { BasketTotals } from '../../../domain/pricing/totals';
import { formatAmount } from '../../../domain/pricing/price';
import { PRODUCT_FORMS, plural } from '../../../domain/text/plural';
import { GuestInvite } from '~/components/account/GuestInvite';
import styles from './BasketSummary.module.css';

/** The totals the server computed, and the way on to the order page. */
export function BasketSummary({ totals }: { totals: BasketTotals }) {
  const cardGives = (useRouteLoaderData('root') as RootData | undefined)?.bonusTexts.card ?? '';
  return (
    <section className={styles.summary} aria-labelledby="basket-summary-title">
      <h2 id="basket-summary-title" className={styles.title}>
        Ваш заказ
      </h2>
      <dl className={styles.rows}>
        <div>
          <dt>{`${totals.quantity} ${plural(totals.quantity, PRODUCT_FORMS)}`}</dt>
          <dd className="price" data-testid="basket-base">
            {formatAmount(totals.base)}
          </dd>
        </div>
        {totals.discount > 0 && (
          <div className={styles.discount}>
            <dt>{`Скидка${totals.discountPercent ? ` ${totals.discountPercent}\u00a0%` : ''}`}</dt>
            <dd className="price" data-testid="basket-discount">{`−${formatAmount(totals.discount)}`}</dd>
          </div>
        )}
        <div>
          <dt>Доставка</dt>
          <dd className={styles.muted}>при оформлении</dd>
        </div>
        <div className={styles.total}>
          <dt>Итого</dt>
          <dd className="price" data-testid="basket-total">
            {formatAmount(totals.total)}
          </dd>
        </div>
      </dl>
      {totals.quantity > 0 ? (
        <ShopLink to="/order/" className={styles.checkout}>
          Перейти к оформлению
        </ShopLink>
      ) : (
        <p className={styles.muted}>В корзине нет товаров, которые можно заказать.</p>
      )}
      <p className={styles.note}>
        Доставка курьером, в пункт выдачи или самовывоз из магазина. Способ и срок выберете на следующем шаге.
      </p>
      <GuestInvite text={`${cardGives}.`} />
    </section>
  );
}
