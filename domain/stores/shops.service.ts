import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import { bringingStores, shopServes } from '../inventory/shop-serves';
import { type Holiday, openState, openStateText, type WeekHours } from './hours';
import { type Collection, collection, type QuantityState, quantityState, RESERVE_PARAMS } from './reserve';

/** What a shop offers, by the codes the stores table keeps. */
export const SERVICE_NAMES: Readonly<Record<string, string>> = {
  fitting: 'Примерочные',
  tailoring: 'Подгонка по фигуре',
  card: 'Оплата картой',
};

/** A shop as the stores table keeps it, with its city. */
export interface ShopRecord {
  id: number;
  code: string;
  name: string;
  cityId: number;
  cityCode: string;
  cityName: string;
  timeZone: string;
  address: string;
  metro: string | null;
  lat: number;
  lon: number;
  /** The week in a line. */
  hours: string;
  weekHours: WeekHours | null;
  holidays: Holiday[];
  phone: string;
  services: string[];
  photos: string[];
  reservable: boolean;
}

/** Spec §3 Shop list item: the shop with its page, its place on the map and whether it is open now. */
export interface ShopView extends Omit<ShopRecord, 'services' | 'lat' | 'lon'> {
  url: string;
  city: number;
  location: { lat: number; lon: number };
  services: { code: string; name: string }[];
  /** Null when the shop's hours are not known. */
  openNow: boolean | null;
  /** «открыто до 21:00», «закрыто, откроется завтра в 10:00». */
  openText: string | null;
}

/** A store holding the offer, for the reserve dialog. */
export interface StoreStock {
  storeId: number;
  kind: 'shop' | 'online' | 'movement';
  name: string;
  quantity: number;
}

export interface ShopsRepository {
  /** Every shop, cities in their order, shops in theirs. */
  shops(): Promise<ShopRecord[]>;
  /**
   * The offer's stock in every store it is not restricted from, and the stores it is restricted from; null when there
   * is no such offer.
   */
  offerStock(offerId: number): Promise<{ stock: StoreStock[]; restrictedStoreIds: number[] } | null>;
}

/** Spec §3 Reserve: where one size can be reserved and when it can be collected. */
export interface ReserveData {
  cities: { id: number; name: string; current: boolean }[];
  shops: (Pick<ShopView, 'id' | 'code' | 'name' | 'address' | 'metro' | 'city' | 'cityName' | 'phone' | 'hours'> &
    Pick<ShopView, 'openText' | 'url' | 'reservable'> & {
      quantity: number;
      quantityState: QuantityState;
      collection: Collection | null;
    })[];
  movementStores: { id: number; name: string; quantity: number }[];
  mainStores: { id: number; name: string; quantity: number }[];
  deliveryBorder: number;
  reserveTimeBorder: number;
}

export interface ShopsService {
  /** The shops, the visitor's city first; `city` (id or code) narrows to one city. */
  list(ctx: RequestContext, filter?: { city?: string }): Promise<ShopView[]>;
  byCode(ctx: RequestContext, code: string): Promise<ShopView>;
  reserveData(ctx: RequestContext, offerId: number): Promise<ReserveData>;
}

export function createShopsService(repo: ShopsRepository): ShopsService {
  const view = (shop: ShopRecord, now: Date): ShopView => {
    const { lat, lon, services, ...rest } = shop;
    const state = shop.weekHours
      ? openState({ week: shop.weekHours, holidays: shop.holidays, timeZone: shop.timeZone }, now)
      : null;
    return {
      ...rest,
      url: `/stores/${shop.code}/`,
      city: shop.cityId,
      location: { lat, lon },
      services: services
        .filter((c) => c in SERVICE_NAMES)
        .map((code) => ({ code, name: SERVICE_NAMES[code] as string })),
      openNow: state ? state.open : null,
      openText: state ? openStateText(state) : null,
    };
  };
  /** The visitor's city first; the rest keep the table's order (a stable sort). */
  const visitorsFirst = <T extends { cityId: number }>(ctx: RequestContext, items: T[]) =>
    [...items].sort((a, b) => Number(b.cityId === ctx.city?.id) - Number(a.cityId === ctx.city?.id));

  return {
    async list(ctx, filter = {}) {
      const shops = await repo.shops();
      let chosen = shops;
      if (filter.city !== undefined) {
        chosen = shops.filter((s) => String(s.cityId) === filter.city || s.cityCode === filter.city);
        if (chosen.length === 0)
          throw new DomainError('validation', 'В этом городе нет наших магазинов.', 'CITY_NOT_FOUND');
      }
      return visitorsFirst(ctx, chosen).map((s) => view(s, ctx.now()));
    },

    async byCode(ctx, code) {
      const shop = (await repo.shops()).find((s) => s.code === code);
      if (!shop) throw new DomainError('not_found', 'Такого магазина нет.', 'SHOP_NOT_FOUND');
      return view(shop, ctx.now());
    },

    async reserveData(ctx, offerId) {
      const [shops, offer] = await Promise.all([repo.shops(), repo.offerStock(offerId)]);
      if (!offer) throw new DomainError('not_found', 'Такого товара нет в каталоге.', 'OFFER_NOT_FOUND');
      const { stock, restrictedStoreIds } = offer;
      const now = ctx.now();
      const inStore = (id: number) => stock.find((s) => s.storeId === id)?.quantity ?? 0;
      const rows = stock.map((s) => ({ storeId: s.storeId, storeType: s.kind, quantity: s.quantity }));
      const bringing = new Set(bringingStores(rows, restrictedStoreIds));
      const movement = stock.filter((s) => bringing.has(s.storeId));
      const cities = new Map<number, string>();
      for (const s of shops) if (s.reservable) cities.set(s.cityId, s.cityName);
      return {
        cities: [...cities].map(([id, name]) => ({ id, name, current: id === ctx.city?.id })),
        shops: visitorsFirst(
          ctx,
          shops.filter((s) => s.reservable),
        ).map((s) => {
          const v = view(s, now);
          const quantity = inStore(s.id);
          return {
            id: v.id,
            code: v.code,
            name: v.name,
            address: v.address,
            metro: v.metro,
            city: v.city,
            cityName: v.cityName,
            phone: v.phone,
            hours: v.hours,
            openText: v.openText,
            url: v.url,
            reservable: v.reservable,
            quantity,
            quantityState: quantityState(quantity),
            collection: collection(now, s, shopServes(s.id, rows, restrictedStoreIds)),
          };
        }),
        movementStores: movement.map((s) => ({ id: s.storeId, name: s.name, quantity: s.quantity })),
        mainStores: stock
          .filter((s) => s.kind === 'online' && s.quantity > 0)
          .map((s) => ({ id: s.storeId, name: s.name, quantity: s.quantity })),
        ...RESERVE_PARAMS,
      };
    },
  };
}
