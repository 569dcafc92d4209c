import type { BasketRow, CatalogLine, MergeLine } from './basket';

export interface BasketCounts {
  availableCount: number;
  delayCount: number;
}

/** Who owns a basket: the visitor's session, or the user once logged in. */
export interface BasketOwner {
  sessionId: string;
  userId: number | null;
}

/**
 * A basket owner or, with `userId: 'session'`, whoever the session is bound to, looked up by the query that reads
 * the basket (the calls that must cost one round trip, issue 29.1).
 */
export type OwnerRef = BasketOwner | { sessionId: string; userId: 'session' };

/** What adding a line reads in one query: the owner resolved, the offer asked for (with its stock), the basket. */
export interface BasketSnapshot {
  owner: BasketOwner;
  /** Null when the offer does not exist or its product is hidden. */
  offer: CatalogLine | null;
  rows: BasketRow[];
}

export type AddOutcome = { outcome: 'added'; lineId: number; quantity: number } | { outcome: 'over_stock' | 'full' };

/** A stored line without its catalogue data. */
export interface StoredLine {
  id: number;
  offerId: number;
  delay: boolean;
  quantity: number;
}

export interface BasketRepository {
  counts(owner: BasketOwner): Promise<BasketCounts>;
  /** The owner's lines with their catalogue data and online stock, in one query. */
  rows(owner: OwnerRef): Promise<BasketRow[]>;
  /** The owner, the offer and the owner's lines, in one query. */
  snapshot(owner: OwnerRef, offerId: number): Promise<BasketSnapshot>;
  /** Online stock per offer id; offers that do not exist (or whose product is hidden) are left out. */
  onlineStock(offerIds: number[]): Promise<Map<number, number>>;
  /**
   * Adds the offer to the owner's cart (`quantity` more units, capped at `cap`) or wishlist (once), creating the line
   * and the session row when needed, in one statement, and answers the line. Changes nothing and answers
   * `over_stock` when a cart line would exceed `cap`, `full` when the line would be new and its list already holds
   * `MAX_BASKET_LINES` lines. Holds under concurrent adds of the same owner.
   */
  addLine(
    owner: BasketOwner,
    offerId: number,
    line: { delay: boolean; quantity: number; cap: number },
  ): Promise<AddOutcome>;
  removeFromWishlist(owner: OwnerRef, offerId: number): Promise<void>;
  line(owner: BasketOwner, lineId: number): Promise<StoredLine | null>;
  deleteLine(owner: BasketOwner, lineId: number): Promise<void>;
  setQuantity(owner: BasketOwner, lineId: number, quantity: number): Promise<void>;
  /** Whether two offers are sizes of one product. */
  sameProduct(offerA: number, offerB: number): Promise<boolean>;
  /**
   * Puts another offer on the cart line, in one transaction; a line of that offer already in the cart takes the
   * quantity instead (the sum, capped at `cap`) and this line goes.
   */
  changeOffer(owner: BasketOwner, lineId: number, offerId: number, cap: number): Promise<void>;
  /**
   * Deletes the cart line and puts its offer on the wishlist, in one transaction; `full`, changing nothing, when
   * the wishlist has no room for a new line.
   */
  moveToWishlist(owner: BasketOwner, lineId: number): Promise<'moved' | 'full'>;
  /** The visitor's lines still owned by the session alone, and the user's lines. */
  mergeSources(sessionId: string, userId: number): Promise<{ visitor: StoredLine[]; user: StoredLine[] }>;
  /** In one transaction: writes the merged user lines, drops the visitor's lines, binds the session to the user. */
  replaceWithMerged(sessionId: string, userId: number, lines: MergeLine[]): Promise<void>;
}
