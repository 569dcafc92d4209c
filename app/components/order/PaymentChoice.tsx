import type { PaymentMethod } from '../../../domain/order/ports';
import type { Checkout } from './useCheckout';
import styles from './Checkout.module.css';

const PAYMENT_METHODS: [PaymentMethod, string, string][] = [
  ['CASH', 'При получении', 'картой или наличными'],
  ['ONLINE', 'Онлайн: картой или через СБП', 'сразу после оформления'],
];

/** How the order is paid: on receipt, or online right after it is placed (shown when online payment is on). */
export function PaymentChoice({ id, checkout }: { id: string; checkout: Checkout }) {
  const { paymentMethod, setPaymentMethod } = checkout;
  return (
    <section className={styles.block} aria-labelledby={`${id}-payment`}>
      <h2 id={`${id}-payment`} className={styles.blockTitle}>
        Способ оплаты
      </h2>
      <div role="radiogroup" aria-labelledby={`${id}-payment`} className={styles.payments}>
        {PAYMENT_METHODS.map(([method, label, note]) => (
          <label key={method} className={styles.type} data-checked={paymentMethod === method || undefined}>
            <input
              type="radio"
              name="paymentMethod"
              value={method}
              checked={paymentMethod === method}
              onChange={() => setPaymentMethod(method)}
            />
            <span className={styles.typeName}>{label}</span>
            <span className={styles.muted}>{note}</span>
          </label>
        ))}
      </div>
    </section>
  );
}
