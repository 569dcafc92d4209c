import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import type { StaffWrite } from '../staff/staff-write';
import { requirePermission } from '../staff/permissions';
import { type Holiday, type WeekHours, weekSummary } from './hours';
import type { ShopUpdate } from './shops-admin.schemas';

/** A store as the back office's list shows it. */
export interface AdminShopRow {
  id: number;
  code: string;
  cityName: string;
  name: string;
  /** 'shop' sells in person; 'online' is the web warehouse; 'movement' ships to shops within days. */
  type: string;
  address: string;
  reservable: boolean;
}

/** A store's editable data, as the back office's form shows it. */
export interface AdminShop extends AdminShopRow {
  phone: string;
  metro: string | null;
  /** The week in a line, written from `weekHours`. */
  hours: string;
  weekHours: WeekHours | null;
  holidays: Holiday[];
  services: string[];
  photos: string[];
  /** The shop's page on the site (shops of type `shop` only). */
  url: string | null;
}

/** The fields a change writes. */
export type ShopFields = Pick<
  AdminShop,
  'name' | 'address' | 'phone' | 'metro' | 'hours' | 'weekHours' | 'holidays' | 'services' | 'reservable'
>;

export interface ShopsAdminReads {
  list(): Promise<AdminShopRow[]>;
  card(id: number): Promise<AdminShop | null>;
}

export interface ShopsAdminWrites {
  /** The store, its row locked until the unit of work ends. */
  lock(id: number): Promise<AdminShop | null>;
  update(id: number, fields: ShopFields): Promise<void>;
}

export const TYPE_NAMES: Readonly<Record<string, string>> = {
  shop: 'Магазин',
  online: 'Интернет-склад',
  movement: 'Склад перемещений',
};

const notFound = () => new DomainError('not_found', 'Магазин не найден.', 'SHOP_NOT_FOUND');

const fieldsOf = (s: AdminShop): ShopFields => ({
  name: s.name,
  address: s.address,
  phone: s.phone,
  metro: s.metro,
  hours: s.hours,
  weekHours: s.weekHours,
  holidays: s.holidays,
  services: s.services,
  reservable: s.reservable,
});

export interface ShopsAdminService {
  list(ctx: RequestContext): Promise<AdminShopRow[]>;
  card(ctx: RequestContext, id: number): Promise<AdminShop>;
  /** Changes the given fields in one transaction with the audit entry `shop.update`; `hours` follows `weekHours`. */
  update(ctx: RequestContext, id: number, input: ShopUpdate): Promise<AdminShop>;
}

export function createShopsAdminService(deps: { reads: ShopsAdminReads; write: StaffWrite }): ShopsAdminService {
  return {
    async list(ctx) {
      requirePermission(ctx, 'content.edit');
      return deps.reads.list();
    },

    async card(ctx, id) {
      requirePermission(ctx, 'content.edit');
      const shop = await deps.reads.card(id);
      if (!shop) throw notFound();
      return shop;
    },

    async update(ctx, id, input) {
      await deps.write(ctx, 'shop.update', { id }, async (repos) => {
        const shop = await repos.shops.lock(id);
        if (!shop) throw notFound();
        if (input.reservable && shop.type !== 'shop')
          throw new DomainError(
            'validation',
            'Бронировать размер можно только в магазине, не на складе.',
            'SHOP_NOT_RESERVABLE',
          );
        const before = fieldsOf(shop);
        const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
        const after: ShopFields = { ...before, ...defined };
        if (input.weekHours) after.hours = weekSummary(input.weekHours);
        await repos.shops.update(id, after);
        return { value: undefined, before, after };
      });
      const shop = await deps.reads.card(id);
      if (!shop) throw notFound();
      return shop;
    },
  };
}
