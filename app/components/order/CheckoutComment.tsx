import type { Checkout } from './useCheckout';
import styles from './Checkout.module.css';

/** The order's comment, «no call to confirm» and the newsletter's consent. */
export function CheckoutComment({ id, checkout }: { id: string; checkout: Checkout }) {
  const { comment, setComment, noCall, setNoCall, subscribe, setSubscribe } = checkout;
  return (
    <section className={styles.block} aria-labelledby={`${id}-more`}>
      <h2 id={`${id}-more`} className={styles.blockTitle}>
        Комментарий
      </h2>
      <label className={styles.field}>
        Комментарий к заказу
        <textarea
          name="comment"
          rows={3}
          maxLength={1000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </label>
      <label className={styles.check}>
        <input type="checkbox" checked={noCall} onChange={(e) => setNoCall(e.target.checked)} />
        Не перезванивать для подтверждения
      </label>
      <label className={styles.check}>
        <input type="checkbox" checked={subscribe} onChange={(e) => setSubscribe(e.target.checked)} />
        Присылать новости и скидки
      </label>
    </section>
  );
}
