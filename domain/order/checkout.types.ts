import type { Address } from '../cabinet/addresses';
import type { Basket, BasketLine } from '../basket/basket';
import type { PickupPoint } from '../delivery/pickup';
import type { OrderContact, ProfileCookies } from './contact';
import type { OrderShop, OrderSize, PaymentMethod } from './ports';
import type { DeliveryType } from './process';

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
  /** «Присылать новости и скидки»: the email signs up for the newsletter (double opt-in) with the order. */
  isSubscribe?: boolean;
  discountCard?: string;
  /** Spend the user's bonuses, as many as the rule allows. */
  useBonuses?: boolean;
  /** `CASH` (on receipt, the default) or `ONLINE` (card or SBP through the payment gateway, before the shop takes it). */
  paymentMethod?: PaymentMethod;
  /** Trying things on at the pickup point (issue 42): by default when the point has a fitting room. */
  tryOn?: boolean;
  /** Keeping part of the parcel and returning the rest: by default when trying on. */
  partial?: boolean;
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
  /** A guest's profile cookies of spec §3: the contact fields' start (`data`). */
  profileCookies?: ProfileCookies;
}

export interface DeliveryQuoteView {
  price: number;
  daysMin: number;
  daysMax: number;
}

export interface OrderPageData {
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
  /**
   * Spec §3 Order `metro`: the city's metro stations for a courier address. Always empty: the address form takes
   * street and house, which couriers and their maps go by, and the shop keeps no station lists (docs/spec-audit.md).
   */
  metro: string[];
  /** `region` «Томская обл.» (empty for a federal city); `isOther`: a town without a shop of ours, delivery only. */
  city: { id: number; name: string; region: string; isOther: boolean } | null;
  shopDeliverySrok: string | null;
  /** Spec §3 Order `data`: the contact fields' start (`orderContact`). */
  data: OrderContact;
  params: {
    deliveryBorder: number;
    deliveryTodayMinCount: number;
    reserveTimeBorder: number;
    /** The card field is offered: the shop has an active discount card someone could type. */
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
  /** The city's carrier points that take the basket's parcel, for the list and the map of the order page. */
  pickupPointList: PickupPoint[];
  /** Delivery price of each type for this basket (roubles), for the type tabs; PICKUP is the chosen point's. */
  deliveryPrices: Record<DeliveryType, number | null>;
  /** The carrier's price (roubles, after the shop's rules) and days of each kind; null where not offered. */
  deliveryQuotes: Record<'COURIER' | 'PICKUP' | 'LOCKER' | 'POCHTA', DeliveryQuoteView | null>;
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
