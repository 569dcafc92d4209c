import { Check, Heart } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { ShopLink } from '~/components/ui/ShopLink';
import { reachGoal } from '~/lib/analytics';
import { addToBasket, addToWishlist, removeFromWishlist, useBasket } from '~/lib/basket-store';
import styles from './BuyButtons.module.css';

/**
 * Contract between the product page and the basket: the product page renders this for the chosen offer.
 */
export interface BuyButtonsProps {
  /** The chosen size's offer; null while no size is chosen. */
  offerId: number | null;
  /** Whether the chosen offer can be bought online (spec §4). */
  canBuy: boolean;
  /** Why it cannot be bought, in Russian, shown beside the disabled button. */
  reason: string | null;
}

type Busy = 'cart' | 'wishlist' | null;
type Note = { kind: 'added' } | { kind: 'error'; message: string } | null;

/** «В корзину» for the chosen size and the «Отложить» heart, with a short confirmation that links to the basket. */
export function BuyButtons({ offerId, canBuy, reason }: BuyButtonsProps) {
  const basket = useBasket();
  const [busy, setBusy] = useState<Busy>(null);
  const [note, setNote] = useState<Note>(null);
  const reasonId = useId();
  const inWishlist = offerId != null && (basket?.delay.some((line) => line.offer.id === offerId) ?? false);
  const inCart = offerId != null ? (basket?.available.find((line) => line.offer.id === offerId)?.quantity ?? 0) : 0;
  const blocked = offerId == null || !canBuy;
  const why =
    offerId == null ? (reason ?? 'Выберите размер') : canBuy ? null : (reason ?? 'Этот размер нельзя купить онлайн');

  // A confirmation or an error belongs to the size it was about.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on every change of the chosen offer
  useEffect(() => setNote(null), [offerId]);

  const add = async () => {
    if (offerId == null || busy) return;
    setBusy('cart');
    const result = await addToBasket(offerId);
    setBusy(null);
    setNote(result.ok ? { kind: 'added' } : { kind: 'error', message: result.message });
  };

  const toggleWishlist = async () => {
    if (offerId == null || busy) return;
    setBusy('wishlist');
    const result = inWishlist ? await removeFromWishlist(offerId) : await addToWishlist(offerId);
    setBusy(null);
    // A cart confirmation stays; an earlier error is over.
    setNote((before) =>
      result.ok ? (before?.kind === 'added' ? before : null) : { kind: 'error', message: result.message },
    );
  };

  return (
    <div className={styles.wrap}>
      <div className={styles.row}>
        <button
          type="button"
          className={styles.cart}
          disabled={blocked || busy === 'cart'}
          aria-busy={busy === 'cart' || undefined}
          aria-describedby={why ? reasonId : undefined}
          onClick={add}
        >
          {busy === 'cart' ? 'Добавляем…' : 'В корзину'}
        </button>
        <button
          type="button"
          className={styles.heart}
          // Any size can be delayed or taken off the list, a sold-out one too: the shopper watches it.
          disabled={offerId == null || busy === 'wishlist'}
          aria-pressed={inWishlist}
          aria-busy={busy === 'wishlist' || undefined}
          aria-label={inWishlist ? 'Убрать из отложенных' : 'Отложить'}
          title={inWishlist ? 'Убрать из отложенных' : 'Отложить'}
          onClick={toggleWishlist}
        >
          <Heart size={22} aria-hidden fill={inWishlist ? 'currentColor' : 'none'} />
        </button>
      </div>
      {why && (
        <p id={reasonId} className={styles.reason}>
          {why}
        </p>
      )}
      <div role="status" aria-live="polite">
        {note?.kind === 'added' && (
          <p className={styles.added}>
            <Check size={18} aria-hidden />
            <span>{inCart > 1 ? `В корзине ${inCart}\u00a0шт.` : 'Добавлено в корзину'}</span>
            <ShopLink to="/basket/" className={styles.toCart} onClick={() => reachGoal('go_to_cart', { offerId })}>
              Перейти в корзину
            </ShopLink>
          </p>
        )}
      </div>
      {note?.kind === 'error' && (
        <p role="alert" className={styles.error}>
          {note.message}
        </p>
      )}
    </div>
  );
}
