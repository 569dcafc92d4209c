import { describe, expect, it } from 'vitest';
import {
  changePercent,
  chartDays,
  chartGeometry,
  comparisonPeriods,
  durationText,
  fillDays,
  formatChange,
  niceStep,
  waitingText,
} from './dashboard';
import { queueCounts } from './queues';

const MSK = 'Europe/Moscow';

describe('comparisonPeriods', () => {
  it('takes the shop’s day, not UTC’s, and last week’s same weekday up to the same time', () => {
    // 00:30 in Moscow on Tuesday 10 March is still Monday in UTC.
    const now = new Date('2026-03-09T21:30:00Z');
    const p = comparisonPeriods(now, MSK);
    expect(p).toMatchObject({ date: '2026-03-10', weekAgo: '2026-03-03', time: '00:30' });
    expect(p.today).toEqual({ from: new Date('2026-03-09T21:00:00Z'), to: new Date('2026-03-10T21:00:00Z') });
    expect(p.sameTime).toEqual({ from: new Date('2026-03-02T21:00:00Z'), to: new Date('2026-03-02T21:30:00Z') });
    expect(p.wholeDay).toEqual({ from: new Date('2026-03-02T21:00:00Z'), to: new Date('2026-03-03T21:00:00Z') });
  });

  it('keeps the local time of day across a clock change', () => {
    // Berlin moved to summer time on 29 March 2026: a week later 12:00 local is an hour earlier in UTC.
    const p = comparisonPeriods(new Date('2026-04-01T10:00:00Z'), 'Europe/Berlin');
    expect(p.time).toBe('12:00');
    expect(p.sameTime.to).toEqual(new Date('2026-03-25T11:00:00Z'));
  });
});

describe('changePercent and formatChange', () => {
  it('rounds to whole percent, with a sign, and says nothing when there was nothing', () => {
    expect(changePercent(3, 1)).toBe(200);
    expect(changePercent(2, 3)).toBe(-33);
    expect(changePercent(5, 5)).toBe(0);
    expect(changePercent(4, 0)).toBeNull();
    expect([200, -33, 0, null].map(formatChange)).toEqual(['+200\u00a0%', '−33\u00a0%', '0\u00a0%', '—']);
  });
});

describe('chartDays and fillDays', () => {
  it('gives 14 local days ending today, from the first one’s midnight, zeros where nothing was sold', () => {
    const { dates, from } = chartDays(new Date('2026-03-09T21:30:00Z'), MSK);
    expect(dates).toHaveLength(14);
    expect(dates[0]).toBe('2026-02-25');
    expect(dates[13]).toBe('2026-03-10');
    expect(from).toEqual(new Date('2026-02-24T21:00:00Z'));
    const days = fillDays(dates, [{ date: '2026-03-03', orders: 2, revenue: 500_00 }]);
    expect(days).toHaveLength(14);
    expect(days.find((d) => d.date === '2026-03-03')).toEqual({ date: '2026-03-03', orders: 2, revenue: 500_00 });
    expect(days.filter((d) => d.orders === 0)).toHaveLength(13);
  });
});

describe('queueCounts', () => {
  it('splits new and paid orders on the confirm time and sums the statuses of each queue', () => {
    const byStatus = {
      awaiting_payment: 2,
      new: 4,
      paid: 1,
      confirmed: 1,
      assembling: 2,
      ready: 1,
      completed: 4,
      returned: 1,
    };
    expect(queueCounts(byStatus, 3)).toEqual({
      payment: 2,
      new: 2,
      confirm: 3,
      assemble: 3,
      handover: 1,
      transit: 0,
      done: 5,
      cancelled: 0,
    });
  });
});

describe('waitingText', () => {
  const now = new Date('2026-03-10T09:00:00Z');
  it('names the broken promise', () => {
    expect(waitingText('delivery', { promised: '08.03.2026', createdAt: now }, now)).toContain('08.03.2026');
    expect(waitingText('ready', { promised: '07.03.2026', createdAt: now }, now)).toContain('07.03.2026');
    expect(waitingText('confirm', { promised: null, createdAt: new Date('2026-03-10T07:35:00Z') }, now)).toBe(
      'Не подтверждён уже 1\u00a0ч 25\u00a0мин',
    );
  });

  it('counts minutes, hours and days', () => {
    expect(durationText(45 * 60_000)).toBe('45\u00a0мин');
    expect(durationText(3 * 3600_000)).toBe('3\u00a0ч');
    expect(durationText(2 * 86_400_000 + 5)).toBe('2\u00a0дня');
    expect(durationText(5 * 86_400_000)).toBe('5\u00a0дней');
  });
});

describe('chartGeometry', () => {
  const days = chartDays(new Date('2026-03-10T09:00:00Z'), MSK).dates.map((date, i) => ({
    date,
    orders: i,
    revenue: i * 1_000_00,
  }));

  it('puts every day in its own slot, bars standing on the axis, the highest within the plot', () => {
    const g = chartGeometry(days);
    expect(g.bars).toHaveLength(14);
    for (const b of g.bars) {
      expect(b.y + b.height).toBeCloseTo(g.plot.bottom, 0);
      expect(b.x).toBeGreaterThanOrEqual(g.plot.left);
      expect(b.x + b.width).toBeLessThanOrEqual(g.plot.right);
      expect(b.y).toBeGreaterThanOrEqual(g.plot.top);
    }
    const xs = g.bars.map((b) => b.x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    expect(g.bars[0]).toMatchObject({ height: 0, label: '25.02', weekday: 'ср' });
    expect(g.bars[13]).toMatchObject({ label: '10.03', weekday: 'вт' });
  });

  it('marks the revenue axis in round steps that cover the highest day', () => {
    const g = chartGeometry(days);
    // The highest day is 13 000 ₽: steps of 5 000 ₽ up to 15 000 ₽.
    expect(g.ticks.map((t) => t.value)).toEqual([0, 5_000_00, 10_000_00, 15_000_00]);
    expect(g.ticks[0]?.y).toBe(g.plot.bottom);
    expect(g.ticks[3]?.y).toBe(g.plot.top);
    expect(g.ticks[1]?.label).toBe('5\u00a0000\u00a0₽');
  });

  it('draws an empty fortnight as flat bars on a zero axis', () => {
    const g = chartGeometry(days.map((d) => ({ ...d, orders: 0, revenue: 0 })));
    expect(g.bars.every((b) => b.height === 0)).toBe(true);
    expect(g.ticks.every((t) => Number.isFinite(t.y))).toBe(true);
  });

  it('steps by 1, 2 or 5 times a power of ten', () => {
    expect([0, 4, 13_000, 18_000, 90_000, 1_234_567].map((n) => niceStep(n))).toEqual([
      1, 1, 5_000, 5_000, 50_000, 500_000,
    ]);
  });
});
