import type { Address } from '../account/addresses';
import { normalizePhone } from '../auth/phone';
import type { Basket, BasketLine } from '../basket/basket';
import type { BasketOwner } from '../basket/basket.service';
import { consentOf } from '../consent/consent';
import { type RequestContext, userIdOf } from '../context';
import {
  chooseInterval,
  courierIntervals,
  DELIVERY_BORDER,
  DELIVERY_TODAY_MIN_COUNT,
  intervalStillValid,
  moscowTime,
  RESERVE_TIME_BORDER,
  shopReadyDate,
} from '../delivery/schedule';
import { DomainError } from '../errors';
import type { Allocation } from '../inventory/allocation';
import { orderConfirmationLetter, orderSms } from '../messages/templates';
import { normalizePromo, type PromoCode, promoAdjustment } from '../pricing/promo';
import { type Adjustment, computeTotals, type PricedLine } from '../pricing/totals';
import type { UnitOfWork } from '../uow';
import type { DeliveryType } from './process';

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
  name: string;
  email: string;
  phone: string;
  comment: string;
  isDisabledCall: boolean;
  discountCard?: string;
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
}

/** Reads around an order, outside its transaction. */
export interface CheckoutRepository {
  /** The phone confirmed by this session, and by the user when logged in. */
  confirmedPhones(sessionId: string, userId: number | null): Promise<string[]>;
  orderByKey(sessionId: string, key: string): Promise<number | null>;
  ordersSince(phone: string, since: Date): Promise<number>;
  deliveryPrice(type: DeliveryType): Promise<{ price: number; freeFrom: number | null } | null>;
  /** The cart's lines that can be bought, with their section and brand. */
  orderLines(owner: BasketOwner): Promise<OrderLineFacts[]>;
  userAddress(userId: number, id: number): Promise<Address | null>;
  /** A shop's name and address when it is a shop every offer may be ordered to (spec §4). */
  shopFor(shopId: number, offerIds: number[]): Promise<{ name: string; address: string } | null>;
  sessionPromoCodes(sessionId: string): Promise<string[]>;
  addPromoCode(sessionId: string, code: string): Promise<void>;
  removePromoCode(sessionId: string, code: string): Promise<void>;
  promo(code: string): Promise<PromoCode | null>;
  promoUses(code: string, customer: string): Promise<number>;
  card(
    input: { userId: number } | { number: string },
  ): Promise<{ number: string; percent: number; active: boolean } | null>;
  /** The user's saved addresses. */
  addresses(userId: number): Promise<Address[]>;
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

export interface OrderShop {
  id: number;
  name: string;
  address: string;
  hours: string;
  phone: string;
  metro: string | null;
}

/** The common parameters every order-page call sends (spec §7), as far as the state depends on them. */
export interface OrderParams {
  deliveryType?: DeliveryType;
  deliveryAddressId?: number;
  deliveryIntervalDate?: string;
  deliveryIntervalTime?: string;
  deliveryShopId?: number;
  discountCard?: string;
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
  /** Removes the cart lines and the promo codes the order took. */
  clearTaken(owner: BasketOwner, lineIds: number[]): Promise<void>;
}

export interface OrderState {
  items: {
    id: number;
    product: BasketLine['product'];
    offer: BasketLine['offer'];
    quantity: number;
    allowedShopIds: number[];
    allowedMovementStoreIds: number[];
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
  deliveryPickupPoint: null;
  deliveryShopData: OrderShop | null;
  comment: string;
  isSubscribe: boolean;
  isDisabledCall: boolean;
  totals: { items: number; discount: number; delivery: number; bonusesUsed: number; total: number };
}

export interface CheckoutDeps {
  basket: { state(ctx: RequestContext): Promise<Basket> };
  repo: CheckoutRepository;
  uow: UnitOfWork;
  /** Orders one phone may place a day (Moscow), the setting `ORDERS_PER_PHONE_DAY`. */
  ordersPerPhoneDay: number;
}

/** Money of the order page: roubles as numbers (spec §7 answers), computed in kopecks. */
const roubles = (kopecks: number) => kopecks / 100;

export interface CheckoutService {
  /** Spec §3 Order: the whole state of the order page. */
  data(ctx: RequestContext, params: OrderParams): Promise<OrderState>;
  /** Checks a typed card number: the state with it applied, or `…/DISCOUNT_CARD_*`. */
  setDiscountCard(ctx: RequestContext, params: OrderParams): Promise<OrderState>;
  setPromocode(ctx: RequestContext, code: string): Promise<{ promocodeList: string[] }>;
  resetPromocode(ctx: RequestContext, code: string): Promise<{ promocodeList: string[] }>;
  save(ctx: RequestContext, input: SaveInput): Promise<{ id: number }>;
}

const ownerOf = (ctx: RequestContext): BasketOwner => ({ sessionId: ctx.sessionId, userId: userIdOf(ctx) });
/** Shown to the shopper: a number that does not start at 1. */
export const orderNumber = (id: number) => String(100_000 + id);

export function createCheckoutService(deps: CheckoutDeps): CheckoutService {
  const { repo } = deps;

  async function adjustmentsFor(ctx: RequestContext, goods: number, customer: string, card?: string) {
    const adjustments: Adjustment[] = [];
    const promos: PromoCode[] = [];
    for (const code of await repo.sessionPromoCodes(ctx.sessionId)) {
      const promo = await repo.promo(code);
      adjustments.push(
        promoAdjustment(promo, { now: ctx.now(), goods, customerUses: await repo.promoUses(code, customer) }),
      );
      promos.push(promo as PromoCode);
    }
    const userId = userIdOf(ctx);
    const found = card
      ? await repo.card({ number: card.replace(/\D/g, '') })
      : userId
        ? await repo.card({ userId })
        : null;
    if (card && !found) throw orderError('DISCOUNT_CARD_NOT_FOUND', 'Дисконтная карта с таким номером не найдена.');
    if (found && !found.active) throw orderError('DISCOUNT_CARD_INACTIVE', 'Дисконтная карта не активна.');
    if (found) adjustments.push({ source: 'card', code: found.number, percent: found.percent, fullPriceOnly: true });
    return { adjustments, promos };
  }

  async function deliveryOf(ctx: RequestContext, input: SaveInput, lines: OrderLineFacts[]) {
    const userId = userIdOf(ctx);
    if (input.deliveryType === 'COURIER' || input.deliveryType === 'POCHTA') {
      const address =
        userId !== null && input.deliveryAddressId ? await repo.userAddress(userId, input.deliveryAddressId) : null;
      // Saved addresses are courier ones or Russian Post ones (type POST).
      const wanted = input.deliveryType === 'POCHTA' ? 'POST' : 'COURIER';
      if (!address || address.type !== wanted)
        throw orderError('ADDRESS_REQUIRED', 'Выберите адрес доставки или добавьте новый.');
      if (input.deliveryType === 'POCHTA') return { addressId: address.id, address: address.title };
      const list = courierIntervals(ctx.now(), { sameDayStock: true });
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
      return { shopId: input.deliveryShopId, shop: `${shop.name}, ${shop.address}` };
    }
    throw orderError('PICKUP_UNAVAILABLE', 'Пункты выдачи пока не подключены: выберите другой способ получения.');
  }

  /** Days a movement store needs to bring an item to a shop. */
  const MOVEMENT_DAYS = 3;

  async function data(ctx: RequestContext, params: OrderParams): Promise<OrderState> {
    const userId = userIdOf(ctx);
    const basket = await deps.basket.state(ctx);
    const offerIds = basket.available.map((l) => l.offer.id);
    const [{ shops, allowedShopIds, allowedMovementStoreIds, onlineStock }, addresses, promocodeList, lines] =
      await Promise.all([
        repo.shopsOf(ctx.city?.id ?? null, offerIds),
        userId !== null ? repo.addresses(userId) : Promise.resolve([]),
        repo.sessionPromoCodes(ctx.sessionId),
        repo.orderLines(ownerOf(ctx)),
      ]);
    const deliveryType = params.deliveryType ?? 'COURIER';
    // Spec §4: the selected address if it fits the type, else the first of that type, else none.
    const addressType = deliveryType === 'POCHTA' ? 'POST' : 'COURIER';
    const fitting = addresses.filter((a) => a.type === addressType);
    const address = fitting.find((a) => a.id === params.deliveryAddressId) ?? fitting[0] ?? null;
    const sameDayStock =
      basket.available.length >= DELIVERY_TODAY_MIN_COUNT &&
      basket.available.every((l) => (onlineStock.get(l.offer.id) ?? 0) >= l.quantity);
    const deliveryIntervalList = courierIntervals(ctx.now(), { sameDayStock });
    const interval = chooseInterval(
      deliveryIntervalList,
      { date: params.deliveryIntervalDate, time: params.deliveryIntervalTime },
      params.cookieInterval ?? {},
    );
    const shop = shops.find((s) => s.id === params.deliveryShopId) ?? null;
    const allInShop = shop !== null && offerIds.every((id) => (allowedShopIds.get(id) ?? []).includes(shop.id));
    const customer = userId !== null ? `user:${userId}` : `session:${ctx.sessionId}`;
    const goods = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
    // A code that stopped applying (the basket shrank below its minimum) is left out of the sums, not an error here.
    const adjustments: Adjustment[] = [];
    for (const code of promocodeList) {
      try {
        adjustments.push(
          promoAdjustment(await repo.promo(code), {
            now: ctx.now(),
            goods,
            customerUses: await repo.promoUses(code, customer),
          }),
        );
      } catch {}
    }
    const card = params.discountCard
      ? await repo.card({ number: params.discountCard.replace(/\D/g, '') })
      : userId !== null
        ? await repo.card({ userId })
        : null;
    if (card?.active)
      adjustments.push({ source: 'card', code: card.number, percent: card.percent, fullPriceOnly: true });
    const prices = await repo.deliveryPrice(deliveryType);
    const deliveryPrice = prices && !(prices.freeFrom !== null && goods >= prices.freeFrom) ? prices.price : 0;
    const totals = computeTotals({ lines, adjustments, delivery: deliveryPrice });
    return {
      items: basket.available.map((l) => ({
        id: l.id,
        product: l.product,
        offer: l.offer,
        quantity: l.quantity,
        allowedShopIds: allowedShopIds.get(l.offer.id) ?? [],
        allowedMovementStoreIds: allowedMovementStoreIds.get(l.offer.id) ?? [],
      })),
      basket,
      addressList: addresses.map((a) => ({ ...a, params: { data: { id: a.id } } })),
      shops,
      city: ctx.city ? { id: ctx.city.id, name: ctx.city.name } : null,
      shopDeliverySrok: shop ? shopReadyDate(ctx.now(), { allInShop, movementDays: MOVEMENT_DAYS }) : null,
      params: {
        deliveryBorder: DELIVERY_BORDER,
        deliveryTodayMinCount: DELIVERY_TODAY_MIN_COUNT,
        reserveTimeBorder: RESERVE_TIME_BORDER,
        isEnabledDiscountCard: true,
      },
      discountCard: card?.number ?? '',
      discountCardActive: Boolean(card?.active),
      promocodeList,
      deliveryType,
      deliveryAddressId: address?.id ?? null,
      deliveryIntervalList,
      deliveryIntervalDate: interval?.date ?? '',
      deliveryIntervalTime: interval?.time ?? '',
      deliveryPickupPoint: null,
      deliveryShopData: shop,
      comment: params.comment ?? '',
      isSubscribe: params.isSubscribe ?? false,
      isDisabledCall: params.isDisabledCall ?? false,
      totals: {
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
      const card = await repo.card({ number });
      if (!card) throw orderError('DISCOUNT_CARD_NOT_FOUND', 'Дисконтная карта с таким номером не найдена.');
      if (!card.active) throw orderError('DISCOUNT_CARD_INACTIVE', 'Дисконтная карта не активна.');
      return data(ctx, { ...params, discountCard: number });
    },

    async setPromocode(ctx, raw) {
      const code = normalizePromo(raw);
      if (!code || code.length > 40) throw orderError('PROMOCODE_NOT_FOUND', 'Такого промокода нет.');
      const lines = await repo.orderLines(ownerOf(ctx));
      const goods = lines.reduce((s, l) => s + l.price * l.quantity, 0);
      const customer = String(userIdOf(ctx) ?? ctx.sessionId);
      promoAdjustment(await repo.promo(code), {
        now: ctx.now(),
        goods,
        customerUses: await repo.promoUses(code, customer),
      });
      await repo.addPromoCode(ctx.sessionId, code);
      return { promocodeList: await repo.sessionPromoCodes(ctx.sessionId) };
    },

    async resetPromocode(ctx, raw) {
      await repo.removePromoCode(ctx.sessionId, normalizePromo(raw));
      return { promocodeList: await repo.sessionPromoCodes(ctx.sessionId) };
    },

    async save(ctx, input) {
      const phone = normalizePhone(input.phone);
      if (!phone) throw orderError('PHONE_INVALID', 'Укажите мобильный телефон: 11 цифр.');
      const userId = userIdOf(ctx);
      // Spec §5: the order's phone must be the one this session or user confirmed by code.
      if (!(await repo.confirmedPhones(ctx.sessionId, userId)).includes(phone))
        throw orderError('PHONE_NOT_CONFIRMED', 'Подтвердите телефон кодом из SMS.');
      const done = await repo.orderByKey(ctx.sessionId, input.idempotencyKey);
      if (done !== null) return { id: done };
      const t = moscowTime(ctx.now());
      const midnight = new Date(ctx.now().getTime() - t.minutes * 60_000 - (ctx.now().getTime() % 60_000));
      if ((await repo.ordersSince(phone, midnight)) >= deps.ordersPerPhoneDay)
        throw orderError('ERROR_ORDER_LIMIT', 'На этот телефон сегодня оформлено слишком много заказов.', 'limit');
      const owner = ownerOf(ctx);
      const lines = (await repo.orderLines(owner)).sort((a, b) => a.offerId - b.offerId);
      if (lines.length === 0) throw orderError('EMPTY_BASKET', 'В корзине нет товаров, которые можно заказать.');
      const delivery = await deliveryOf(ctx, input, lines);
      const customer = userId !== null ? `user:${userId}` : `phone:${phone}`;
      const priced: PricedLine[] = lines.map((l) => ({ ...l }));
      const goods = priced.reduce((s, l) => s + l.price * l.quantity, 0);
      const { adjustments, promos } = await adjustmentsFor(ctx, goods, customer, input.discountCard);
      const prices = await repo.deliveryPrice(input.deliveryType);
      const deliveryPrice = prices && !(prices.freeFrom !== null && goods >= prices.freeFrom) ? prices.price : 0;
      const totals = computeTotals({ lines: priced, adjustments, delivery: deliveryPrice });
      const name = input.name.trim();

      const id = await deps.uow
        .run(async (repos) => {
          const stock: Allocation[] = [];
          for (const line of lines) {
            const taken = await repos.stock.take(line.offerId, line.quantity);
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
          const orderId = await repos.orders.insert(
            {
              userId,
              sessionId: ctx.sessionId,
              idempotencyKey: input.idempotencyKey,
              deliveryType: input.deliveryType,
              delivery,
              name,
              lastName: '',
              secondName: '',
              email: input.email,
              phone,
              comment: input.comment,
              isDisabledCall: input.isDisabledCall,
              items: totals.items,
              discount: totals.discount,
              deliveryPrice: totals.delivery,
              bonusesUsed: totals.bonusesUsed,
              total: totals.total,
              lines: lines.map((l, i) => ({ ...l, total: totals.lines[i]?.total ?? 0 })),
              stock,
            },
            userId !== null ? `user:${userId}` : 'shopper',
          );
          // The same key saved at once by another request: its order stands, this attempt takes nothing.
          if (orderId === null) throw new DuplicateAttempt();
          for (const promo of promos) await repos.orders.notePromoUse(promo.code, orderId, customer);
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
                name,
                number,
                lines: lines.map((l, i) => ({ ...l, total: totals.lines[i]?.total ?? 0 })),
                delivery: `${DELIVERY_NAMES[input.deliveryType]}, ${where}`,
                deliveryPrice: totals.delivery,
                discount: totals.discount,
                total: totals.total,
              }),
            );
          await repos.outbox.enqueue(orderSms({ phone, number, total: totals.total }));
          return orderId;
        })
        .catch(async (error: unknown) => {
          if (!(error instanceof DuplicateAttempt)) throw error;
          return (await repo.orderByKey(ctx.sessionId, input.idempotencyKey)) as number;
        });
      return { id };
    },
  };
}

/** Rolls back an attempt whose key another request used first. */
class DuplicateAttempt extends Error {}
