import { describe, expect, it } from 'vitest';
import {
  COURIER_SLOTS,
  chooseInterval,
  courierIntervals,
  intervalStillValid,
  moscowTime,
  reservationEnd,
  shopReadyDate,
} from './schedule';

/** A moment given in Moscow time (UTC+3). */
const msk = (iso: string) => new Date(`${iso}+03:00`);

describe('moscowTime', () => {
  it('reads the Moscow date and clock whatever the server zone', () => {
    expect(moscowTime(new Date('2026-12-31T21:30:00Z'))).toEqual({ date: '01.01.2027', minutes: 30, hhmm: 30 });
    expect(moscowTime(msk('2026-11-22T16:59'))).toMatchObject({ date: '22.11.2026', hhmm: 1659 });
  });
});

describe('courierIntervals', () => {
  it('offers today at 16:59 only the slots that start two hours later', () => {
    const list = courierIntervals(msk('2026-11-22T16:59'), { sameDayStock: true });
    expect(list['22.11.2026']).toEqual(['19:00-22:00']);
    expect(Object.keys(list)).toHaveLength(7);
    expect(list['23.11.2026']).toEqual([...COURIER_SLOTS]);
  });

  it('starts tomorrow from 17:00', () => {
    const list = courierIntervals(msk('2026-11-22T17:00'), { sameDayStock: true });
    expect(Object.keys(list)[0]).toBe('23.11.2026');
    expect(Object.keys(list)).toHaveLength(7);
  });

  it('starts tomorrow when a line ships from a movement store', () => {
    expect(Object.keys(courierIntervals(msk('2026-11-22T09:00'), { sameDayStock: false }))[0]).toBe('23.11.2026');
  });

  it('offers the whole morning day before the first slot', () => {
    expect(courierIntervals(msk('2026-11-22T07:30'), { sameDayStock: true })['22.11.2026']).toEqual([...COURIER_SLOTS]);
  });

  it('runs over the end of the month and of the year', () => {
    expect(Object.keys(courierIntervals(msk('2026-12-29T18:00'), { sameDayStock: true }))).toEqual([
      '30.12.2026',
      '31.12.2026',
      '01.01.2027',
      '02.01.2027',
      '03.01.2027',
      '04.01.2027',
      '05.01.2027',
    ]);
    expect(Object.keys(courierIntervals(msk('2027-02-28T20:00'), { sameDayStock: true }))[0]).toBe('01.03.2027');
  });
});

describe('chooseInterval (spec §4)', () => {
  const list = { '23.11.2026': ['10:00-13:00', '13:00-16:00'], '24.11.2026': ['10:00-13:00', '19:00-22:00'] };

  it("takes the shopper's valid choice first, then the cookie's, then the first available", () => {
    expect(chooseInterval(list, { date: '24.11.2026', time: '19:00-22:00' }, {})).toEqual({
      date: '24.11.2026',
      time: '19:00-22:00',
    });
    expect(chooseInterval(list, { date: '01.01.2020' }, { date: '24.11.2026', time: '19:00-22:00' })).toEqual({
      date: '24.11.2026',
      time: '19:00-22:00',
    });
    expect(chooseInterval(list, {}, { date: '24.11.2026', time: '13:00-16:00' })).toEqual({
      date: '24.11.2026',
      time: '10:00-13:00',
    });
    expect(chooseInterval(list, {}, {})).toEqual({ date: '23.11.2026', time: '10:00-13:00' });
    expect(chooseInterval({}, {}, {})).toBeNull();
  });

  it('tells whether an earlier choice is still offered', () => {
    expect(intervalStillValid(list, '23.11.2026', '13:00-16:00')).toBe(true);
    expect(intervalStillValid(list, '23.11.2026', '19:00-22:00')).toBe(false);
  });
});

describe('shopReadyDate', () => {
  it('is today until 18:00 when the shop has everything, tomorrow from 18:00', () => {
    expect(shopReadyDate(msk('2026-11-22T17:59'), { allInShop: true, movementDays: 3 })).toBe('22.11.2026');
    expect(shopReadyDate(msk('2026-11-22T18:00'), { allInShop: true, movementDays: 3 })).toBe('23.11.2026');
  });

  it('waits for the movement store otherwise', () => {
    expect(shopReadyDate(msk('2026-11-22T10:00'), { allInShop: false, movementDays: 3 })).toBe('25.11.2026');
  });
});

describe('reservationEnd', () => {
  it('is the Moscow midnight after the third day the order waits, across month and year ends', () => {
    expect(reservationEnd('22.11.2026')).toEqual(msk('2026-11-25T00:00'));
    expect(reservationEnd('30.11.2026')).toEqual(msk('2026-12-03T00:00'));
    expect(reservationEnd('30.12.2026')).toEqual(msk('2027-01-02T00:00'));
  });
});
