import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MIN_FILL_MS } from './feedback';
import { checkStartToken, issueStartToken, START_TOKEN_TTL_MS } from './start-token';

const sign = (text: string) => createHmac('sha256', 'test-secret').update(text).digest('base64url');
const at = new Date('2026-11-26T10:00:00Z');
const later = (ms: number) => new Date(at.getTime() + ms);

describe('the feedback form’s start token', () => {
  it('passes from the minimum fill time after it was given out until a day later', () => {
    const token = issueStartToken(at, sign);
    expect(checkStartToken(token, later(MIN_FILL_MS - 1), sign)).toBe('fast');
    expect(checkStartToken(token, later(MIN_FILL_MS), sign)).toBe('ok');
    expect(checkStartToken(token, later(START_TOKEN_TTL_MS), sign)).toBe('ok');
    expect(checkStartToken(token, later(START_TOKEN_TTL_MS + 1), sign)).toBe('invalid');
  });

  it('refuses a token it did not sign: missing, another time, another key, extra parts', () => {
    const token = issueStartToken(at, sign);
    const [time, signature] = token.split('.');
    const now = later(60_000);
    expect(checkStartToken(undefined, now, sign)).toBe('invalid');
    expect(checkStartToken('', now, sign)).toBe('invalid');
    expect(checkStartToken(`${Number(time) - 60_000}.${signature}`, now, sign)).toBe('invalid');
    expect(
      checkStartToken(
        issueStartToken(at, (t) => sign(`other:${t}`)),
        now,
        sign,
      ),
    ).toBe('invalid');
    expect(checkStartToken(`${token}.x`, now, sign)).toBe('invalid');
  });
});
