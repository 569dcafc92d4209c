import { describe, expect, it } from 'vitest';
import { planAllocation } from './allocation';

describe('planAllocation', () => {
  const sources = [
    { storeId: 9, kind: 'movement' as const, quantity: 5 },
    { storeId: 3, kind: 'shop' as const, quantity: 10 },
    { storeId: 2, kind: 'online' as const, quantity: 2 },
    { storeId: 7, kind: 'movement' as const, quantity: 1 },
  ];

  it('takes from the online warehouse first, then movement stores by id, never from a shop', () => {
    expect(planAllocation(1, 4, sources)).toEqual([
      { offerId: 1, storeId: 2, quantity: 2 },
      { offerId: 1, storeId: 7, quantity: 1 },
      { offerId: 1, storeId: 9, quantity: 1 },
    ]);
  });

  it('takes from the shop an order is collected in first, and from no other shop', () => {
    expect(planAllocation(1, 12, sources, 3)).toEqual([
      { offerId: 1, storeId: 3, quantity: 10 },
      { offerId: 1, storeId: 2, quantity: 2 },
    ]);
    expect(planAllocation(1, 4, sources, 5)).toEqual(planAllocation(1, 4, sources));
  });

  it('answers null when the sources hold too few', () => {
    expect(planAllocation(1, 9, sources)).toBeNull();
    expect(planAllocation(1, 1, [{ storeId: 3, kind: 'shop', quantity: 10 }])).toBeNull();
  });
});
