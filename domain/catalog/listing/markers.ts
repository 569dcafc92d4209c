import { discountPercent, discountView } from '../../pricing/price';
import type { ProductCard } from './card';

/**
 * The spec catalogue state's markers, discounts and discountViews: the badges this shop has. A card shows «Новинка»
 * for a new product (`products.is_new`) and its discount for one sold below its old price; a size's discount is its
 * own old price's, which the product page shows when the size is chosen.
 */
export interface Marker {
  code: 'new' | 'sale';
  text: string;
}

/** The badges a product card shows, in the card's order. */
export function cardMarkers(card: Pick<ProductCard, 'isNew' | 'discountPercent'>): Marker[] {
  const markers: Marker[] = [];
  if (card.isNew) markers.push({ code: 'new', text: 'Новинка' });
  if (card.discountPercent > 0) markers.push({ code: 'sale', text: discountView(card.discountPercent) });
  return markers;
}

export interface CatalogMarkers {
  /** Item id -> its card's badges; items without any are left out. */
  markers: Record<number, Marker[]>;
  /** Offer id -> percent off its old price; offers at full price are left out. */
  discounts: Record<number, number>;
  /** Offer id -> the discount's badge («−30 %»), for the same offers. */
  discountViews: Record<number, string>;
}

export function catalogMarkers(
  items: readonly (Pick<ProductCard, 'isNew' | 'discountPercent'> & { id: number })[],
  offers: readonly { id: number; price: number; oldPrice: number | null }[],
): CatalogMarkers {
  const result: CatalogMarkers = { markers: {}, discounts: {}, discountViews: {} };
  for (const item of items) {
    const markers = cardMarkers(item);
    if (markers.length > 0) result.markers[item.id] = markers;
  }
  for (const offer of offers) {
    const percent = discountPercent(offer.price, offer.oldPrice);
    if (percent === 0) continue;
    result.discounts[offer.id] = percent;
    result.discountViews[offer.id] = discountView(percent);
  }
  return result;
}
