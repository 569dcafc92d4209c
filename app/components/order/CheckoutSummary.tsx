import { ConsentNote } from '~/components/ui/ConsentNote';
import { ShopLink } from '~/components/ui/ShopLink';
import { CONSENT_TEXTS } from '../../../domain/consent/consent';
import { CheckoutDiscounts } from './CheckoutDiscounts';
import { amount } from './order-money';
import type { Checkout } from './useCheckout';
import styles from './Checkout.module.css';

/** «Ваш заказ»: the discounts, the totals, the save's error and the button that places the order. */
export function CheckoutSummary({ id, checkout }: { id: string; checkout: Checkout }) {
  const { state, saving, lock, online, error, phoneConfirmed } = checkout;
  return (
    <aside className={styles.summary} aria-labelledby={`${id}-summary`}>
      <fieldset disabled={saving} className={styles.plain}>
        <h2 id={`${id}-summary`} className={styles.blockTitle}>
          Ваш заказ
        </h2>
        <CheckoutDiscounts id={id} checkout={checkout} />
        <dl className={styles.totals}>
          <div>
            <dt>Товары</dt>
            <dd data-testid="order-items">{amount(state.totals.base)}</dd>
          </div>
          {state.totals.discount > 0 && (
            <div className={styles.discount}>
              <dt>Скидка</dt>
              <dd data-testid="order-discount">{`−${amount(state.totals.discount)}`}</dd>
            </div>
          )}
          {state.totals.bonusesUsed > 0 && (
            <div className={styles.discount}>
              <dt>Бонусами</dt>
              <dd data-testid="order-bonuses">{`−${amount(state.totals.bonusesUsed)}`}</dd>
            </div>
          )}
          <div>
            <dt>Доставка</dt>
            <dd data-testid="order-delivery">
              {state.totals.delivery > 0 ? amount(state.totals.delivery) : 'бесплатно'}
            </dd>
          </div>
          <div className={styles.total}>
            <dt>{online ? 'К оплате онлайн' : 'К оплате при получении'}</dt>
            <dd data-testid="order-total">{amount(state.totals.total)}</dd>
          </div>
        </dl>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        {!phoneConfirmed && <p className={styles.muted}>Чтобы оформить заказ, подтвердите телефон кодом из SMS.</p>}
        <button type="submit" className={styles.primary} disabled={lock || !phoneConfirmed}>
          {saving ? 'Оформляем…' : 'Оформить заказ'}
        </button>
        <p className={styles.hint}>
          {online ? 'После оформления откроется страница оплаты.' : 'Оплата при получении.'} Нажимая кнопку, вы
          соглашаетесь с <ShopLink to="/info/oferta/">условиями продажи</ShopLink>.
        </p>
        <p className={styles.hint}>
          <ConsentNote consent={CONSENT_TEXTS.order} />
        </p>
      </fieldset>
    </aside>
  );
}
