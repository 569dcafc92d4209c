/** What the offer choice needs to know of an offer. */
export interface ChoosableOffer {
  id: number;
  sizeName: string;
  /** Spec §4: no stock online, in movement stores or in shops. */
  disabled: boolean;
}

/**
 * Spec §4, on switching to another colour of the model: the offer with the same size if it is available,
 * else the first available offer, else the first offer. `offers` are in size order; null only when there are none.
 */
export function chooseOffer<T extends ChoosableOffer>(offers: readonly T[], sizeName: string | null): T | null {
  if (sizeName !== null) {
    const same = offers.find((o) => o.sizeName === sizeName && !o.disabled);
    if (same) return same;
  }
  return offers.find((o) => !o.disabled) ?? offers[0] ?? null;
}
