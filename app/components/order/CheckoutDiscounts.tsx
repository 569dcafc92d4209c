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
      <ApplyField
        id={`${id}-promo-error`}
        label="Промокод"
        value={promo}
        maxLength={40}
        error={promoError}
        busy={busy === 'promo'}
        onChange={setPromo}
        onApply={applyPromo}
      />
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
        state.params.isEnabledDiscountCard && (
          <ApplyField
            id={`${id}-card-error`}
            label="Дисконтная карта"
            value={card}
            numeric
            maxLength={20}
            error={cardError}
            busy={busy === 'card'}
            onChange={setCard}
            onApply={applyCard}
          />
        )
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

/** A code the shopper types and applies (a promo code, a card's number), with its refusal under it. */
function ApplyField(props: {
  /** The refusal's element id. */
  id: string;
  label: string;
  value: string;
  numeric?: boolean;
  maxLength: number;
  error: string | null;
  busy: boolean;
  onChange: (value: string) => void;
  onApply: () => void;
}) {
  return (
    <>
      <div className={styles.inline}>
        <label className={styles.field}>
          {props.label}
          <input
            value={props.value}
            inputMode={props.numeric ? 'numeric' : undefined}
            maxLength={props.maxLength}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={props.error ? props.id : undefined}
            onChange={(e) => props.onChange(e.target.value)}
          />
        </label>
        <button
          type="button"
          className={styles.secondary}
          disabled={!props.value.trim() || props.busy}
          onClick={props.onApply}
        >
          Применить
        </button>
      </div>
      {props.error && (
        <p id={props.id} className={styles.error} role="alert">
          {props.error}
        </p>
      )}
    </>
  );
}
