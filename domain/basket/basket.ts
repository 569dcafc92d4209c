import { sizeCode } from '../catalog/product/sizes';
import { type BasketTotals, basketTotals } from '../pricing/totals';

/** The most of one size a line may hold. */
export const MAX_LINE_QUANTITY = 99;

/**
 * Spec §3 Basket line. Money in kopecks; `lineTotal` is the line's sum (offer price × quantity), which the API calls
 * `price` (contract/basket-json.ts).
 */
export interface BasketLine {
  id: number;
  product: {
    id: number;
    name: string;
    brandName: string;
    category: string;
    color: string;
    url: string;
    image: string | null;
  };
  /** `sizeId`: the size filter's value code (`sizeCode`). */
  offer: { id: number; sizeId: string; sizeName: string; price: number; oldPrice: number | null; colorName: string };
  quantity: number;
  lineTotal: number;
  /** Units the online sources can ship now: the cap for this line's quantity. */
  maxQuantity: number;
  /** Whether the offer can be bought online at the moment (spec §4). */
  canBuy: boolean;
}

/** Spec §3 Basket, plus the server's totals. */
export interface Basket {
  available: BasketLine[];
  delay: BasketLine[];
  availableCount: number;
  delayCount: number;
  delayUrl: string;
  cartUrl: string;
  totals: BasketTotals;
}

export const DELAY_URL = '/lk/like/';
export const CART_URL = '/basket/';

/** A stored line joined with its offer and product, as the repository reads it. */
export interface BasketRow {
  id: number;
  offerId: number;
  delay: boolean;
  quantity: number;
  productId: number;
  productName: string;
  brandName: string;
  category: string;
  colorName: string;
  url: string;
  image: string | null;
  sizeName: string;
  price: number;
  oldPrice: number | null;
  /** Units the online sources can ship (`onlineQuantity`). */
  stock: number;
}

/** An offer with its product's data and online stock: a basket row before it has a line. */
export type CatalogLine = Omit<BasketRow, 'id' | 'delay' | 'quantity'>;

/** The rows after a line of `offer` was written: that line updated where it stands, or the new line first (the newest). */
export function withLine(
  rows: BasketRow[],
  offer: CatalogLine,
  written: Pick<BasketRow, 'id' | 'delay' | 'quantity'>,
): BasketRow[] {
  // Not `{ ...offer, ...written }`: a spread followed by more properties takes V8's slow path.
  const line: BasketRow = Object.assign({}, offer, written);
  return rows.some((r) => r.id === line.id) ? rows.map((r) => (r.id === line.id ? line : r)) : [line, ...rows];
}

/** Builds the spec's basket from the stored rows (newest lines first, as stored). */
export function buildBasket(rows: BasketRow[]): Basket {
  const toLine = (r: BasketRow): BasketLine => {
    const maxQuantity = r.stock;
    return {
      id: r.id,
      product: {
        id: r.productId,
        name: r.productName,
        brandName: r.brandName,
        category: r.category,
        color: r.colorName,
        url: r.url,
        image: r.image,
      },
      offer: {
        id: r.offerId,
        sizeId: sizeCode(r.sizeName),
        sizeName: r.sizeName,
        price: r.price,
        oldPrice: r.oldPrice && r.oldPrice > r.price ? r.oldPrice : null,
        colorName: r.colorName,
      },
      quantity: r.quantity,
      lineTotal: r.price * r.quantity,
      maxQuantity,
      canBuy: maxQuantity > 0,
    };
  };
  const available = rows.filter((r) => !r.delay).map(toLine);
  const delay = rows.filter((r) => r.delay).map(toLine);
  return {
    available,
    delay,
    availableCount: available.reduce((sum, line) => sum + line.quantity, 0),
    delayCount: delay.length,
    delayUrl: DELAY_URL,
    cartUrl: CART_URL,
    totals: basketTotals(available),
  };
}

export interface MergeLine {
  offerId: number;
  delay: boolean;
  quantity: number;
}

/**
 * The most lines a cart, and apart from it a wishlist, may hold: far beyond a shopper's order, and a bound on what
 * one session can make the shop store and render.
 */
export const MAX_BASKET_LINES = 100;

/**
 * What a login does to the user's lines, for each offer the visitor had: cart quantities of the same offer are
 * summed and capped at the online stock (never below 1, so nothing the shopper chose vanishes); wishlist lines are
 * a union. The user's other lines are left as they are. Offers new to the user join, in the visitor's order, only
 * while the list stays within `MAX_BASKET_LINES`.
 */
export function mergeLines(visitor: MergeLine[], user: MergeLine[], stockByOffer: Map<number, number>): MergeLine[] {
  const key = (line: MergeLine) => `${line.offerId}:${line.delay}`;
  const userQuantity = new Map(user.map((line) => [key(line), line.quantity]));
  const listOf = (line: MergeLine) => (line.delay ? 'wishlist' : 'cart');
  const room = { cart: MAX_BASKET_LINES, wishlist: MAX_BASKET_LINES };
  for (const line of user) room[listOf(line)]--;
  const merged: MergeLine[] = [];
  for (const line of visitor) {
    if (!userQuantity.has(key(line))) {
      if (room[listOf(line)] <= 0) continue;
      room[listOf(line)]--;
    }
    if (line.delay) {
      merged.push({ offerId: line.offerId, delay: true, quantity: 1 });
      continue;
    }
    const sum = line.quantity + (userQuantity.get(key(line)) ?? 0);
    merged.push({
      offerId: line.offerId,
      delay: false,
      quantity: Math.max(1, Math.min(sum, stockByOffer.get(line.offerId) ?? 0)),
    });
  }
  return merged;
}
