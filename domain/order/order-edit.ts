import type { Allocation } from '../inventory/allocation';
import type { PromoCode } from '../pricing/promo';
import type { PricedLine } from '../pricing/totals';
import type { DeliveryEditReads, DeliveryEditWrites } from './order-edit-delivery';

/** The statuses an order may still be changed in: before the shop starts assembling it (issue 47.6). */
export const EDITABLE_STATUSES = ['new', 'paid', 'confirmed'] as const;
export type EditableStatus = (typeof EDITABLE_STATUSES)[number];
export const isEditable = (status: string): status is EditableStatus =>
  (EDITABLE_STATUSES as readonly string[]).includes(status);

/** Units of one size in one line at most: a line, not a wholesale order. */
export const MAX_LINE_QUANTITY = 20;

/** An order's line as a change reads it: the price it was sold at, and what a promo code may be limited to. */
export interface EditLine extends PricedLine {
  /** Null for a line the change adds. */
  id: number | null;
  offerId: number;
  productId: number;
  name: string;
  sizeName: string;
  quantity: number;
  sectionPath: number[];
  brandId: number;
}

/** A size as sold now (for an added line or a line's new size): null for an offer not on sale. */
export type OfferFacts = Omit<EditLine, 'id' | 'quantity'>;

/** One change of an order's lines from the desk. */
export type LineEdit =
  | { action: 'quantity'; lineId: number; quantity: number }
  | { action: 'size'; lineId: number; offerId: number }
  | { action: 'remove'; lineId: number }
  | { action: 'add'; offerId: number; quantity: number };

/** A courier's or the post's address, a courier's day and time, as the staff agreed them with the shopper. */
export interface DeliveryEdit {
  action: 'delivery';
  address?: string;
  date?: string;
  time?: string;
  /** A pickup order's other shop (its units move there). */
  shopId?: number;
  /** A carrier pickup order's other point of the same carrier. */
  pointId?: number;
}

/** One change of a placed order from the desk. */
export type OrderChange = LineEdit | DeliveryEdit | PromoEdit;

/** A promo code applied to the order or taken off it. */
export interface PromoEdit {
  action: 'promo-add' | 'promo-remove';
  code: string;
}

/** A size the card offers for a line or an addition: in stock online or at the order's shop. */
export interface EditSize {
  offerId: number;
  productId: number;
  name: string;
  article: string;
  sizeName: string;
  price: number;
  /** Units in the stores an order of this delivery takes from. */
  available: number;
}

/** What the card's edit controls read (outside a transaction). */
export interface OrderEditReads extends DeliveryEditReads {
  /** Every size of these products, in size order. */
  sizes(productIds: readonly number[], shopId: number | null): Promise<EditSize[]>;
  /** Sizes of products on sale whose article, a size's barcode or the name matches `q`; up to `limit` products. */
  find(q: string, shopId: number | null, limit: number): Promise<EditSize[]>;
}

/** A promo code the order took, as its rules stand. */
export interface OrderPromo {
  code: string;
  percent: number | null;
  amount: number | null;
  minBasket: number;
  sectionIds: number[] | null;
  brandIds: number[] | null;
}

/** The order's sums as they are written back. */
export interface EditSums {
  items: number;
  discount: number;
  bonusesUsed: number;
  total: number;
  /** The delivery's price when a change of the lines moved it (a free threshold crossed). */
  deliveryPrice?: number;
}

/** What an order change writes, in the order's transaction (db/repositories/order-edits.ts). */
export interface OrderEditWrites extends DeliveryEditWrites {
  /** The order's lines still bought (not given back at a try-on), with their section and brand. */
  lines(orderId: number): Promise<EditLine[]>;
  /** A size as sold now; null when it is not on sale. */
  offer(offerId: number): Promise<OfferFacts | null>;
  /** Locks the stock rows of these offers, offer by offer and store by store (one order for every writer). */
  lockStock(offerIds: readonly number[]): Promise<void>;
  /** Records the stock the order took again (added to what it holds in each store). */
  addTaken(orderId: number, taken: readonly Allocation[]): Promise<void>;
  /** Writes the lines: those with an id are updated, those without added, the order's others deleted. */
  writeLines(orderId: number, lines: readonly (EditLine & { total: number })[]): Promise<void>;
  /** The order's sums, and the order marked for 1C to take again. */
  writeSums(orderId: number, sums: EditSums): Promise<void>;
  /** The promo codes the order took, with their rules. */
  promos(orderId: number): Promise<OrderPromo[]>;
  /** Merges the change into the order's delivery (the shopper's saved address no longer names it); 1C takes it again. */
  setDelivery(orderId: number, patch: { address?: string; date?: string; time?: string }): Promise<void>;
  /** A promo code's rules, as checkout reads them (in the order's transaction). */
  promo(code: string): Promise<PromoCode | null>;
  /** How many orders of this customer took the code. */
  promoUses(code: string, customer: string): Promise<number>;
  /** Takes the promo code off the order: its use is given back. */
  dropPromo(orderId: number, code: string): Promise<void>;
  /** The shopper's own discount card when it is active: its percent. */
  cardPercent(userId: number): Promise<{ number: string; percent: number } | null>;
}

/** Units of each offer the lines hold. */
export function unitsByOffer(lines: readonly { offerId: number; quantity: number }[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const l of lines) units.set(l.offerId, (units.get(l.offerId) ?? 0) + l.quantity);
  return units;
}

/** The offers whose units change between the two line lists, in ascending id: the order stock is locked in. */
export function changedOffers(
  before: readonly { offerId: number; quantity: number }[],
  after: readonly { offerId: number; quantity: number }[],
): number[] {
  const a = unitsByOffer(before);
  const b = unitsByOffer(after);
  return [...new Set([...a.keys(), ...b.keys()])]
    .filter((id) => (a.get(id) ?? 0) !== (b.get(id) ?? 0))
    .sort((x, y) => x - y);
}

/** How a line reads in the order's history: «Куртка, 48 × 2». */
export const lineText = (l: { name: string; sizeName: string; quantity: number }) =>
  `${l.name}, ${l.sizeName} × ${l.quantity}`;
