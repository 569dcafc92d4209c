import { describe, expect, it } from 'vitest';
import { formatDate, formatFor, MOSCOW, zoneName } from './dates';

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
});
