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

  it('answers null when the sources hold too few', () => {
    expect(planAllocation(1, 9, sources)).toBeNull();
    expect(planAllocation(1, 1, [{ storeId: 3, kind: 'shop', quantity: 10 }])).toBeNull();
  });
});
