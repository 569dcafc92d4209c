import { type RequestContext, userIdOf } from '../context';
import { DomainError } from '../errors';
import { plural } from '../text/plural';
import { type Basket, buildBasket, MAX_BASKET_LINES, mergeLines, withLine } from './basket';
import type { BasketCounts, BasketOwner, BasketRepository, OwnerRef } from './ports';

/** The basket of whoever asks: the user once logged in, else the visitor's session. */
export function basketOwner(ctx: Pick<RequestContext, 'sessionId' | 'actor'>): BasketOwner {
  return { sessionId: ctx.sessionId, userId: userIdOf(ctx) };
}

/** As `basketOwner`, or the session to look the owner up by when the call has not resolved its actor. */
const ownerRef = (ctx: Pick<RequestContext, 'sessionId' | 'actor'>): OwnerRef =>
  ctx.actor.kind === 'session' ? { sessionId: ctx.sessionId, userId: 'session' } : basketOwner(ctx);

type Ctx = Pick<RequestContext, 'sessionId' | 'actor'>;

export interface BasketService {
  counts(ctx: Ctx): Promise<BasketCounts>;
  state(ctx: Ctx): Promise<Basket>;
  add(ctx: Ctx, offerId: number, quantity?: number): Promise<Basket>;
  addToWishlist(ctx: Ctx, offerId: number): Promise<Basket>;
  removeFromWishlist(ctx: Ctx, offerId: number): Promise<Basket>;
  deleteLine(ctx: Ctx, lineId: number): Promise<Basket>;
  lineToWishlist(ctx: Ctx, lineId: number): Promise<Basket>;
  setQuantity(ctx: Ctx, lineId: number, quantity: number): Promise<Basket>;
  /** Spec §7 `sale.order.basket.setSize`: another size of the line's product, the quantity kept within its stock. */
  setSize(ctx: Ctx, lineId: number, offerId: number): Promise<Basket>;
  /** At login: the visitor's basket joins the user's (cart quantities summed, capped at stock). */
  mergeVisitorBasket(sessionId: string, userId: number): Promise<void>;
}

const notFound = () => new DomainError('not_found', 'Такого товара нет в каталоге.', 'OFFER_NOT_FOUND');
const notBuyable = () =>
  new DomainError(
    'unavailable',
    'Этот размер сейчас нельзя купить в интернет-магазине: его нет на складе.',
    'OFFER_NOT_AVAILABLE',
  );
const overStock = (cap: number) =>
  new DomainError('limit', `В наличии только ${cap}\u00a0шт. — больше добавить нельзя.`, 'QUANTITY_LIMIT');
const LINE_FORMS = ['разный товар', 'разных товара', 'разных товаров'] as const;
const cartFull = () =>
  new DomainError(
    'limit',
    `В корзине уже ${MAX_BASKET_LINES}\u00a0${plural(MAX_BASKET_LINES, LINE_FORMS)} — больше добавить нельзя. Оформите заказ или удалите лишнее.`,
    'BASKET_LINES_LIMIT',
  );
const wishlistFull = () =>
  new DomainError(
    'limit',
    `В избранном уже ${MAX_BASKET_LINES}\u00a0${plural(MAX_BASKET_LINES, LINE_FORMS)} — удалите ненужные, чтобы добавить новые.`,
    'WISHLIST_LINES_LIMIT',
  );
const noLine = () =>
  new DomainError('not_found', 'Этого товара уже нет в корзине. Обновите страницу.', 'LINE_NOT_FOUND');

export function createBasketService(repo: BasketRepository): BasketService {
  const state = async (owner: OwnerRef) => buildBasket(await repo.rows(owner));

  /** The offer's online stock; refuses offers that do not exist or cannot be bought online. */
  const buyableStock = async (offerId: number) => {
    const cap = (await repo.onlineStock([offerId])).get(offerId);
    if (cap === undefined) throw notFound();
    if (cap <= 0) throw notBuyable();
    return cap;
  };

  /** Refuses offers that do not exist (or whose product is hidden); stock does not matter. */
  const existingOffer = async (offerId: number) => {
    if (!(await repo.onlineStock([offerId])).has(offerId)) throw notFound();
  };

  const cartLine = async (owner: BasketOwner, lineId: number) => {
    const line = await repo.line(owner, lineId);
    if (!line || line.delay) throw noLine();
    return line;
  };

  return {
    counts: (ctx) => repo.counts(basketOwner(ctx)),
    state: (ctx) => state(ownerRef(ctx)),

    // Three round trips with the write limits: the snapshot, the write, and the answer built from both (a line a
    // concurrent call of the same shopper adds meanwhile shows in the next answer).
    async add(ctx, offerId, quantity = 1) {
      const { owner, offer, rows } = await repo.snapshot(ownerRef(ctx), offerId);
      if (!offer) throw notFound();
      const cap = offer.stock;
      if (cap <= 0) throw notBuyable();
      if (quantity > cap) throw overStock(cap);
      const added = await repo.addLine(owner, offerId, { delay: false, quantity, cap });
      if (added.outcome !== 'added') throw added.outcome === 'full' ? cartFull() : overStock(cap);
      return buildBasket(withLine(rows, offer, { id: added.lineId, delay: false, quantity: added.quantity }));
    },

    async addToWishlist(ctx, offerId) {
      const { owner, offer, rows } = await repo.snapshot(ownerRef(ctx), offerId);
      // Any size can be delayed, a sold-out one too: the shopper keeps it to watch for its return.
      if (!offer) throw notFound();
      const added = await repo.addLine(owner, offerId, { delay: true, quantity: 1, cap: 1 });
      if (added.outcome !== 'added') throw wishlistFull();
      return buildBasket(withLine(rows, offer, { id: added.lineId, delay: true, quantity: added.quantity }));
    },

    async removeFromWishlist(ctx, offerId) {
      const owner = ownerRef(ctx);
      await existingOffer(offerId);
      await repo.removeFromWishlist(owner, offerId);
      return state(owner);
    },

    async deleteLine(ctx, lineId) {
      const owner = basketOwner(ctx);
      const line = await repo.line(owner, lineId);
      if (!line) throw noLine();
      await repo.deleteLine(owner, lineId);
      return state(owner);
    },

    async lineToWishlist(ctx, lineId) {
      const owner = basketOwner(ctx);
      await cartLine(owner, lineId);
      if ((await repo.moveToWishlist(owner, lineId)) === 'full') throw wishlistFull();
      return state(owner);
    },

    async setQuantity(ctx, lineId, quantity) {
      const owner = basketOwner(ctx);
      const line = await cartLine(owner, lineId);
      const cap = await buyableStock(line.offerId);
      if (quantity > cap) throw overStock(cap);
      await repo.setQuantity(owner, lineId, quantity);
      return state(owner);
    },

    async setSize(ctx, lineId, offerId) {
      const owner = basketOwner(ctx);
      const line = await cartLine(owner, lineId);
      if (line.offerId === offerId) return state(owner);
      if (!(await repo.sameProduct(line.offerId, offerId)))
        throw new DomainError('validation', 'Этого размера у товара нет.', 'OFFER_NOT_FOUND');
      await repo.changeOffer(owner, lineId, offerId, await buyableStock(offerId));
      return state(owner);
    },

    async mergeVisitorBasket(sessionId, userId) {
      const { visitor, user } = await repo.mergeSources(sessionId, userId);
      if (visitor.length === 0) return;
      const stock = await repo.onlineStock([...new Set(visitor.map((l) => l.offerId))]);
      await repo.replaceWithMerged(sessionId, userId, mergeLines(visitor, user, stock));
    },
  };
}
