import { describe, expect, it } from 'vitest';
import {
  COURIER_SLOTS,
  chooseInterval,
  courierIntervals,
  cutOffs,
  dayStart,
  intervalStillValid,
  localMidnight,
  type ShopClock,
  shopReady,
} from './schedule';

/** A moment given in Moscow time (UTC+3). */
const msk = (iso: string) => new Date(`${iso}+03:00`);
/** A moment given in Yekaterinburg time (UTC+5). */
const ekb = (iso: string) => new Date(`${iso}+05:00`);
const MOSCOW = 'Europe/Moscow';
const YEKATERINBURG = 'Asia/Yekaterinburg';

describe('cutOffs', () => {
  it('reads the local date and clock of the zone, whatever the server zone', () => {
    expect(cutOffs(new Date('2026-12-31T21:30:00Z'), MOSCOW)).toMatchObject({ date: '2027-01-01', minutes: 30 });
    expect(cutOffs(new Date('2026-12-31T21:30:00Z'), YEKATERINBURG)).toMatchObject({
      date: '2027-01-01',
      minutes: 150,
    });
  });

  it('puts the 17:00 courier cut-off and the 18:00 shop cut-off on the local clock', () => {
    for (const [zone, at] of [
      [MOSCOW, msk],
      [YEKATERINBURG, ekb],
    ] as const) {
      expect(cutOffs(at('2026-11-22T16:59'), zone)).toMatchObject({ courierToday: true, shopToday: true });
      expect(cutOffs(at('2026-11-22T17:00'), zone)).toMatchObject({ courierToday: false, shopToday: true });
      expect(cutOffs(at('2026-11-22T17:59'), zone)).toMatchObject({ courierToday: false, shopToday: true });
      expect(cutOffs(at('2026-11-22T18:00'), zone)).toMatchObject({ courierToday: false, shopToday: false });
    }
    // 17:30 in Yekaterinburg is 15:30 in Moscow: past the courier cut-off there, not here.
    expect(cutOffs(ekb('2026-11-22T17:30'), YEKATERINBURG).courierToday).toBe(false);
    expect(cutOffs(ekb('2026-11-22T17:30'), MOSCOW).courierToday).toBe(true);
  });
});

describe('localMidnight and dayStart', () => {
  it('start the local day in its zone, across the year end', () => {
    expect(localMidnight('2027-01-01', MOSCOW)).toEqual(msk('2027-01-01T00:00'));
    expect(localMidnight('2027-01-01', YEKATERINBURG)).toEqual(ekb('2027-01-01T00:00'));
    // 01:00 in Yekaterinburg is still yesterday in Moscow.
    expect(dayStart(ekb('2026-11-23T01:00'), YEKATERINBURG)).toEqual(ekb('2026-11-23T00:00'));
    expect(dayStart(ekb('2026-11-23T01:00'), MOSCOW)).toEqual(msk('2026-11-22T00:00'));
  });
});

describe('courierIntervals', () => {
  it('offers today at 16:59 only the slots that start two hours later', () => {
    const list = courierIntervals(msk('2026-11-22T16:59'), MOSCOW, { sameDayStock: true });
    expect(list['22.11.2026']).toEqual(['19:00-22:00']);
    expect(Object.keys(list)).toHaveLength(7);
    expect(list['23.11.2026']).toEqual([...COURIER_SLOTS]);
  });

  it('starts tomorrow from 17:00', () => {
    const list = courierIntervals(msk('2026-11-22T17:00'), MOSCOW, { sameDayStock: true });
    expect(Object.keys(list)[0]).toBe('23.11.2026');
    expect(Object.keys(list)).toHaveLength(7);
  });

  it('starts tomorrow when a line ships from a movement store', () => {
    expect(Object.keys(courierIntervals(msk('2026-11-22T09:00'), MOSCOW, { sameDayStock: false }))[0]).toBe(
      '23.11.2026',
    );
  });

  it('offers the whole morning day before the first slot', () => {
    expect(courierIntervals(msk('2026-11-22T07:30'), MOSCOW, { sameDayStock: true })['22.11.2026']).toEqual([
      ...COURIER_SLOTS,
    ]);
  });

  it('reads the cut-off and the dates on the city’s clock: Yekaterinburg at 17:30 starts tomorrow', () => {
    const at = ekb('2026-11-22T17:30');
    expect(Object.keys(courierIntervals(at, YEKATERINBURG, { sameDayStock: true }))[0]).toBe('23.11.2026');
    expect(courierIntervals(ekb('2026-11-22T16:30'), YEKATERINBURG, { sameDayStock: true })['22.11.2026']).toEqual([
      '19:00-22:00',
    ]);
    // The same moment in Moscow is 15:30: the evening slot is still open today.
    expect(courierIntervals(at, MOSCOW, { sameDayStock: true })['22.11.2026']).toEqual(['19:00-22:00']);
  });

  it('runs over the end of the month and of the year', () => {
    expect(Object.keys(courierIntervals(msk('2026-12-29T18:00'), MOSCOW, { sameDayStock: true }))).toEqual([
      '30.12.2026',
      '31.12.2026',
      '01.01.2027',
      '02.01.2027',
      '03.01.2027',
      '04.01.2027',
      '05.01.2027',
    ]);
    expect(Object.keys(courierIntervals(msk('2027-02-28T20:00'), MOSCOW, { sameDayStock: true }))[0]).toBe(
      '01.03.2027',
    );
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

describe('shopReady', () => {
  const shop = (timeZone: string): ShopClock => ({
    timeZone,
    weekHours: {
      mon: ['10:00', '22:00'],
      tue: ['10:00', '22:00'],
      wed: ['10:00', '22:00'],
      thu: ['10:00', '22:00'],
      fri: ['10:00', '22:00'],
      sat: ['10:00', '21:00'],
      sun: null,
    },
    holidays: [{ date: '2026-11-24', hours: null }],
  });
  const date = (at: Date, timeZone: string, source: 'shop' | 'brought' = 'shop') =>
    shopReady(at, shop(timeZone), source)?.date;

  it('is today until 18:00 on the shop’s clock when it holds everything, else the next day it opens', () => {
    // Monday 23 November; Tuesday is a holiday, so the next day open is Wednesday.
    expect(shopReady(msk('2026-11-23T17:59'), shop(MOSCOW), 'shop')).toMatchObject({
      date: '2026-11-23',
      days: 0,
      closes: '22:00',
    });
    expect(date(msk('2026-11-23T18:00'), MOSCOW)).toBe('2026-11-25');
    expect(date(ekb('2026-11-23T17:59'), YEKATERINBURG)).toBe('2026-11-23');
    expect(date(ekb('2026-11-23T18:00'), YEKATERINBURG)).toBe('2026-11-25');
  });

  it('is not today once the shop has closed, even before 18:00', () => {
    const moscow = shop(MOSCOW);
    const early: ShopClock = {
      ...moscow,
      weekHours: moscow.weekHours && { ...moscow.weekHours, mon: ['10:00', '16:00'] },
    };
    expect(shopReady(msk('2026-11-23T15:59'), early, 'shop')?.date).toBe('2026-11-23');
    expect(shopReady(msk('2026-11-23T17:00'), early, 'shop')?.date).toBe('2026-11-25');
  });

  it('gives a Yekaterinburg shop its own answer, not Moscow’s', () => {
    // 18:30 in Yekaterinburg is 16:30 in Moscow: too late there, still today in Moscow.
    const at = ekb('2026-11-25T18:30');
    expect(date(at, YEKATERINBURG)).toBe('2026-11-26');
    expect(date(at, MOSCOW)).toBe('2026-11-25');
    // 00:30 in Yekaterinburg on the 26th is the 25th in Moscow.
    expect(date(ekb('2026-11-26T00:30'), YEKATERINBURG)).toBe('2026-11-26');
  });

  it('waits for a store to bring a line, and skips days the shop is closed', () => {
    expect(date(msk('2026-11-25T10:00'), MOSCOW, 'brought')).toBe('2026-11-28');
    // Thursday + 3 is Sunday, closed: Monday.
    expect(date(msk('2026-11-26T10:00'), MOSCOW, 'brought')).toBe('2026-11-30');
    expect(shopReady(msk('2026-11-23T12:00'), { ...shop(MOSCOW), weekHours: null }, 'shop')).toMatchObject({
      date: '2026-11-23',
      closes: null,
    });
    const shut = { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null };
    expect(shopReady(msk('2026-11-23T12:00'), { ...shop(MOSCOW), weekHours: shut }, 'shop')).toBeNull();
  });

  it('keeps the order until the shop’s midnight after its third day, across month and year ends', () => {
    expect(shopReady(msk('2026-11-23T12:00'), shop(MOSCOW), 'shop')?.reservedUntil).toEqual(msk('2026-11-26T00:00'));
    expect(shopReady(ekb('2026-11-23T12:00'), shop(YEKATERINBURG), 'shop')?.reservedUntil).toEqual(
      ekb('2026-11-26T00:00'),
    );
    expect(shopReady(msk('2026-12-30T12:00'), shop(MOSCOW), 'shop')?.reservedUntil).toEqual(msk('2027-01-02T00:00'));
  });
});
