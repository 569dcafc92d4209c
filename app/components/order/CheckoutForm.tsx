import { useId } from 'react';
import { ShopLink } from '~/components/ui/ShopLink';
import { AskQuestion } from '~/components/feedback/AskQuestion';
import { LazyAdditions } from '~/components/related/lazy';
import { CheckoutComment } from './CheckoutComment';
import { CheckoutContact } from './CheckoutContact';
import { CheckoutItems } from './CheckoutItems';
import { CheckoutSummary } from './CheckoutSummary';
import { DeliveryChoice } from './DeliveryChoice';
import { PaymentChoice } from './PaymentChoice';
import { type CheckoutProps, useCheckout } from './useCheckout';
import styles from './Checkout.module.css';

/**
 * Spec §4 Order: the order page as one form over the server's state (`useCheckout`), a block per part of the order.
 * Each block's ids derive from this form's one `useId`.
 */
export function CheckoutForm(props: CheckoutProps) {
  const checkout = useCheckout(props);
  const id = useId();
  const { state, saving, lock, save } = checkout;

  if (state.items.length === 0)
    return (
      <main id="main" className={`container ${styles.page}`}>
        <h1 className={styles.title}>Оформление заказа</h1>
        <p className={styles.muted}>В корзине нет товаров, которые можно заказать.</p>
        <ShopLink to="/catalog/" className={styles.secondary}>
          Перейти в каталог
        </ShopLink>
      </main>
    );

  return (
    <main id="main" className={`container ${styles.page}`} aria-busy={saving}>
      <h1 className={styles.title}>Оформление заказа</h1>
      <form
        className={styles.layout}
        onSubmit={(e) => {
          e.preventDefault();
          if (!lock) save();
        }}
      >
        {/* The whole page is locked while the order is being saved (spec §4). */}
        <fieldset disabled={saving} className={styles.main}>
          <CheckoutItems id={id} checkout={checkout} imgVersion={props.imgVersion} />
          <CheckoutContact id={id} checkout={checkout} auth={props.auth} />
          <DeliveryChoice id={id} checkout={checkout} />
          {props.onlinePayment && <PaymentChoice id={id} checkout={checkout} />}
          <CheckoutComment id={id} checkout={checkout} />
        </fieldset>
        <CheckoutSummary id={id} checkout={checkout} />
      </form>
      {/* «Добавить к заказу» (issue 44.3): an addition joins the basket, then the order's state is read again and
          what the shopper has typed stays. */}
      <LazyAdditions
        inBasket={state.items.map((line) => line.product.id)}
        imgVersion={props.imgVersion}
        onAdded={() => void checkout.refresh()}
      />
      {/* Outside the order's form: the question's form cannot sit inside another. */}
      <AskQuestion about="Вопрос о доставке, оплате или размере? Напишите нам." />
    </main>
  );
}
