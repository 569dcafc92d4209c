import { describe, expect, it } from 'vitest';
import { formatDate, formatFor, fromClockInput, lastDayBefore, MOSCOW, toClockInput, zoneName } from './dates';

const at = new Date('2026-12-01T20:30:00Z');

describe('dates', () => {
  it('formats in the zone asked for, not the server’s', () => {
    expect(formatDate(at, 'dateTime', MOSCOW)).toBe('01.12.2026, 23:30');
    expect(formatDate(at, 'dateTime', 'Asia/Yekaterinburg')).toBe('02.12.2026, 01:30');
    expect(formatDate(at, 'dayMonth', 'Europe/Kaliningrad')).toBe('1 декабря');
  });

  it('names a zone by its distance from Moscow', () => {
    expect(zoneName(MOSCOW, at)).toBe('МСК');
    expect(zoneName('Europe/Kaliningrad', at)).toBe('МСК−1');
    expect(zoneName('Europe/Samara', at)).toBe('МСК+1');
    expect(zoneName('Asia/Yekaterinburg', at)).toBe('МСК+2');
  });

  it('labels a date only when it is on another clock than the reader’s', () => {
    expect(formatFor(at, 'time', MOSCOW, MOSCOW)).toBe('23:30');
    expect(formatFor(at, 'time', 'Asia/Yekaterinburg', MOSCOW)).toBe('01:30 (МСК+2)');
    expect(formatFor(at, 'time', 'Europe/Volgograd', MOSCOW)).toBe('23:30');
  });

  it('reads and writes a form’s clock time in the zone asked for, both ways', () => {
    expect(fromClockInput('2026-12-01T23:30', MOSCOW)).toBe(at.toISOString());
    expect(fromClockInput('2026-12-02T01:30', 'Asia/Yekaterinburg')).toBe(at.toISOString());
    expect(fromClockInput('завтра', MOSCOW)).toBe('завтра');
    expect(toClockInput(at, 'Europe/Kaliningrad')).toBe('2026-12-01T22:30');
    expect(toClockInput(null, MOSCOW)).toBe('');
  });

  it('names the last day of a period ending at a midnight on that zone’s clock', () => {
    const midnight = fromClockInput('2026-12-05T00:00', 'Europe/Samara');
    expect(formatDate(lastDayBefore(midnight), 'dayMonth', 'Europe/Samara')).toBe('4 декабря');
  });
});
