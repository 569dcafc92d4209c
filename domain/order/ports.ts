import type { AddressInput } from '../cabinet/cabinet.schemas';
import type { Address } from '../cabinet/addresses';
import type { BasketOwner } from '../basket/ports';
import type { DeliveryPrices } from '../delivery/delivery-price';
import type { PickupPoint } from '../delivery/pickup';
import type { ShopClock } from '../delivery/schedule';
import type { Allocation } from '../inventory/allocation';
import type { ShopSource } from '../inventory/shop-serves';
import type { PromoCode } from '../pricing/promo';
import type { DeliveryType, OrderStatus } from './process';
import type { TryOnLine, TryOnSums } from './try-on';

/** A line as the order takes it: the basket line with what promo codes may be limited to. */
export interface OrderLineFacts {
  lineId: number;
  offerId: number;
  productId: number;
  name: string;
  sizeName: string;
  price: number;
  oldPrice: number | null;
  quantity: number;
  /** The section and its ancestors: what a promo code for a section covers. */
  sectionPath: number[];
  brandId: number;
}

/** A size the order page offers for a line (`sale.order.basket.setSize`). */
export interface OrderSize {
  offerId: number;
  sizeName: string;
  canBuy: boolean;
}

export interface OrderShop {
  id: number;
  name: string;
  address: string;
  hours: string;
  phone: string;
  metro: string | null;
  lat: number;
  lon: number;
}

/** `CASH`: paid on receipt; `ONLINE`: paid through the payment gateway before the shop takes the order. */
export type PaymentMethod = 'CASH' | 'ONLINE';

export interface NewOrder {
  /** `new`, or `awaiting_payment` for an online order until its payment comes. */
  status: Extract<OrderStatus, 'new' | 'awaiting_payment'>;
  paymentMethod: PaymentMethod;
  /** An online order not paid by then is cancelled. */
  paymentDueAt: Date | null;
  userId: number | null;
  sessionId: string;
  idempotencyKey: string;
  deliveryType: DeliveryType;
  delivery: Record<string, unknown>;
  name: string;
  lastName: string;
  secondName: string;
  email: string;
  phone: string;
  comment: string;
  isDisabledCall: boolean;
  items: number;
  discount: number;
  deliveryPrice: number;
  bonusesUsed: number;
  total: number;
  /** The discount card the order was priced with; null for none. */
  card?: { number: string; percent: number } | null;
  lines: (OrderLineFacts & { total: number })[];
  stock: Allocation[];
  /** Shop orders: when the reservation ends. */
  reservedUntil: Date | null;
}

/** A discount card as checkout prices it. Money in kopecks. */
export interface DiscountCardFacts {
  number: string;
  percent: number;
  active: boolean;
  bonusBalance: number;
}

/** Reads around an order, outside its transaction. */
export interface CheckoutRepository {
  /** The phone confirmed by this session, and by the user when logged in. */
  confirmedPhones(sessionId: string, userId: number | null): Promise<string[]>;
  orderByKey(sessionId: string, key: string): Promise<number | null>;
  ordersSince(phone: string, since: Date): Promise<number>;
  /** Each delivery type's price and the sum of goods it is free from (kopecks); a type missing is not offered. */
  deliveryPrices(): Promise<DeliveryPrices>;
  /** The cart's lines that can be bought, with their section and brand. */
  orderLines(owner: BasketOwner): Promise<OrderLineFacts[]>;
  /** The cart's lines (not the wishlist's) of products on sale that cannot be bought online now: sold out. */
  soldOutLines(owner: BasketOwner): Promise<OrderLineFacts[]>;
  /** One unit of an offer as an order line (a reservation from the product page); null for no such offer. */
  offerLine(offerId: number): Promise<OrderLineFacts | null>;
  /** Every size of the products, in size order, and whether it can be bought online now. */
  sizesOf(productIds: number[]): Promise<Map<number, OrderSize[]>>;
  shop(id: number): Promise<OrderShop | null>;
  /**
   * A shop's name, address and clock when it is a shop every line's units may be ordered to (spec §4, `shopServes`),
   * and how it gets them (the slowest line's `ShopSource`).
   */
  shopFor(
    shopId: number,
    lines: readonly { offerId: number; quantity: number }[],
  ): Promise<(ShopClock & { name: string; address: string; reservable: boolean; source: ShopSource }) | null>;
  sessionPromoCodes(sessionId: string): Promise<string[]>;
  addPromoCode(sessionId: string, code: string): Promise<void>;
  removePromoCode(sessionId: string, code: string): Promise<void>;
  promo(code: string): Promise<PromoCode | null>;
  promoUses(code: string, customer: string): Promise<number>;
  card(input: { userId: number } | { number: string }): Promise<DiscountCardFacts | null>;
  /** Whether the shop has any active discount card: only then is there a card to type at checkout. */
  cardsInUse(): Promise<boolean>;
  /** Whether the session removed the user's own discount card from its order page (`sale.order.resetDiscountCard`). */
  ownCardRemoved(sessionId: string): Promise<boolean>;
  setOwnCardRemoved(sessionId: string, removed: boolean): Promise<void>;
  /** The user's saved addresses, or for a guest the ones this session gave the order page. */
  addresses(owner: BasketOwner): Promise<Address[]>;
  /** Adds an address to the user's, or to the guest's session; `full` at `max`. */
  addAddress(owner: BasketOwner, input: AddressInput, max: number): Promise<number | 'full'>;
  /** A city's pickup points of the carrier (as last listed by it; the seed's before the first listing). */
  pickupPoints(cityId: number | null, carrier?: string): Promise<PickupPoint[]>;
  /** The shops of a city, and for each offer the shops and movement stores it may be ordered to (spec §3 Order items). */
  shopsOf(
    cityId: number | null,
    offerIds: number[],
  ): Promise<{
    shops: OrderShop[];
    allowedShopIds: Map<number, number[]>;
    allowedMovementStoreIds: Map<number, number[]>;
    /**
     * Units of each offer in the online warehouse alone, which same-day courier needs for every line (the basket's
     * `onlineStock` counts every source an online order may take from).
     */
    warehouseStock: Map<number, number>;
  }>;
}

/** The order's writes, inside its unit of work; its reads are `OrderReads` (orders.service.ts). */
export type OrderWrites = OrderPlacementWrites & OrderChangeWrites;

/** Placing an order: the limits it takes under lock, its rows, and the cart it empties. */
export interface OrderPlacementWrites {
  /**
   * The orders the phone placed since `since`, counted under a lock on the phone held to the transaction's end: two
   * saves of one phone at once count one after the other, so the daily limit holds.
   */
  lockPhoneOrdersSince(phone: string, since: Date): Promise<number>;
  /**
   * Counts one use of the code for the customer, under a lock on the code's row: `used` when its total or
   * per-customer limit is reached, `stopped` when the back office stopped it, and nothing is counted then.
   */
  takePromo(
    code: string,
    customer: string,
    limits: { maxUses: number | null; perCustomer: number | null },
  ): Promise<'ok' | 'used' | 'stopped'>;
  /** Writes the order, its lines, its stock and its first status; answers its id, or null when the key was used. */
  insert(order: NewOrder, actor: string): Promise<number | null>;
  notePromoUse(code: string, orderId: number, customer: string): Promise<void>;
  /** Takes bonuses off the user's card unless the balance is short (one conditional update); false then. */
  spendBonuses(userId: number, amount: number): Promise<boolean>;
  /** Removes the cart lines and the promo codes the order took, and forgets a removed card: the next order starts anew. */
  clearTaken(owner: BasketOwner, lineIds: number[]): Promise<void>;
}

/** Changes to a placed order: its status moves and what they give back or credit, notes, the try-on's returns. */
export interface OrderChangeWrites {
  /** Reads an order for a change of its status and locks its row until the transaction ends. */
  lockForChange(id: number): Promise<LockedOrder | null>;
  /**
   * Moves the order from `from` to `to` (only if it is still in `from`) and records the move with its reason; false
   * if it was not.
   */
  recordStatus(id: number, from: OrderStatus, to: OrderStatus, actor: string, reason?: string | null): Promise<boolean>;
  /**
   * Forgets where the order's units were taken from, answering it (so they go back once); with `offerIds`, only
   * those offers' units.
   */
  takenStock(id: number, offerIds?: number[]): Promise<Allocation[]>;
  /** Gives back the promo code uses the order counted. */
  returnPromoUses(id: number): Promise<void>;
  /** Puts the bonuses an order spent back on the user's card, and into the card's history. */
  returnBonuses(userId: number, orderId: number, amount: number): Promise<void>;
  /**
   * Credits what a completed order earned to the user's card, once per order (a second call changes nothing), and
   * notes it on the order.
   */
  creditBonuses(userId: number, orderId: number, amount: number): Promise<void>;
  /** Takes back what the order's credit gave, once per order; the balance may go below zero then. */
  reverseBonuses(userId: number, orderId: number): Promise<void>;
  /** Stores the pickup code's hash, unless a ready order holds the same one (false: draw another code). */
  setPickupCode(id: number, codeHash: string): Promise<boolean>;
  /** Whether the order's pickup code has this hash. */
  pickupCodeIs(id: number, codeHash: string): Promise<boolean>;
  setTrackingNumber(id: number, trackingNumber: string): Promise<void>;
  addNote(id: number, staffId: number, text: string): Promise<void>;
  /** Adds the note unless the order has one with the same text (1C's payment, imported again); true when added. */
  addNoteOnce(id: number, staffId: number, text: string): Promise<boolean>;
  /** The order's lines, for a try-on. */
  lines(id: number): Promise<TryOnLine[]>;
  /** Marks lines as given back at the door and writes the order's new sums. */
  returnLines(id: number, lineIds: number[], sums: TryOnSums): Promise<void>;
}

export interface LockedOrder {
  id: number;
  status: OrderStatus;
  deliveryType: DeliveryType;
  delivery: { address?: string; shop?: string; point?: string; shopId?: number };
  userId: number | null;
  name: string;
  phone: string;
  email: string;
  items: number;
  discount: number;
  deliveryPrice: number;
  bonusesUsed: number;
  bonusesEarned: number;
  total: number;
  reservedUntil: Date | null;
  /** The time zone of the shop a shop order waits at; null for an order of no shop. */
  placeZone: string | null;
  paymentMethod: PaymentMethod;
  /** When 1C took the order (`sale` `success`); null while 1C has never received it. */
  exportedAt: Date | null;
}
