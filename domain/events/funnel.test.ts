import { describe, expect, it } from 'vitest';
import { byDayOrder, byVolumeOrder, funnelPeriod, funnelRows, funnelSteps, funnelTotal } from './funnel';

describe('the funnel', () => {
  it('gives each step its conversion from the step before, none after an empty step', () => {
    expect(funnelSteps({ views: 200, baskets: 30, checkouts: 0, orders: 0 })).toEqual([
      { step: 'views', count: 200, conversion: null },
      { step: 'baskets', count: 30, conversion: 15 },
      { step: 'checkouts', count: 0, conversion: 0 },
      { step: 'orders', count: 0, conversion: null },
    ]);
    expect(funnelSteps({ views: 3, baskets: 1, checkouts: 1, orders: 1 })[1]?.conversion).toBe(33.3);
  });

  it('adds the counts of a key up and orders the rows', () => {
    const rows = funnelRows(
      [
        { key: '2026-11-01', title: '2026-11-01', step: 'views', n: 4 },
        { key: '2026-11-02', title: '2026-11-02', step: 'views', n: 10 },
        { key: '2026-11-02', title: '2026-11-02', step: 'baskets', n: 5 },
        { key: '2026-11-02', title: '2026-11-02', step: 'views', n: 10 },
      ],
      byDayOrder,
    );
    expect(rows.map((r) => [r.key, r.steps.map((s) => s.count)])).toEqual([
      ['2026-11-02', [20, 5, 0, 0]],
      ['2026-11-01', [4, 0, 0, 0]],
    ]);
    expect(funnelTotal(rows).map((s) => [s.count, s.conversion])).toEqual([
      [24, null],
      [5, 20.8],
      [0, 0],
      [0, null],
    ]);
  });

  it('puts the products with the most orders first, then the most viewed', () => {
    const rows = funnelRows(
      [
        { key: '1', title: 'Куртка', step: 'views', n: 100 },
        { key: '2', title: 'Шапка', step: 'views', n: 5 },
        { key: '2', title: 'Шапка', step: 'orders', n: 1 },
        { key: '3', title: 'Шарф', step: 'views', n: 50 },
      ],
      byVolumeOrder,
    );
    expect(rows.map((r) => r.title)).toEqual(['Шапка', 'Куртка', 'Шарф']);
  });

  it('takes 7, 30 or 90 days from the address, 30 for anything else', () => {
    expect([funnelPeriod('7'), funnelPeriod('90'), funnelPeriod('365'), funnelPeriod(null)]).toEqual([7, 90, 30, 30]);
  });
});
