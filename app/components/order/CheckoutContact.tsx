import { AuthLink } from '~/components/account/AuthLink';
import { PhoneConfirm } from './PhoneConfirm';
import type { Checkout } from './useCheckout';
import styles from './Checkout.module.css';

/** The recipient: name, email and the phone the order needs confirmed; a guest is offered to log in. */
export function CheckoutContact({ id, checkout, auth }: { id: string; checkout: Checkout; auth: boolean }) {
  const { contact, setContact, phoneConfirmed, confirmPhone } = checkout;
  return (
    <section className={styles.block} aria-labelledby={`${id}-contact`}>
      <h2 id={`${id}-contact`} className={styles.blockTitle}>
        Получатель
      </h2>
      {!auth && (
        <p className={styles.muted}>
          Уже покупали у нас? <AuthLink dialog="login">Войдите</AuthLink> — подставим данные и адреса.
        </p>
      )}
      <div className={styles.fields}>
        <label className={styles.field}>
          Фамилия, имя и отчество
          <input
            name="name"
            autoComplete="name"
            required
            maxLength={200}
            value={contact.name}
            onChange={(e) => setContact({ ...contact, name: e.target.value })}
          />
        </label>
        <label className={styles.field}>
          Email
          <input
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={contact.email}
            onChange={(e) => setContact({ ...contact, email: e.target.value })}
          />
          <span className={styles.hint}>Пришлём подтверждение и ссылку на заказ.</span>
        </label>
      </div>
      <PhoneConfirm
        phone={contact.phone}
        confirmed={phoneConfirmed}
        onPhone={(phone) => setContact({ ...contact, phone })}
        onConfirmed={confirmPhone}
      />
    </section>
  );
}
