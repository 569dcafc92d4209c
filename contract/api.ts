import type { Address } from '../domain/cabinet/addresses';
import type { DiscountCard } from '../domain/cabinet/discount-card';
import type { User } from '../domain/auth/user';
import type { BasketCounts } from '../domain/basket/ports';
import type { AddressSuggestion } from '../domain/delivery/address-suggestions';
import type { PickupPoint } from '../domain/delivery/pickup';
import type { TownChoice } from '../domain/delivery/places.service';
import type { OrderShop } from '../domain/order/ports';
import type { OrderView } from '../domain/order/orders.service';
import type { ReserveData, ShopView } from '../domain/stores/shops.service';
import type { ShopAvailability } from '../domain/catalog/product/product';
import type { Region } from '../domain/regions/regions.service';
import type { StockSubscription, StockSubscriptionView } from '../domain/stock-alerts/stock-alerts.service';
import type { BasketJson, OrderPageJson } from './basket-json';
import type { ReviewsPayload } from './reviews';
import type { CardItem, ListPayload, ProductPayload, SectionEntry } from './catalog';
import type { AdditionOffer } from '../domain/catalog/related/related.service';

/**
 * The shop's calls as the browser and the server both know them: every path once, with what its `data` holds.
 * The server registers its routes from here and the browser calls by name, so a path is never copied.
 */

/** `/api/v2` calls (spec §7), answering `{status: 'ok', data}` or `{status: 'error', errors: [{message, code}]}`. */
export const API = {
  sectionList: '/api/v2/catalog/section/list/',
  productList: '/api/v2/catalog/product/list/',
  productGet: '/api/v2/catalog/product/get/',
  productAvailable: '/api/v2/catalog/product/available/get/',
  /** «Сообщить о поступлении» (issue 44.1): subscribe to a sold-out size, the shopper's list, removing one. */
  stockSubscribe: '/api/v2/catalog/stock/subscribe/',
  stockSubscriptions: '/api/v2/catalog/stock/subscriptions/',
  stockUnsubscribe: '/api/v2/catalog/stock/unsubscribe/',
  /** `?productId=[&size=]`: «Похожие» and «С этим покупают» (issue 44.3). */
  productRelated: '/api/v2/catalog/product/related/',
  /** `?ids=1,2,3`: listed products' cards in that order (the «Вы смотрели» row). */
  productCards: '/api/v2/catalog/products/cards/',
  /** `?exclude=1,2`: small accessories in stock to add to an order, none of the products in `exclude`. */
  productAdditions: '/api/v2/catalog/products/additions/',
  basketState: '/api/v2/sale/basket/state/',
  basketAdd: '/api/v2/sale/basket/add/',
  wishlistAdd: '/api/v2/sale/wishlist/add/',
  wishlistDelete: '/api/v2/sale/wishlist/delete/',
  subscribe: '/api/v2/user/subscribe/sign/',
  regionSet: '/api/v2/user/location/region/set/',
  regionByAddress: '/api/v2/user/location/yandex/set/',
  eventSet: '/api/v2/event/set/',
  /** `{query, city}`: the courier address's suggestions, through the shop (issue 42.5; DaData with `ADDRESS_API_KEY`). */
  deliveryAddressSuggest: '/api/v2/delivery/address/suggest/',
  userState: '/api/v2/user/state/',
  phoneCodeSend: '/api/v2/user/phone/code/send/',
  phoneCodeCheck: '/api/v2/user/phone/code/check/',
  authRegister: '/api/v2/user/auth/register/',
  authLogin: '/api/v2/user/auth/login/',
  emailConfirm: '/api/v2/user/email/confirm/',
  passwordForgot: '/api/v2/user/password/forgot/',
  passwordReset: '/api/v2/user/password/reset/',
  profileSet: '/api/v2/user/profile/fields/set/',
  addressList: '/api/v2/user/address/list/',
  addressAdd: '/api/v2/user/address/add/',
  addressUpdate: '/api/v2/user/address/update/',
  addressDelete: '/api/v2/user/address/delete/',
  discountCardRequest: '/api/v2/user/discount-card/request/',
  pickupPointByAddress: '/api/v2/sale/delivery/pickup/point/getByUserAddress/',
  deliveryTowns: '/api/v2/delivery/towns/',
  shopGet: '/api/v2/sale/delivery/shop/get/',
  orderCancel: '/api/v2/sale/order/cancel/',
  shopList: '/api/v2/shop/list/',
  reserveData: '/api/v2/sale/reserve/data/',
  push: '/api/v2/push/',
  feedbackAdd: '/api/v2/feedback/add/',
  feedbackStart: '/api/v2/feedback/start/',
  sizeAdvice: '/api/v2/catalog/size/advice/',
  /** A product's published reviews, its rating and its model's fit (issue 44.2). */
  productReviews: '/api/v2/catalog/product/reviews/',
  /** A shopper's review of a received order line, photos as multipart `photos` (issue 44.2). */
  productReviewAdd: '/api/v2/catalog/product/reviews/add/',
} as const;

export type ApiName = keyof typeof API;

export const API_V2_BASE = '/api/v2';

/**
 * The operator's calls: authorised by the `ADMIN_TOKEN` bearer, not by a visitor's session, so they sit outside the
 * visitor API's gate. `reloadPages` answers `{command, pages}` in the envelope.
 */
export const ADMIN_API = {
  reloadPages: '/api/v2/admin/reload-pages/',
} as const;

interface BasketAnswer {
  basket: BasketJson;
}

/** What each `/api/v2` call answers in `data`. */
export interface ApiAnswers {
  sectionList: { items: SectionEntry[] };
  productList: ListPayload;
  productGet: ProductPayload;
  productAvailable: ShopAvailability;
  stockSubscribe: { subscription: StockSubscription };
  stockSubscriptions: { items: StockSubscriptionView[] };
  stockUnsubscribe: { items: StockSubscriptionView[] };
  productRelated: { similar: CardItem[]; boughtTogether: CardItem[] };
  productCards: { items: CardItem[] };
  /** Each card with the sizes an online order can take now. */
  productAdditions: { items: (CardItem & { offers: AdditionOffer[] })[] };
  basketState: BasketAnswer;
  basketAdd: BasketAnswer;
  wishlistAdd: BasketAnswer;
  wishlistDelete: BasketAnswer;
  subscribe: { message: string };
  regionSet: { region: Region };
  regionByAddress: { region: Region };
  eventSet: Record<string, never>;
  /** Empty without an address service, or when it fails: the shopper types the address. */
  deliveryAddressSuggest: { suggestions: AddressSuggestion[] };
  userState: UserStateAnswer;
  /** Seconds until another code may be asked for. */
  phoneCodeSend: { resendAfter: number };
  /** The user after the check (logged in with `login=Y` when the phone is theirs) and the session's sessid, new after a login. */
  phoneCodeCheck: { user: User; sessid: string };
  /** The new user, logged in under a new session: its sessid. */
  authRegister: { user: User; sessid: string; message: string };
  authLogin: { user: User; sessid: string };
  emailConfirm: { message: string };
  passwordForgot: { message: string };
  passwordReset: { message: string };
  profileSet: { user: User };
  addressList: AddressesAnswer;
  addressAdd: AddressesAnswer;
  addressUpdate: AddressesAnswer;
  addressDelete: AddressesAnswer;
  discountCardRequest: { user: User; card: DiscountCard };
  /** The city's point for the address, or null when the city has none. */
  pickupPointByAddress: { point: PickupPoint | null };
  /** The carrier's towns whose names start with `q` (issue 42.5); none without a carrier. */
  deliveryTowns: { towns: TownChoice[] };
  shopGet: { shop: OrderShop };
  /** The cancelled order as its owner sees it. */
  orderCancel: { order: OrderView };
  shopList: { items: ShopView[] };
  reserveData: ReserveData;
  /** A stream (text/event-stream), not an envelope: `event: command`, `data: COMMAND_NEED_RELOAD`. */
  push: never;
  feedbackAdd: { message: string; id: number };
  /** The signed start of a feedback form opened now (its minimum fill time counts from it). */
  feedbackStart: { startToken: string };
  /** The size to buy and why (domain/catalog/size/advice.ts). */
  sizeAdvice: { size: number; text: string };
  productReviews: ReviewsPayload;
  productReviewAdd: { review: { id: number; state: 'pending' } };
}

interface AddressesAnswer {
  items: Address[];
}

/**
 * Everything personal on a page, in one call made after load: pages themselves carry nothing personal, so they can
 * be cached and shared (spec §8's composite cache).
 */
export interface UserStateAnswer {
  user: User;
  basket: BasketCounts;
  /** The session's token for state-changing calls. */
  sessid: string;
}

/** `POST /api/`: the order page's `method` dispatch; answers the object itself or `{error: {msg, code}}`. */
export const RPC_PATH = '/api/';

/** What each `POST /api/` method answers. */
export interface RpcAnswers {
  'sale.order.basket.delete': BasketAnswer;
  'sale.order.basket.toWishlist': BasketAnswer;
  'sale.order.basket.setQuantity': BasketAnswer;
  'sale.order.basket.setSize': BasketAnswer;
  'sale.order.delivery.setAddress': OrderPageJson;
  'sale.order.setPromocode': { promocodeList: string[] };
  'sale.order.resetPromocode': { promocodeList: string[] };
  /** The saved order: the browser goes to `/order/?ORDER_ID={id}`, or an online one to where it is paid (issue 27). */
  'sale.order.save': { id: number; payment?: { confirmationUrl: string } };
  'sale.reserve.data': ReserveData;
  /** The order of the reservation, and its number as the shop says it. */
  'sale.reserve.save': { id: number; number: string };
  'sale.order.data': OrderPageJson;
  'sale.order.delivery.getIntervalData': OrderPageJson;
  'sale.order.setDiscountCard': OrderPageJson;
  'sale.order.resetDiscountCard': OrderPageJson;
}

export type RpcMethod = keyof RpcAnswers;

/** Spec §7: the platform's catalogue-element call, answering in the `/api/v2` envelope. */
export const CATALOG_ELEMENT_PATH = '/bitrix/components/bitrix/catalog.element/ajax.php';

export interface CatalogElementAnswer {
  counted: boolean;
}
