import { describe, expect, it } from 'vitest';
import type { DeliveryPrices } from '../delivery/delivery-price';
import { deliveryPriceFor } from './order-edit-delivery';

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
