import type { AddressInput } from '../cabinet/cabinet.schemas';
import type { Address } from '../cabinet/addresses';
import { type CarrierDelivery, deliveryOffer, pageQuotes } from './carrier-delivery';
import { MAX_ADDRESSES, addressTypeFor, checkAddress } from '../cabinet/addresses';
import type { Basket } from '../basket/basket';
import { cachedFor } from '../cache';
import { type Invalidations, SHELL } from '../cache-tags';
import type { User } from '../auth/user';
import { type RequestContext, userIdOf } from '../context';
import { type DeliveryPrices, freeDeliveryFrom } from '../delivery/delivery-price';
import { type PickupPoint, pointForAddress } from '../delivery/pickup';
import {
  chooseInterval,
  courierIntervals,
  DELIVERY_BORDER,
  DELIVERY_TODAY_MIN_COUNT,
  RESERVE_TIME_BORDER,
  shopReady,
  specDate,
} from '../delivery/schedule';
import { MOSCOW } from '../text/dates';
import { DomainError, isDomainError } from '../errors';
import type { PaymentsService } from '../payment/payments.service';
import { normalizePromo, promoAdjustment } from '../pricing/promo';
import { type DeliveryType, orderNumber } from './process';
import type { OrderParams, OrderPageData, ReserveInput, SaveInput } from './checkout.types';
import { orderContact } from './contact';
import { sameDay } from './delivery-choice';
import { orderError } from './order-errors';
import { priceOrder } from './order-pricing';
import { orderPlacer, type PlaceDeps, type PlaceStep } from './place-order';
import type { OrderShop } from './ports';
import { customerOf, ownerOf } from './shopper';

export interface CheckoutDeps extends PlaceDeps {
  /** Drops the cached delivery prices when the table changes. */
  invalidations?: Invalidations;
  basket: { state(ctx: RequestContext): Promise<Basket> };
  /** The steps of placing an order, `PLACE_ORDER_STEPS` unless a payment or an export step is slotted in. */
  placeSteps?: readonly PlaceStep[];
  /** Starts an online order's payment once the order stands. */
  payments: Pick<PaymentsService, 'start'>;
  /** The logged-in user's profile (a guest's is empty): the contact fields start with it. */
  currentUser(ctx: RequestContext): Promise<User>;
  /** The carrier's towns, points and quotes (issue 42); absent or without a carrier: the table, no pickup points. */
  delivery?: CarrierDelivery;
}

/** The index a post office quote is for: the chosen post address's, else the first one's. */
const postIndexOf = (addresses: readonly Address[], chosen?: number | null) => {
  const post = addresses.filter((a) => a.type === 'POST');
  return (post.find((a) => a.id === chosen) ?? post[0])?.postcode ?? null;
};

/** Money of the order page: roubles as numbers (spec §7 answers), computed in kopecks. */
const roubles = (kopecks: number) => kopecks / 100;

export interface CheckoutService {
  /** Spec §3 Order: the whole state of the order page. */
  data(ctx: RequestContext, params: OrderParams): Promise<OrderPageData>;
  /** Checks a typed card number: the state with it applied, or `…/DISCOUNT_CARD_*`. */
  setDiscountCard(ctx: RequestContext, params: OrderParams): Promise<OrderPageData>;
  /** Removes the card from this session's order page, the user's own too, until a card is applied again. */
  resetDiscountCard(ctx: RequestContext, params: OrderParams): Promise<OrderPageData>;
  setPromocode(ctx: RequestContext, code: string): Promise<{ promocodeList: string[] }>;
  /** Spec §7 `sale.order.delivery.setAddress`: the state with the new address chosen. */
  setAddress(ctx: RequestContext, params: OrderParams, input: AddressInput): Promise<OrderPageData>;
  /** Spec §7 `getByUserAddress`: the city's point nearest the address the shopper typed or chose. */
  pickupPointFor(ctx: RequestContext, address: string): Promise<PickupPoint | null>;
  /** The phones this session or user confirmed by code (spec §5: the order's phone must be one of them). */
  confirmedPhones(ctx: RequestContext): Promise<string[]>;
  /** Spec §7 `sale/delivery/shop/get`: a shop's data for the order page. */
  shop(id: number): Promise<OrderShop>;
  /** The goods sum courier delivery is free from (kopecks), for the shell's promises; null when it is never free. */
  freeDeliveryFrom(): Promise<number | null>;
  /** Each delivery type's price and free-from sum, as checkout charges them (the delivery page quotes them). */
  deliveryPrices(): Promise<DeliveryPrices>;
  resetPromocode(ctx: RequestContext, code: string): Promise<{ promocodeList: string[] }>;
  /**
   * Places the order; an online one answers where the shopper pays it (the provider's page, or the order's own page
   * with «Оплатить» when the payment could not be started now).
   */
  save(ctx: RequestContext, input: SaveInput): Promise<{ id: number; payment?: { confirmationUrl: string } }>;
  /** Reserves one unit of an offer in a shop (the product page's «Забрать в магазине»): a `SHOP` order of it. */
  reserve(ctx: RequestContext, input: ReserveInput): Promise<{ id: number; number: string }>;
}

/** The order page's service: its state, its promo codes, card and addresses, and placing the order. */
export function createCheckoutService(deps: CheckoutDeps): CheckoutService {
  const { repo } = deps;
  // The shell's promise on every page may lag a price change by a minute; an order's own price never does.
  const deliveryPrices = cachedFor(() => repo.deliveryPrices(), {
    ttlMs: 60_000,
    dropOn: { invalidations: deps.invalidations, tags: [SHELL] },
  });
  const place = orderPlacer(deps, deps.placeSteps);

  async function data(ctx: RequestContext, params: OrderParams): Promise<OrderPageData> {
    const userId = userIdOf(ctx);
    const owner = ownerOf(ctx);
    const cityId = ctx.city?.id ?? null;
    const [basket, lines, addresses, promocodeList, user, confirmedPhones, cardsInUse] = await Promise.all([
      deps.basket.state(ctx),
      repo.orderLines(owner),
      repo.addresses(owner),
      repo.sessionPromoCodes(ctx.sessionId),
      deps.currentUser(ctx),
      repo.confirmedPhones(ctx.sessionId, userId),
      repo.cardsInUse(),
    ]);
    const offer = await deliveryOffer(
      deps.delivery,
      repo,
      ctx,
      lines,
      postIndexOf(addresses, params.deliveryType === 'POCHTA' ? params.deliveryAddressId : null),
    );
    const pickupPointList = offer.points;
    const offerIds = lines.map((l) => l.offerId);
    const [{ shops, allowedShopIds, allowedMovementStoreIds, warehouseStock }, sizes] = await Promise.all([
      repo.shopsOf(cityId, offerIds),
      repo.sizesOf([...new Set(lines.map((l) => l.productId))]),
    ]);
    const deliveryType = params.deliveryType ?? 'COURIER';
    // Spec §4: the selected address if it fits the type, else the first of that type, else none.
    const addressType = addressTypeFor(deliveryType);
    const fitting = addresses.filter((a) => a.type === addressType);
    const address = fitting.find((a) => a.id === params.deliveryAddressId) ?? fitting[0] ?? null;
    const deliveryIntervalList = courierIntervals(ctx.now(), ctx.city?.timeZone ?? MOSCOW, {
      sameDayStock: sameDay(lines, warehouseStock),
    });
    const interval = chooseInterval(
      deliveryIntervalList,
      { date: params.deliveryIntervalDate, time: params.deliveryIntervalTime },
      params.cookieInterval ?? {},
    );
    const shop = shops.find((s) => s.id === params.deliveryShopId) ?? null;
    const served = shop && offerIds.length > 0 ? await repo.shopFor(shop.id, lines) : null;
    const ready = served && shopReady(ctx.now(), served, served.source);
    const point =
      pickupPointList.find((p) => p.id === params.deliveryPickupPointId) ??
      (deliveryType === 'PICKUP' ? pointForAddress(pickupPointList, address?.title ?? '') : null);
    const priced = await priceOrder(repo, ctx, lines, {
      type: deliveryType,
      card: params.discountCard,
      useBonuses: params.useBonuses && userId !== null,
      customer: customerOf(ctx),
      strict: false,
      deliveryPrices: offer.prices(point?.kind ?? 'point'),
      cardTries: deps.cardTries,
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
      metro: [],
      city: ctx.city
        ? { id: ctx.city.id, name: ctx.city.name, region: ctx.city.region ?? '', isOther: !ctx.city.hasShops }
        : null,
      shopDeliverySrok: ready ? specDate(ready.date) : null,
      data: orderContact(user, params.profileCookies ?? {}, confirmedPhones),
      params: {
        deliveryBorder: DELIVERY_BORDER,
        deliveryTodayMinCount: DELIVERY_TODAY_MIN_COUNT,
        reserveTimeBorder: RESERVE_TIME_BORDER,
        isEnabledDiscountCard: cardsInUse,
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
      deliveryQuotes: pageQuotes(
        offer,
        lines.reduce((sum, l) => sum + l.price * l.quantity, 0),
      ),
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
      const { problem } = await deps.cardTries.lookUp(ctx, number);
      if (problem) throw problem;
      // A card applied again after the shopper removed theirs: the removal is over.
      await repo.setOwnCardRemoved(ctx.sessionId, false);
      return data(ctx, { ...params, discountCard: number });
    },

    async resetDiscountCard(ctx, params) {
      await repo.setOwnCardRemoved(ctx.sessionId, true);
      return data(ctx, { ...params, discountCard: undefined });
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
      return freeDeliveryFrom(await deliveryPrices.get());
    },

    deliveryPrices: deliveryPrices.get,

    async pickupPointFor(ctx, address) {
      const places = deps.delivery?.places;
      const city = ctx.city;
      if (!places?.carrier || !city) return null;
      const town = await places.townOf(city);
      if (town) await places.refreshPoints(city.id, town);
      return pointForAddress(await repo.pickupPoints(city.id, places.carrier), address);
    },

    async save(ctx, input) {
      const { id } = await place(ctx, input, {
        lines: () => repo.orderLines(ownerOf(ctx)),
        reservation: false,
        // A shop's pickup is the shop's own: no carrier to ask.
        offer:
          input.deliveryType === 'SHOP'
            ? undefined
            : async (lines) =>
                deliveryOffer(
                  deps.delivery,
                  repo,
                  ctx,
                  lines,
                  input.deliveryType === 'POCHTA'
                    ? postIndexOf(await repo.addresses(ownerOf(ctx)), input.deliveryAddressId)
                    : null,
                ),
      });
      if (input.paymentMethod !== 'ONLINE') return { id };
      try {
        return { id, payment: await deps.payments.start(id, 'checkout') };
      } catch (error) {
        // The order stands whatever the provider said (or a repeated save finds it paid): its page tells the rest.
        if (!isDomainError(error)) throw error;
        return { id, payment: { confirmationUrl: deps.orderLink(id) } };
      }
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
}
