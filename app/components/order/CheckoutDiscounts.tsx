import { amount } from './order-money';
import type { Checkout } from './useCheckout';
import styles from './Checkout.module.css';

/** What lowers the order's sum: promo codes, a discount card, the card's bonuses. */
export function CheckoutDiscounts({ id, checkout }: { id: string; checkout: Checkout }) {
  const {
    state,
    busy,
    refresh,
    promo,
    setPromo,
    promoError,
    applyPromo,
    removePromo,
    card,
    setCard,
    cardError,
    applyCard,
    removeCard,
  } = checkout;
  return (
    <>
      <div className={styles.inline}>
        <label className={styles.field}>
          Промокод
          <input
            value={promo}
            maxLength={40}
            aria-invalid={promoError ? true : undefined}
            aria-describedby={promoError ? `${id}-promo-error` : undefined}
            onChange={(e) => setPromo(e.target.value)}
          />
        </label>
        <button
          type="button"
          className={styles.secondary}
          disabled={!promo.trim() || busy === 'promo'}
          onClick={applyPromo}
        >
          Применить
        </button>
      </div>
      {promoError && (
        <p id={`${id}-promo-error`} className={styles.error} role="alert">
          {promoError}
        </p>
      )}
      {state.promocodeList.map((code) => (
        <p key={code} className={styles.tag}>
          {code}
          <button
            type="button"
            className={styles.link}
            onClick={() => removePromo(code)}
            aria-label={`Убрать промокод ${code}`}
          >
            убрать
          </button>
        </p>
      ))}
      {state.discountCardActive ? (
        <p className={styles.tag}>
          Дисконтная карта {state.discountCard}
          <button
            type="button"
            className={styles.link}
            disabled={busy === 'card'}
            onClick={removeCard}
            aria-label={`Убрать дисконтную карту ${state.discountCard}`}
          >
            убрать
          </button>
        </p>
      ) : (
        <>
          <div className={styles.inline}>
            <label className={styles.field}>
              Дисконтная карта
              <input
                value={card}
                inputMode="numeric"
                maxLength={20}
                aria-invalid={cardError ? true : undefined}
                aria-describedby={cardError ? `${id}-card-error` : undefined}
                onChange={(e) => setCard(e.target.value)}
              />
            </label>
            <button
              type="button"
              className={styles.secondary}
              disabled={!card.trim() || busy === 'card'}
              onClick={applyCard}
            >
              Применить
            </button>
          </div>
          {cardError && (
            <p id={`${id}-card-error`} className={styles.error} role="alert">
              {cardError}
            </p>
          )}
        </>
      )}
      {state.bonusBalance > 0 && (
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={state.useBonuses}
            onChange={(e) => refresh({ useBonuses: e.target.checked })}
          />
          Списать бонусы (на карте {amount(state.bonusBalance)})
        </label>
      )}
    </>
  );
}
