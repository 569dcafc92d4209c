import { describe, expect, it } from 'vitest';
import {
  type AvailabilityOffer,
  availabilityOf,
  canBuyOnline,
  isOfferDisabled,
  onlineQuantity,
  type StockRow,
} from './availability';

const rows: StockRow[] = [
  { offerId: 1, storeId: 100, storeType: 'online', quantity: 2 },
  { offerId: 1, storeId: 5, storeType: 'shop', quantity: 1 },
  { offerId: 2, storeId: 5, storeType: 'shop', quantity: 3 },
  { offerId: 3, storeId: 200, storeType: 'movement', quantity: 4 },
  { offerId: 4, storeId: 100, storeType: 'online', quantity: 0 },
];
const stores = { onlineStoreIds: [100], movementStoreIds: [200], restrictionOrderShops: {} };

describe('availability', () => {
  const map = availabilityOf([1, 2, 3, 4, 5], rows);
  const offer = (id: number) => map.get(id) as AvailabilityOffer;

  it('sums quantities by kind of store', () => {
    expect(map.get(1)).toEqual({
      id: 1,
      quantity: 3,
      quantityOnline: 2,
      quantityMovement: 0,
      quantityOffline: 1,
      stores: { 100: true, 5: true },
    });
    expect(map.get(3)?.quantityMovement).toBe(4);
  });

  it('disables an offer only when online, movement and offline are all zero', () => {
    expect(isOfferDisabled(offer(2))).toBe(false);
    expect(isOfferDisabled(offer(4))).toBe(true);
    expect(isOfferDisabled(offer(5))).toBe(true);
  });

  it('sells online from online or movement stock only', () => {
    expect(canBuyOnline(offer(1), stores)).toBe(true);
    expect(canBuyOnline(offer(3), stores)).toBe(true);
    expect(canBuyOnline(offer(2), stores)).toBe(false);
  });

  it('honours shop restrictions', () => {
    expect(canBuyOnline(offer(1), { ...stores, restrictionOrderShops: { 1: [100] } })).toBe(false);
    expect(canBuyOnline(offer(3), { ...stores, restrictionOrderShops: { 1: [100] } })).toBe(true);
  });
});

const sourceStores = {
  onlineStoreIds: [100],
  movementStoreIds: [200, 201],
  restrictionOrderShops: {} as Record<number, number[]>,
};
const stockRows: StockRow[] = [
  { offerId: 1, storeId: 100, storeType: 'online', quantity: 3 },
  { offerId: 1, storeId: 200, storeType: 'movement', quantity: 5 },
  { offerId: 1, storeId: 7, storeType: 'shop', quantity: 4 },
  { offerId: 2, storeId: 7, storeType: 'shop', quantity: 9 },
  { offerId: 3, storeId: 201, storeType: 'movement', quantity: 0 },
];

describe('onlineQuantity', () => {
  it('counts online and movement stock, not shop stock', () => {
    expect(onlineQuantity(1, stockRows, sourceStores)).toBe(8);
    expect(onlineQuantity(2, stockRows, sourceStores)).toBe(0);
    expect(onlineQuantity(3, stockRows, sourceStores)).toBe(0);
    expect(onlineQuantity(99, stockRows, sourceStores)).toBe(0);
  });

  it('leaves out stores the offer may not be ordered from', () => {
    expect(onlineQuantity(1, stockRows, { ...sourceStores, restrictionOrderShops: { 1: [100] } })).toBe(5);
    expect(onlineQuantity(1, stockRows, { ...sourceStores, restrictionOrderShops: { 1: [100, 200] } })).toBe(0);
  });
});
