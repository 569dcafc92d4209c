import { describe, expect, it } from 'vitest';
import type { ShopClock } from '../delivery/schedule';
import { collection, quantityState } from './reserve';

const mall = {
  mon: ['10:00', '22:00'],
  tue: ['10:00', '22:00'],
  wed: ['10:00', '22:00'],
  thu: ['10:00', '22:00'],
  fri: ['10:00', '22:00'],
  sat: ['10:00', '22:00'],
  sun: null,
} as const;
const hours = (timeZone = 'Europe/Moscow'): ShopClock => ({
  weekHours: mall,
  holidays: [{ date: '2026-11-24', hours: null }],
  timeZone,
});

describe('collection', () => {
  it('is today until closing when the shop has the size and it is before 18:00 there', () => {
    expect(collection(new Date('2026-11-23T17:59:00+03:00'), hours(), 'shop')).toEqual({
      date: '2026-11-23',
      text: 'сегодня до 22:00',
    });
  });

  it('from 18:00 is the next day the shop opens: a holiday and a Sunday are skipped', () => {
    // Tuesday 24 November is a holiday here, so Monday evening's reservation waits until Wednesday.
    expect(collection(new Date('2026-11-23T18:00:00+03:00'), hours(), 'shop')).toEqual({
      date: '2026-11-25',
      text: 'с 25 ноября',
    });
    // Saturday evening: Sunday is closed, Monday it is.
    expect(collection(new Date('2026-11-28T19:00:00+03:00'), hours(), 'shop')?.date).toBe('2026-11-30');
    expect(collection(new Date('2026-11-25T18:30:00+03:00'), hours(), 'shop')).toEqual({
      date: '2026-11-26',
      text: 'завтра',
    });
  });

  it('reads 18:00 on the shop’s own clock', () => {
    // 16:30 in Moscow is 18:30 in Yekaterinburg: too late for today there.
    const at = new Date('2026-11-25T16:30:00+03:00');
    expect(collection(at, hours('Asia/Yekaterinburg'), 'shop')?.text).toBe('завтра');
    expect(collection(at, hours(), 'shop')?.text).toBe('сегодня до 22:00');
  });

  it('waits for the movement store when the shop has none, and is null when the shop cannot serve the size', () => {
    expect(collection(new Date('2026-11-25T10:00:00+03:00'), hours(), 'brought')).toEqual({
      date: '2026-11-28',
      text: 'с 28 ноября',
    });
    expect(collection(new Date('2026-11-25T10:00:00+03:00'), hours(), null)).toBeNull();
  });
});

describe('quantityState', () => {
  it('says много from three, мало for one or two, нет for none', () => {
    expect([0, 1, 2, 3, 10].map(quantityState)).toEqual(['none', 'few', 'few', 'many', 'many']);
  });
});
