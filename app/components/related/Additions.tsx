import { useState } from 'react';
import { sendEvent } from '~/lib/analytics';
import { getApi } from '~/lib/api';
import { addToBasket } from '~/lib/basket-store';
import type { ProductCard } from '../../../domain/catalog/listing/card';
import type { AdditionOffer } from '../../../domain/catalog/related/related.service';
import { toCard, useLoaded } from './cards';
import { RelatedRow } from './RelatedRow';
import styles from './Additions.module.css';

/** One addition's size (when it has several) and its «В корзину» button, through the basket's own call. */
function AddButton({ card, offers, onAdded }: { card: ProductCard; offers: AdditionOffer[]; onAdded: () => void }) {
  const [offerId, setOfferId] = useState(offers[0]?.id ?? 0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    setBusy(true);
    setError(null);
    const result = await addToBasket(offerId);
    setBusy(false);
    if (!result.ok) return setError(result.message);
    // The row's «click» in the funnel: this row's cards are bought from their button, not opened.
    sendEvent('recommendation', 'click', { row: 'additions', productId: card.id });
    onAdded();
  };
  return (
    <div className={styles.buy}>
      {offers.length > 1 && (
        <select
          className={styles.size}
          value={offerId}
          onChange={(e) => setOfferId(Number(e.target.value))}
          aria-label={`Выбрать размер — ${card.name}`}
        >
          {offers.map((o) => (
            <option key={o.id} value={o.id}>
              {o.sizeName}
            </option>
          ))}
        </select>
      )}
      <button
        type="button"
        className={styles.add}
        onClick={add}
        disabled={busy}
        aria-busy={busy}
        aria-label={`В корзину: ${card.name}`}
      >
        В корзину
      </button>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * «Добавить к заказу» (issue 44.3): small accessories in stock, none of the basket's products, under the basket's
 * and the order's lines. `onAdded` lets the order page read its lines again.
 */
export function Additions({
  inBasket,
  imgVersion,
  onAdded = () => {},
}: {
  inBasket: readonly number[];
  imgVersion: string;
  onAdded?: () => void;
}) {
  const key = [...new Set(inBasket)].sort((a, b) => a - b).join(',');
  const items = useLoaded(async (signal) => {
    const answer = await getApi('productAdditions', new URLSearchParams({ exclude: key }), { signal });
    return answer.ok ? answer.data.items.map((i) => ({ card: toCard(i), offers: i.offers })) : null;
  }, key);
  const offersOf = new Map((items ?? []).map((i) => [i.card.id, i.offers]));
  return (
    <RelatedRow
      row="additions"
      title="Добавить к заказу"
      cards={(items ?? []).map((i) => i.card)}
      imgVersion={imgVersion}
      compact
      action={(card) => <AddButton card={card} offers={offersOf.get(card.id) ?? []} onAdded={onAdded} />}
    />
  );
}

export default Additions;
