import type { Address } from '../domain/cabinet/addresses';
import type { DiscountCard } from '../domain/cabinet/discount-card';
import type { User } from '../domain/auth/user';
import type { BasketCounts } from '../domain/basket/ports';
import type { PickupPoint } from '../domain/delivery/pickup';
import type { OrderPageData } from '../domain/order/checkout.types';
import type { OrderShop } from '../domain/order/ports';
import type { OrderView } from '../domain/order/orders.service';
import type { ReserveData, ShopView } from '../domain/stores/shops.service';
import type { Basket } from '../domain/basket/basket';
import type { ShopAvailability } from '../domain/catalog/product/product';
import type { Region } from '../domain/regions/regions.service';
import type { ListPayload, ProductPayload, SectionEntry } from './catalog';

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
  basketState: '/api/v2/sale/basket/state/',
  basketAdd: '/api/v2/sale/basket/add/',
  wishlistAdd: '/api/v2/sale/wishlist/add/',
  wishlistDelete: '/api/v2/sale/wishlist/delete/',
  subscribe: '/api/v2/user/subscribe/sign/',
  regionSet: '/api/v2/user/location/region/set/',
  regionByAddress: '/api/v2/user/location/yandex/set/',
  eventSet: '/api/v2/event/set/',
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
  shopGet: '/api/v2/sale/delivery/shop/get/',
  orderCancel: '/api/v2/sale/order/cancel/',
  shopList: '/api/v2/shop/list/',
  reserveData: '/api/v2/sale/reserve/data/',
  push: '/api/v2/push/',
  feedbackAdd: '/api/v2/feedback/add/',
  feedbackStart: '/api/v2/feedback/start/',
  sizeAdvice: '/api/v2/catalog/size/advice/',
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

/**
 * The back office's calls (issue 25.7): a staff session (its own cookie) and the permission each names, checked by
 * one guard (`server/http/staff-session.ts`, `domain/staff/permissions.ts`); POSTs carry the sessid as every `/api/v2`
 * POST does. Answers are in `server/api/v2/admin.ts`.
 */
export const STAFF_API = {
  login: '/api/v2/admin/auth/login/',
  logout: '/api/v2/admin/auth/logout/',
  staff: '/api/v2/admin/staff/',
  /** A member's role (and shop); `:id` is the member's id. */
  staffMember: '/api/v2/admin/staff/:id/',
  staffRemove: '/api/v2/admin/staff/:id/remove/',
  audit: '/api/v2/admin/audit/',
  orders: '/api/v2/admin/orders/',
  ordersCsv: '/api/v2/admin/orders/export.csv',
  order: '/api/v2/admin/orders/:id/',
  orderTransition: '/api/v2/admin/orders/:id/transition/',
  orderNotes: '/api/v2/admin/orders/:id/notes/',
  orderHandover: '/api/v2/admin/orders/:id/handover/',
  orderBuyout: '/api/v2/admin/orders/:id/buyout/',
  orderRefunds: '/api/v2/admin/orders/:id/refunds/',
  orderPayments: '/api/v2/admin/orders/:id/payments/',
  // Back office, part 2 (issue 28). The catalogue: GET lists (query: q, sectionId, brandId, published, inStock,
  // hasPhotos, page), a product's card (GET) and its edit (POST), its photos (POST multipart adds, `order` reorders,
  // `delete` removes), an offer's price, the filtered list's bulk price change (preview, then apply).
  products: '/api/v2/admin/products/',
  productPrices: '/api/v2/admin/products/prices/',
  product: '/api/v2/admin/products/:id/',
  productPhotos: '/api/v2/admin/products/:id/photos/',
  productPhotoOrder: '/api/v2/admin/products/:id/photos/order/',
  productPhotoDelete: '/api/v2/admin/products/:id/photos/:photoId/delete/',
  offerPrice: '/api/v2/admin/offers/:id/price/',
  sections: '/api/v2/admin/sections/',
  section: '/api/v2/admin/sections/:id/',
  brands: '/api/v2/admin/brands/',
  brand: '/api/v2/admin/brands/:id/',
  /** Stock by store (GET, query: productId or offerId, storeId), documents (POST), the movement history (GET). */
  stock: '/api/v2/admin/stock/',
  stockDocuments: '/api/v2/admin/stock/documents/',
  stockMovements: '/api/v2/admin/stock/movements/',
  promocodes: '/api/v2/admin/promocodes/',
  promocode: '/api/v2/admin/promocodes/:code/',
  promocodeStop: '/api/v2/admin/promocodes/:code/stop/',
  contentPages: '/api/v2/admin/content/pages/',
  contentPage: '/api/v2/admin/content/pages/:id/',
  faq: '/api/v2/admin/content/faq/',
  faqItem: '/api/v2/admin/content/faq/:id/',
  landings: '/api/v2/admin/content/landings/',
  landing: '/api/v2/admin/content/landings/:id/',
  /** Markdown with the facts filled, as the page will show it. */
  contentPreview: '/api/v2/admin/content/preview/',
  shops: '/api/v2/admin/shops/',
  shop: '/api/v2/admin/shops/:id/',
  questions: '/api/v2/admin/questions/',
  questionAnswer: '/api/v2/admin/questions/:id/answer/',
  customers: '/api/v2/admin/customers/',
  customer: '/api/v2/admin/customers/:id/',
  customerBlock: '/api/v2/admin/customers/:id/block/',
  customerBonus: '/api/v2/admin/customers/:id/bonus/',
} as const;

interface BasketAnswer {
  basket: Basket;
}

/** What each `/api/v2` call answers in `data`. */
export interface ApiAnswers {
  sectionList: { items: SectionEntry[] };
  productList: ListPayload;
  productGet: ProductPayload;
  productAvailable: ShopAvailability;
  basketState: BasketAnswer;
  basketAdd: BasketAnswer;
  wishlistAdd: BasketAnswer;
  wishlistDelete: BasketAnswer;
  subscribe: { message: string };
  regionSet: { region: Region };
  regionByAddress: { region: Region };
  eventSet: Record<string, never>;
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
  'sale.order.delivery.setAddress': OrderPageData;
  'sale.order.setPromocode': { promocodeList: string[] };
  'sale.order.resetPromocode': { promocodeList: string[] };
  /** The saved order: the browser goes to `/order/?ORDER_ID={id}`, or an online one to where it is paid (issue 27). */
  'sale.order.save': { id: number; payment?: { confirmationUrl: string } };
  'sale.reserve.data': ReserveData;
  /** The order of the reservation, and its number as the shop says it. */
  'sale.reserve.save': { id: number; number: string };
  'sale.order.data': OrderPageData;
  'sale.order.delivery.getIntervalData': OrderPageData;
  'sale.order.setDiscountCard': OrderPageData;
  'sale.order.resetDiscountCard': OrderPageData;
}

export type RpcMethod = keyof RpcAnswers;

/** Spec §7: the platform's catalogue-element call, answering in the `/api/v2` envelope. */
export const CATALOG_ELEMENT_PATH = '/bitrix/components/bitrix/catalog.element/ajax.php';

export interface CatalogElementAnswer {
  counted: boolean;
}
