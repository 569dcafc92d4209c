import { describe, expect, it } from 'vitest';
import type { DeliveryPrices } from '../delivery/delivery-price';
import { deliveryPriceFor, type QuotedAhead, quotesFor } from './order-edit-delivery';

/** Today's table: courier 400 ₽, free from 10 000 ₽ of goods. */
const table: DeliveryPrices = { COURIER: { price: 40_000, freeFrom: 1_000_000 } };

describe('the delivery price after a change', () => {
  it('stays what the shopper was charged, though the table has changed since', () => {
    expect(deliveryPriceFor(table, 'COURIER', {}, 500_000, 30_000)).toBe(30_000);
  });

  it('is free once the goods reach the threshold, and the table’s when a free one falls under it', () => {
    expect(deliveryPriceFor(table, 'COURIER', {}, 1_200_000, 30_000)).toBe(0);
    expect(deliveryPriceFor(table, 'COURIER', {}, 500_000, 0)).toBe(40_000);
  });

  it('is the carrier’s kept quote where it has one', () => {
    const quoted = { quote: { price: 55_000 } } as Parameters<typeof deliveryPriceFor>[2];
    expect(deliveryPriceFor(table, 'COURIER', quoted, 500_000, 30_000)).toBe(55_000);
  });
});

describe('the carrier’s answer a change of place is charged at', () => {
  const point = { price: 31_000, daysMin: 2, daysMax: 4, source: 'carrier' as const };
  const ahead: QuotedAhead = { townCode: 'tomsk', band: 1000, quotes: { courier: null, point, locker: null } };
  const parcel = (weight: number) => ({ weight, length: 40, width: 30, height: 10 });

  it('is the one asked before the transaction, for the same town and weight band', () => {
    expect(quotesFor({ quoting: true, ahead }, { townCode: 'tomsk' }, parcel(800))?.point).toEqual(point);
  });

  it('is refused when the lines changed meanwhile, rather than asked again under the lock', () => {
    const refused = () => quotesFor({ quoting: true, ahead }, { townCode: 'tomsk' }, parcel(2500));
    expect(refused).toThrow(expect.objectContaining({ code: 'ORDER_CHANGED', kind: 'conflict' }));
    expect(() => quotesFor({ quoting: true, ahead: null }, { townCode: 'tomsk' }, parcel(800))).toThrow(
      expect.objectContaining({ code: 'ORDER_CHANGED' }),
    );
  });

  it('is none without carriers or a town: the table prices it', () => {
    expect(quotesFor({ quoting: false, ahead: null }, { townCode: 'tomsk' }, parcel(800))).toBeNull();
    expect(quotesFor({ quoting: true, ahead }, {}, parcel(800))).toBeNull();
  });
});
