import type { AddressInput } from '../account/account.schemas';
import { type Address, checkAddress, MAX_ADDRESSES } from '../account/addresses';
import { splitFullName } from '../account/names';
import { normalizePhone } from '../auth/phone';
import type { Basket, BasketLine } from '../basket/basket';
import type { BasketOwner } from '../basket/basket.service';
import { cachedFor } from '../cache';
import { type Invalidations, SHELL } from '../cache-tags';
import { consentOf } from '../consent/consent';
import { type RequestContext, userIdOf } from '../context';
import {
  chooseInterval,
  courierIntervals,
  DEFAULT_TIME_ZONE,
  DELIVERY_BORDER,
  DELIVERY_TODAY_MIN_COUNT,
  dayStart,
  intervalStillValid,
  RESERVE_TIME_BORDER,
  type ShopClock,
  shopReady,
  specDate,
} from '../delivery/schedule';
import { type PickupPoint, pointForAddress } from '../delivery/pickup';
import { DomainError } from '../errors';
import type { Allocation } from '../inventory/allocation';
import type { ShopSource } from '../inventory/shop-serves';
import { orderConfirmationLetter, orderSms } from '../messages/templates';
import { normalizePromo, type PromoCode, promoAdjustment } from '../pricing/promo';
import { type Adjustment, computeTotals, type PricedLine } from '../pricing/totals';
import type { UnitOfWork } from '../uow';
import type { DeliveryType, OrderState as OrderStatus } from './process';

/** Spec §8: order errors carry a prefix; the page compares the part after the last «/». */
export const orderError = (code: string, message: string, kind: 'validation' | 'conflict' | 'limit' = 'validation') =>
  new DomainError(kind, message, `sale.order/${code}`);

export const DELIVERY_NAMES: Readonly<Record<DeliveryType, string>> = {
  COURIER: 'Курьерская доставка',
  PICKUP: 'Пункт выдачи',
  POCHTA: 'Отделение Почты России',
  SHOP: 'Самовывоз из магазина',
};

/** What the order page sends with `sale.order.save` (spec §7 common parameters). */
export interface SaveInput {
  idempotencyKey: string;
  deliveryType: DeliveryType;
  deliveryAddressId?: number;
  deliveryIntervalDate?: string;
  deliveryIntervalTime?: string;
  deliveryShopId?: number;
  deliveryPickupPointId?: number;
  name: string;
  email: string;
  phone: string;
  comment: string;
  isDisabledCall: boolean;
  discountCard?: string;
  /** Spend the user's bonuses, as many as the rule allows. */
  useBonuses?: boolean;
}

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
  sectionId: number;
  brandId: number;
}

export interface NewOrder {
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
  lines: (OrderLineFacts & { total: number })[];
  stock: Allocation[];
  /** Shop orders: when the reservation ends. */
  reservedUntil: Date | null;
}

/** Reads around an order, outside its transaction. */
export interface CheckoutRepository {
  /** The phone confirmed by this session, and by the user when logged in. */
  confirmedPhones(sessionId: string, userId: number | null): Promise<string[]>;
  orderByKey(sessionId: string, key: string): Promise<number | null>;
  ordersSince(phone: string, since: Date): Promise<number>;
  /** Each delivery type's price and the sum of goods it is free from (kopecks); a type missing is not offered. */
  deliveryPrices(): Promise<Partial<Record<DeliveryType, { price: number; freeFrom: number | null }>>>;
  /** The cart's lines that can be bought, with their section and brand. */
  orderLines(owner: BasketOwner): Promise<OrderLineFacts[]>;
  /** One unit of an offer as an order line (a reservation from the product page); null for no such offer. */
  offerLine(offerId: number): Promise<OrderLineFacts | null>;
  /** Every size of the products, in size order, and whether it can be bought online now. */
  sizesOf(productIds: number[]): Promise<Map<number, OrderSize[]>>;
  shop(id: number): Promise<OrderShop | null>;
  /**
   * A shop's name, address and clock when it is a shop every offer may be ordered to (spec §4, `shopServes`), and
   * how it gets them (the slowest line's `ShopSource`).
   */
  shopFor(
    shopId: number,
    offerIds: number[],
  ): Promise<(ShopClock & { name: string; address: string; reservable: boolean; source: ShopSource }) | null>;
  sessionPromoCodes(sessionId: string): Promise<string[]>;
  addPromoCode(sessionId: string, code: string): Promise<void>;
  removePromoCode(sessionId: string, code: string): Promise<void>;
  promo(code: string): Promise<PromoCode | null>;
  promoUses(code: string, customer: string): Promise<number>;
  card(
    input: { userId: number } | { number: string },
  ): Promise<{ number: string; percent: number; active: boolean; bonusBalance: number } | null>;
  /** The user's saved addresses, or for a guest the ones this session gave the order page. */
  addresses(owner: BasketOwner): Promise<Address[]>;
  /** Adds an address to the user's, or to the guest's session; `full` at `max`. */
  addAddress(owner: BasketOwner, input: AddressInput, max: number): Promise<number | 'full'>;
  pickupPoints(cityId: number | null): Promise<PickupPoint[]>;
  /** The shops of a city, and for each offer the shops and movement stores it may be ordered to (spec §3 Order items). */
  shopsOf(
    cityId: number | null,
    offerIds: number[],
  ): Promise<{
    shops: OrderShop[];
    allowedShopIds: Map<number, number[]>;
    allowedMovementStoreIds: Map<number, number[]>;
    /** Units of each offer in the online warehouse (same-day courier needs every line there). */
    onlineStock: Map<number, number>;
  }>;
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

/** The common parameters every order-page call sends (spec §7), as far as the state depends on them. */
export interface OrderParams {
  deliveryType?: DeliveryType;
  deliveryAddressId?: number;
  deliveryIntervalDate?: string;
  deliveryIntervalTime?: string;
  deliveryShopId?: number;
  deliveryPickupPointId?: number;
  discountCard?: string;
  useBonuses?: boolean;
  comment?: string;
  isSubscribe?: boolean;
  isDisabledCall?: boolean;
  /** The interval the cookies of spec §3 remember. */
  cookieInterval?: { date?: string; time?: string };
}

/** The order's writes, inside its unit of work. */
export interface OrderRepository {
  /**
   * Counts one use of the code for the customer, under a lock on the code's row: `used` when its total or
   * per-customer limit is reached, and nothing is counted then.
   */
  takePromo(
    code: string,
    customer: string,
    limits: { maxUses: number | null; perCustomer: number | null },
  ): Promise<'ok' | 'used'>;
  /** Writes the order, its lines, its stock and its first status; answers its id, or null when the key was used. */
  insert(order: NewOrder, actor: string): Promise<number | null>;
  notePromoUse(code: string, orderId: number, customer: string): Promise<void>;
  /** Takes bonuses off the user's card unless the balance is short (one conditional update); false then. */
  spendBonuses(userId: number, amount: number): Promise<boolean>;
  /** Removes the cart lines and the promo codes the order took. */
  clearTaken(owner: BasketOwner, lineIds: number[]): Promise<void>;
  /** Reads an order for a change of its status and locks its row until the transaction ends. */
  lockForChange(id: number): Promise<LockedOrder | null>;
  /** Moves the order from `from` to `to` (only if it is still in `from`) and records the move; false if it was not. */
  recordStatus(id: number, from: OrderStatus, to: OrderStatus, actor: string): Promise<boolean>;
  /** Forgets where the order's units were taken from, answering it (so they go back once). */
  takenStock(id: number): Promise<Allocation[]>;
  /** Gives back the promo code uses the order counted. */
  returnPromoUses(id: number): Promise<void>;
  /** Puts bonuses back on the user's card. */
  returnBonuses(userId: number, amount: number): Promise<void>;
}

export interface LockedOrder {
  id: number;
  state: OrderStatus;
  deliveryType: DeliveryType;
  userId: number | null;
  phone: string;
  bonusesUsed: number;
}

export interface OrderState {
  items: {
    id: number;
    product: BasketLine['product'];
    offer: BasketLine['offer'];
    quantity: number;
    /** One unit's price and what the line costs after the order's discounts (roubles, as the saved line's total). */
    unitPrice: number;
    total: number;
    allowedShopIds: number[];
    allowedMovementStoreIds: number[];
    /** The product's sizes, for the line's size picker. */
    sizes: OrderSize[];
  }[];
  basket: Basket;
  addressList: (Address & { params: { data: { id: number } } })[];
  shops: OrderShop[];
  city: { id: number; name: string } | null;
  shopDeliverySrok: string | null;
  params: {
    deliveryBorder: number;
    deliveryTodayMinCount: number;
    reserveTimeBorder: number;
    isEnabledDiscountCard: boolean;
  };
  discountCard: string;
  discountCardActive: boolean;
  promocodeList: string[];
  deliveryType: DeliveryType;
  deliveryAddressId: number | null;
  deliveryIntervalList: Record<string, string[]>;
  deliveryIntervalDate: string;
  deliveryIntervalTime: string;
  deliveryPickupPoint: PickupPoint | null;
  /** The city's pickup points, for the list and the map of the order page. */
  pickupPointList: PickupPoint[];
  /** Delivery price of each type for this basket (roubles), for the type tabs. */
  deliveryPrices: Record<DeliveryType, number | null>;
  /** The user's bonus balance (roubles) and whether the order spends it. */
  bonusBalance: number;
  useBonuses: boolean;
  deliveryShopData: OrderShop | null;
  comment: string;
  isSubscribe: boolean;
  isDisabledCall: boolean;
  /** `base` is the goods before any discount: base − discount − bonusesUsed + delivery = total. */
  totals: { base: number; items: number; discount: number; delivery: number; bonusesUsed: number; total: number };
}

export interface CheckoutDeps {
  /** Drops the cached delivery prices when the table changes. */
  invalidations?: Invalidations;
  basket: { state(ctx: RequestContext): Promise<Basket> };
  repo: CheckoutRepository;
  uow: UnitOfWork;
  /** Orders one phone may place a day (on the clock of the visitor's city), the setting `ORDERS_PER_PHONE_DAY`. */
  ordersPerPhoneDay: number;
  /** The signed address of an order's page, for its owner without an account (the confirmation letter's link). */
  orderLink(orderId: number): string;
}

/** Money of the order page: roubles as numbers (spec §7 answers), computed in kopecks. */
const roubles = (kopecks: number) => kopecks / 100;

export interface CheckoutService {
  /** Spec §3 Order: the whole state of the order page. */
  data(ctx: RequestContext, params: OrderParams): Promise<OrderState>;
  /** Checks a typed card number: the state with it applied, or `…/DISCOUNT_CARD_*`. */
  setDiscountCard(ctx: RequestContext, params: OrderParams): Promise<OrderState>;
  setPromocode(ctx: RequestContext, code: string): Promise<{ promocodeList: string[] }>;
  /** Spec §7 `sale.order.delivery.setAddress`: the state with the new address chosen. */
  setAddress(ctx: RequestContext, params: OrderParams, input: AddressInput): Promise<OrderState>;
  /** Spec §7 `getByUserAddress`: the city's point nearest the address the shopper typed or chose. */
  pickupPointFor(ctx: RequestContext, address: string): Promise<PickupPoint | null>;
  /** The phones this session or user confirmed by code (spec §5: the order's phone must be one of them). */
  confirmedPhones(ctx: RequestContext): Promise<string[]>;
  /** Spec §7 `sale/delivery/shop/get`: a shop's data for the order page. */
  shop(id: number): Promise<OrderShop>;
  /** The goods sum courier delivery is free from (kopecks), for the shell's promises; null when it is never free. */
  freeDeliveryFrom(): Promise<number | null>;
  /** Each delivery type's price and free-from sum, as checkout charges them (the delivery page quotes them). */
  deliveryPrices(): Promise<Partial<Record<DeliveryType, { price: number; freeFrom: number | null }>>>;
  resetPromocode(ctx: RequestContext, code: string): Promise<{ promocodeList: string[] }>;
  save(ctx: RequestContext, input: SaveInput): Promise<{ id: number }>;
  /** Reserves one unit of an offer in a shop (the product page's «Забрать в магазине»): a `SHOP` order of it. */
  reserve(ctx: RequestContext, input: ReserveInput): Promise<{ id: number; number: string }>;
}

/** What the product page's reserve dialog sends. */
export interface ReserveInput {
  idempotencyKey: string;
  offerId: number;
  shopId: number;
  name: string;
  email: string;
  phone: string;
}

const ownerOf = (ctx: RequestContext): BasketOwner => ({ sessionId: ctx.sessionId, userId: userIdOf(ctx) });
/** Shown to the shopper: a number that does not start at 1. */
export const orderNumber = (id: number) => String(100_000 + id);

export function createCheckoutService(deps: CheckoutDeps): CheckoutService {
  const { repo } = deps;
  // The shell's promise on every page may lag a price change by a minute; an order's own price never does.
  const deliveryPrices = cachedFor(() => repo.deliveryPrices(), {
    ttlMs: 60_000,
    dropOn: { invalidations: deps.invalidations, tags: [SHELL] },
  });

  const cardError = (card: { active: boolean } | null) => {
    if (!card) return orderError('DISCOUNT_CARD_NOT_FOUND', 'Дисконтная карта с таким номером не найдена.');
    if (!card.active) return orderError('DISCOUNT_CARD_INACTIVE', 'Дисконтная карта не активна.');
    return null;
  };

  /**
   * The order's money, one way for the page and the save: promo codes of the session, the card (typed or the
   * user's), the delivery price of the type, bonuses. `strict` (the save) refuses a code or card that does not
   * apply; the page leaves it out of the sums instead.
   */
  async function price(
    ctx: RequestContext,
    lines: OrderLineFacts[],
    options: {
      type: DeliveryType;
      card?: string;
      useBonuses?: boolean;
      customer: string;
      strict: boolean;
      /** The session's promo codes apply (not to a reservation). */
      promos?: boolean;
    },
  ) {
    const goods = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
    const adjustments: Adjustment[] = [];
    const promos: PromoCode[] = [];
    for (const code of options.promos === false ? [] : await repo.sessionPromoCodes(ctx.sessionId)) {
      const promo = await repo.promo(code);
      try {
        const customerUses = await repo.promoUses(code, options.customer);
        adjustments.push(promoAdjustment(promo, { now: ctx.now(), goods, customerUses }));
        promos.push(promo as PromoCode);
      } catch (error) {
        // A code that stopped applying (the basket shrank below its minimum) is left out of the page's sums.
        if (options.strict) throw error;
      }
    }
    const userId = userIdOf(ctx);
    const typed = options.card?.replace(/\D/g, '');
    const card = typed ? await repo.card({ number: typed }) : userId !== null ? await repo.card({ userId }) : null;
    const problem = typed ? cardError(card) : null;
    if (problem && options.strict) throw problem;
    if (card?.active)
      adjustments.push({ source: 'card', code: card.number, percent: card.percent, fullPriceOnly: true });
    // Bonuses are the user's own card's, whatever card was typed.
    const own = typed ? (userId !== null ? await repo.card({ userId }) : null) : card;
    const bonusBalance = own?.bonusBalance ?? 0;
    const deliveryCosts = {} as Record<DeliveryType, number | null>;
    const prices = await repo.deliveryPrices();
    for (const type of Object.keys(DELIVERY_NAMES) as DeliveryType[]) {
      const p = prices[type];
      deliveryCosts[type] = p ? (p.freeFrom !== null && goods >= p.freeFrom ? 0 : p.price) : null;
    }
    const totals = computeTotals({
      lines: lines.map((l): PricedLine => ({ ...l })),
      adjustments,
      delivery: deliveryCosts[options.type] ?? 0,
      bonuses: options.useBonuses ? { requested: bonusBalance, balance: bonusBalance } : undefined,
    });
    return { promos, card: card?.active ? card : null, bonusBalance, deliveryCosts, totals };
  }

  const customerOf = (ctx: RequestContext, phone?: string) => {
    const userId = userIdOf(ctx);
    return userId !== null ? `user:${userId}` : phone ? `phone:${phone}` : `session:${ctx.sessionId}`;
  };

  async function deliveryOf(ctx: RequestContext, input: SaveInput, lines: OrderLineFacts[], reservation = false) {
    if (input.deliveryType === 'COURIER' || input.deliveryType === 'POCHTA') {
      const addresses = await repo.addresses(ownerOf(ctx));
      const address = addresses.find((a) => a.id === input.deliveryAddressId);
      // Saved addresses are courier ones or Russian Post ones (type POST).
      const wanted = input.deliveryType === 'POCHTA' ? 'POST' : 'COURIER';
      if (!address || address.type !== wanted)
        throw orderError('ADDRESS_REQUIRED', 'Выберите адрес доставки или добавьте новый.');
      if (input.deliveryType === 'POCHTA') return { addressId: address.id, address: address.title };
      const { onlineStock } = await repo.shopsOf(
        ctx.city?.id ?? null,
        lines.map((l) => l.offerId),
      );
      const list = courierIntervals(ctx.now(), ctx.city?.timeZone ?? DEFAULT_TIME_ZONE, {
        sameDayStock: sameDay(lines, onlineStock),
      });
      const { deliveryIntervalDate: date = '', deliveryIntervalTime: time = '' } = input;
      if (!intervalStillValid(list, date, time))
        throw orderError('INTERVAL_DELIVERY', 'Выбранный интервал доставки больше недоступен. Выберите другой.');
      return { addressId: address.id, address: address.title, date, time };
    }
    if (input.deliveryType === 'SHOP') {
      const shop = input.deliveryShopId
        ? await repo.shopFor(
            input.deliveryShopId,
            lines.map((l) => l.offerId),
          )
        : null;
      if (!shop) throw orderError('SHOP_NOT_ALLOWED', 'В этот магазин заказ доставить нельзя: выберите другой.');
      if (reservation && !shop.reservable)
        throw orderError('SHOP_NOT_ALLOWED', 'Этот магазин не откладывает товары: выберите другой.');
      const ready = shopReady(ctx.now(), shop, shop.source);
      if (!ready) throw orderError('SHOP_NOT_ALLOWED', 'Этот магазин закрыт ближайшую неделю: выберите другой.');
      return {
        shopId: input.deliveryShopId,
        shop: `${shop.name}, ${shop.address}`,
        readyDate: specDate(ready.date),
        reservedUntil: ready.reservedUntil.toISOString(),
      };
    }
    const point = (await repo.pickupPoints(ctx.city?.id ?? null)).find((p) => p.id === input.deliveryPickupPointId);
    if (!point) throw orderError('PICKUP_POINT_REQUIRED', 'Выберите пункт выдачи в своём городе.');
    return { pointId: point.id, point: point.name, address: point.address };
  }

  async function data(ctx: RequestContext, params: OrderParams): Promise<OrderState> {
    const userId = userIdOf(ctx);
    const owner = ownerOf(ctx);
    const cityId = ctx.city?.id ?? null;
    const [basket, lines, addresses, promocodeList, pickupPointList] = await Promise.all([
      deps.basket.state(ctx),
      repo.orderLines(owner),
      repo.addresses(owner),
      repo.sessionPromoCodes(ctx.sessionId),
      repo.pickupPoints(cityId),
    ]);
    const offerIds = lines.map((l) => l.offerId);
    const [{ shops, allowedShopIds, allowedMovementStoreIds, onlineStock }, sizes] = await Promise.all([
      repo.shopsOf(cityId, offerIds),
      repo.sizesOf([...new Set(lines.map((l) => l.productId))]),
    ]);
    const deliveryType = params.deliveryType ?? 'COURIER';
    // Spec §4: the selected address if it fits the type, else the first of that type, else none.
    const addressType = deliveryType === 'POCHTA' ? 'POST' : 'COURIER';
    const fitting = addresses.filter((a) => a.type === addressType);
    const address = fitting.find((a) => a.id === params.deliveryAddressId) ?? fitting[0] ?? null;
    const deliveryIntervalList = courierIntervals(ctx.now(), ctx.city?.timeZone ?? DEFAULT_TIME_ZONE, {
      sameDayStock: sameDay(lines, onlineStock),
    });
    const interval = chooseInterval(
      deliveryIntervalList,
      { date: params.deliveryIntervalDate, time: params.deliveryIntervalTime },
      params.cookieInterval ?? {},
    );
    const shop = shops.find((s) => s.id === params.deliveryShopId) ?? null;
    const served = shop && offerIds.length > 0 ? await repo.shopFor(shop.id, offerIds) : null;
    const ready = served && shopReady(ctx.now(), served, served.source);
    const point =
      pickupPointList.find((p) => p.id === params.deliveryPickupPointId) ??
      (deliveryType === 'PICKUP' ? pointForAddress(pickupPointList, address?.title ?? '') : null);
    const priced = await price(ctx, lines, {
      type: deliveryType,
      card: params.discountCard,
      useBonuses: params.useBonuses && userId !== null,
      customer: customerOf(ctx),
      strict: false,
    });
    const { totals, deliveryCosts } = priced;
    const deliveryPrices = Object.fromEntries(
      Object.entries(deliveryCosts).map(([type, cost]) => [type, cost === null ? null : roubles(cost)]),
    ) as Record<DeliveryType, number | null>;
    const byOffer = new Map(lines.map((l, i) => [l.offerId, { ...l, total: totals.lines[i]?.total ?? 0 }]));
    return {
      items: basket.available
        .filter((l) => byOffer.has(l.offer.id))
        .map((l) => ({
          id: l.id,
          product: l.product,
          offer: l.offer,
          quantity: l.quantity,
          unitPrice: roubles(byOffer.get(l.offer.id)?.price ?? 0),
          total: roubles(byOffer.get(l.offer.id)?.total ?? 0),
          allowedShopIds: allowedShopIds.get(l.offer.id) ?? [],
          allowedMovementStoreIds: allowedMovementStoreIds.get(l.offer.id) ?? [],
          sizes: sizes.get(l.product.id) ?? [],
        })),
      basket,
      addressList: addresses.map((a) => ({ ...a, params: { data: { id: a.id } } })),
      shops,
      city: ctx.city ? { id: ctx.city.id, name: ctx.city.name } : null,
      shopDeliverySrok: ready ? specDate(ready.date) : null,
      params: {
        deliveryBorder: DELIVERY_BORDER,
        deliveryTodayMinCount: DELIVERY_TODAY_MIN_COUNT,
        reserveTimeBorder: RESERVE_TIME_BORDER,
        isEnabledDiscountCard: true,
      },
      discountCard: priced.card?.number ?? '',
      discountCardActive: priced.card !== null,
      promocodeList,
      deliveryType,
      deliveryAddressId: address?.id ?? null,
      deliveryIntervalList,
      deliveryIntervalDate: interval?.date ?? '',
      deliveryIntervalTime: interval?.time ?? '',
      deliveryPickupPoint: point,
      pickupPointList,
      deliveryPrices,
      deliveryShopData: shop,
      bonusBalance: roubles(priced.bonusBalance),
      useBonuses: totals.bonusesUsed > 0,
      comment: params.comment ?? '',
      isSubscribe: params.isSubscribe ?? false,
      isDisabledCall: params.isDisabledCall ?? false,
      totals: {
        base: roubles(totals.base),
        items: roubles(totals.items),
        discount: roubles(totals.discount),
        delivery: roubles(totals.delivery),
        bonusesUsed: roubles(totals.bonusesUsed),
        total: roubles(totals.total),
      },
    };
  }

  return {
    data,

    async setDiscountCard(ctx, params) {
      const number = (params.discountCard ?? '').replace(/\D/g, '');
      if (!number) throw orderError('DISCOUNT_CARD_EMPTY', 'Введите номер дисконтной карты.');
      const problem = cardError(await repo.card({ number }));
      if (problem) throw problem;
      return data(ctx, { ...params, discountCard: number });
    },

    async setPromocode(ctx, raw) {
      const code = normalizePromo(raw);
      if (!code || code.length > 40) throw orderError('PROMOCODE_NOT_FOUND', 'Такого промокода нет.');
      const lines = await repo.orderLines(ownerOf(ctx));
      const goods = lines.reduce((s, l) => s + l.price * l.quantity, 0);
      promoAdjustment(await repo.promo(code), {
        now: ctx.now(),
        goods,
        customerUses: await repo.promoUses(code, customerOf(ctx)),
      });
      await repo.addPromoCode(ctx.sessionId, code);
      return { promocodeList: await repo.sessionPromoCodes(ctx.sessionId) };
    },

    async resetPromocode(ctx, raw) {
      await repo.removePromoCode(ctx.sessionId, normalizePromo(raw));
      return { promocodeList: await repo.sessionPromoCodes(ctx.sessionId) };
    },

    async setAddress(ctx, params, input) {
      checkAddress(input);
      const id = await repo.addAddress(ownerOf(ctx), input, MAX_ADDRESSES);
      if (id === 'full')
        throw orderError('ADDRESS_LIMIT', `Сохранено уже ${MAX_ADDRESSES} адресов: выберите один из них.`, 'limit');
      return data(ctx, {
        ...params,
        deliveryType: input.type === 'POST' ? 'POCHTA' : 'COURIER',
        deliveryAddressId: id,
      });
    },

    confirmedPhones: (ctx) => repo.confirmedPhones(ctx.sessionId, userIdOf(ctx)),

    async shop(id) {
      const shop = await repo.shop(id);
      if (!shop) throw new DomainError('not_found', 'Такого магазина нет.', 'SHOP_NOT_FOUND');
      return shop;
    },

    async freeDeliveryFrom() {
      return (await deliveryPrices.get()).COURIER?.freeFrom ?? null;
    },

    deliveryPrices: deliveryPrices.get,

    async pickupPointFor(ctx, address) {
      return pointForAddress(await repo.pickupPoints(ctx.city?.id ?? null), address);
    },

    save(ctx, input) {
      return place(ctx, input, { lines: () => repo.orderLines(ownerOf(ctx)), reservation: false });
    },

    async reserve(ctx, input) {
      const line = await repo.offerLine(input.offerId);
      if (!line) throw new DomainError('not_found', 'Такого товара нет в каталоге.', 'OFFER_NOT_FOUND');
      const { id } = await place(
        ctx,
        { ...input, deliveryType: 'SHOP', deliveryShopId: input.shopId, comment: '', isDisabledCall: false },
        { lines: async () => [line], reservation: true },
      );
      return { id, number: orderNumber(id) };
    },
  };

  /**
   * Saves an order in one transaction (issue 9 point 4): the cart's lines, or the one size a shopper reserves from the
   * product page (`reservation`: no promo codes, the cart left as it is, only shops that put items aside).
   */
  async function place(
    ctx: RequestContext,
    input: SaveInput,
    source: { lines: () => Promise<OrderLineFacts[]>; reservation: boolean },
  ): Promise<{ id: number }> {
    const phone = normalizePhone(input.phone);
    if (!phone) throw orderError('PHONE_INVALID', 'Укажите мобильный телефон: 11 цифр.');
    const userId = userIdOf(ctx);
    // Spec §5: the order's phone must be the one this session or user confirmed by code.
    if (!(await repo.confirmedPhones(ctx.sessionId, userId)).includes(phone))
      throw orderError('PHONE_NOT_CONFIRMED', 'Подтвердите телефон кодом из SMS.');
    const done = await repo.orderByKey(ctx.sessionId, input.idempotencyKey);
    if (done !== null) return { id: done };
    const midnight = dayStart(ctx.now(), ctx.city?.timeZone ?? DEFAULT_TIME_ZONE);
    if ((await repo.ordersSince(phone, midnight)) >= deps.ordersPerPhoneDay)
      throw orderError('ERROR_ORDER_LIMIT', 'На этот телефон сегодня оформлено слишком много заказов.', 'limit');
    const owner = ownerOf(ctx);
    const lines = (await source.lines()).sort((a, b) => a.offerId - b.offerId);
    if (lines.length === 0) {
      // A save of the same key sent at once may have just ordered the basket: that order is this save's answer.
      const other = await repo.orderByKey(ctx.sessionId, input.idempotencyKey);
      if (other !== null) return { id: other };
      throw orderError('EMPTY_BASKET', 'В корзине нет товаров, которые можно заказать.');
    }
    const delivery = await deliveryOf(ctx, input, lines, source.reservation);
    const customer = customerOf(ctx, phone);
    const { promos, totals } = await price(ctx, lines, {
      type: input.deliveryType,
      card: input.discountCard,
      useBonuses: input.useBonuses && userId !== null,
      customer,
      strict: true,
      promos: !source.reservation,
    });
    const names = splitFullName(input.name);
    const orderLines = lines.map((l, i) => ({ ...l, total: totals.lines[i]?.total ?? 0 }));

    const id = await deps.uow
      .run(async (repos) => {
        const stock: Allocation[] = [];
        for (const line of lines) {
          // A shop order takes what the shop itself holds first.
          const taken = await repos.stock.take(
            line.offerId,
            line.quantity,
            input.deliveryType === 'SHOP' ? input.deliveryShopId : undefined,
          );
          if (!taken)
            throw orderError(
              'NOT_ENOUGH_STOCK',
              `«${line.name}», размер ${line.sizeName}: столько нет в наличии.`,
              'conflict',
            );
          stock.push(...taken);
        }
        for (const promo of promos)
          if ((await repos.orders.takePromo(promo.code, customer, promo)) === 'used')
            throw orderError('PROMOCODE_USED', `Промокод ${promo.code} уже использован.`, 'conflict');
        if (userId !== null && totals.bonusesUsed > 0 && !(await repos.orders.spendBonuses(userId, totals.bonusesUsed)))
          throw orderError('BONUSES_SHORT', 'Бонусов на карте стало меньше. Обновите страницу заказа.', 'conflict');
        const orderId = await repos.orders.insert(
          {
            userId,
            sessionId: ctx.sessionId,
            idempotencyKey: input.idempotencyKey,
            deliveryType: input.deliveryType,
            delivery,
            ...names,
            email: input.email,
            phone,
            comment: input.comment,
            isDisabledCall: input.isDisabledCall,
            items: totals.items,
            discount: totals.discount,
            deliveryPrice: totals.delivery,
            bonusesUsed: totals.bonusesUsed,
            total: totals.total,
            lines: orderLines,
            stock,
            reservedUntil:
              'reservedUntil' in delivery && delivery.reservedUntil ? new Date(delivery.reservedUntil) : null,
          },
          userId !== null ? `user:${userId}` : 'shopper',
        );
        // The same key saved at once by another request: its order stands, this attempt takes nothing.
        if (orderId === null) throw new DuplicateAttempt();
        for (const promo of promos) await repos.orders.notePromoUse(promo.code, orderId, customer);
        if (!source.reservation)
          await repos.orders.clearTaken(
            owner,
            lines.map((l) => l.lineId),
          );
        await repos.consents.record(consentOf(ctx, 'order', phone));
        const number = orderNumber(orderId);
        const where = 'address' in delivery ? delivery.address : 'shop' in delivery ? delivery.shop : '';
        if (input.email)
          await repos.outbox.enqueue(
            orderConfirmationLetter({
              email: input.email,
              name: names.name,
              number,
              lines: orderLines,
              delivery: `${DELIVERY_NAMES[input.deliveryType]}, ${where}`,
              deliveryPrice: totals.delivery,
              discount: totals.discount,
              total: totals.total,
              url: deps.orderLink(orderId),
            }),
          );
        await repos.outbox.enqueue(orderSms({ phone, number, total: totals.total }));
        return orderId;
      })
      .catch(async (error: unknown) => {
        // The same key saved at once: the save that won (its key taken, or the stock it took) answers for both.
        const other = await repo.orderByKey(ctx.sessionId, input.idempotencyKey);
        if (other === null) throw error;
        return other;
      });
    return { id };
  }
}

/** Same-day courier only when every line can leave the online warehouse now (spec §9 minimum count too). */
function sameDay(lines: OrderLineFacts[], onlineStock: Map<number, number>): boolean {
  return (
    lines.length >= DELIVERY_TODAY_MIN_COUNT && lines.every((l) => (onlineStock.get(l.offerId) ?? 0) >= l.quantity)
  );
}

/** Rolls back an attempt whose key another request used first. */
class DuplicateAttempt extends Error {}
