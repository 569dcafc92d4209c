import { describe, expect, it } from 'vitest';
import { closingOn, localTime, openState, openStateText, type ShopHours, type WeekHours, weekSummary } from './hours';

const weekdays = (s: readonly [string, string] | null, weekend: readonly [string, string] | null): WeekHours => ({
  mon: s,
  tue: s,
  wed: s,
  thu: s,
  fri: s,
  sat: weekend,
  sun: weekend,
});
const moscow: ShopHours = {
  week: weekdays(['10:00', '21:00'], ['11:00', '20:00']),
  holidays: [
    { date: '2026-12-31', hours: ['10:00', '18:00'] },
    { date: '2027-01-01', hours: null },
  ],
  timeZone: 'Europe/Moscow',
};
/** 2026-11-23 is a Monday. */
const at = (iso: string) => new Date(iso);

describe('openState', () => {
  it('is open from opening to closing, and says when it opens otherwise', () => {
    expect(openState(moscow, at('2026-11-23T09:59:00+03:00'))).toEqual({
      open: false,
      opensAt: { time: '10:00', day: 'today' },
    });
    expect(openState(moscow, at('2026-11-23T10:00:00+03:00'))).toEqual({ open: true, closesAt: '21:00' });
    expect(openState(moscow, at('2026-11-23T20:59:00+03:00'))).toEqual({ open: true, closesAt: '21:00' });
    expect(openStateText(openState(moscow, at('2026-11-23T21:00:00+03:00')))).toBe('закрыто, откроется завтра в 10:00');
    // Friday night: Saturday opens at 11.
    expect(openStateText(openState(moscow, at('2026-11-27T22:00:00+03:00')))).toBe('закрыто, откроется завтра в 11:00');
  });

  it('keeps holidays: short on New Year’s Eve, closed on 1 January, so the next opening is 2 January', () => {
    expect(openState(moscow, at('2026-12-31T17:59:00+03:00'))).toEqual({ open: true, closesAt: '18:00' });
    expect(openStateText(openState(moscow, at('2026-12-31T18:30:00+03:00')))).toBe(
      'закрыто, откроется в субботу в 11:00',
    );
    expect(closingOn(moscow, '2026-12-31')).toBe('18:00');
    expect(closingOn(moscow, '2027-01-01')).toBeNull();
  });

  it('runs a span past midnight into the next morning', () => {
    const late: ShopHours = { week: weekdays(['10:00', '02:00'], null), holidays: [], timeZone: 'Europe/Moscow' };
    expect(openState(late, at('2026-11-23T23:30:00+03:00'))).toEqual({ open: true, closesAt: '02:00' });
    // Tuesday 01:30 is still Monday's evening.
    expect(openState(late, at('2026-11-24T01:30:00+03:00'))).toEqual({ open: true, closesAt: '02:00' });
    expect(openState(late, at('2026-11-24T02:00:00+03:00')).open).toBe(false);
    // Saturday 01:00 is Friday's night; Sunday 01:00 is closed (Saturday has no hours).
    expect(openState(late, at('2026-11-28T01:00:00+03:00')).open).toBe(true);
    expect(openState(late, at('2026-11-29T01:00:00+03:00')).open).toBe(false);
    const always: ShopHours = {
      week: weekdays(['00:00', '24:00'], ['00:00', '24:00']),
      holidays: [],
      timeZone: 'Europe/Moscow',
    };
    expect(openStateText(openState(always, at('2026-11-23T03:00:00+03:00')))).toBe('открыто круглосуточно');
  });

  it("reads the clock in the shop's own time zone", () => {
    const ekb: ShopHours = { ...moscow, timeZone: 'Asia/Yekaterinburg' };
    // 08:30 in Moscow is 10:30 in Yekaterinburg: open there, not yet in Moscow.
    const moment = at('2026-11-23T08:30:00+03:00');
    expect(openState(ekb, moment)).toEqual({ open: true, closesAt: '21:00' });
    expect(openState(moscow, moment).open).toBe(false);
    // 23:30 Sunday in Moscow is already Monday in Novosibirsk.
    expect(localTime(at('2026-11-29T23:30:00+03:00'), 'Asia/Novosibirsk')).toEqual({
      date: '2026-11-30',
      weekday: 'mon',
      minutes: 210,
    });
  });
});

describe('weekSummary', () => {
  it('groups the days that share their hours', () => {
    expect(weekSummary(weekdays(['10:00', '22:00'], ['10:00', '22:00']))).toBe('ежедневно 10:00–22:00');
    expect(weekSummary(moscow.week)).toBe('пн–пт 10:00–21:00, сб–вс 11:00–20:00');
    expect(weekSummary({ ...moscow.week, sun: null })).toBe('пн–пт 10:00–21:00, сб 11:00–20:00, вс выходной');
  });
});
