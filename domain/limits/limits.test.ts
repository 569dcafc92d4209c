import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { clientNetwork, enforce, type LimitRule, RateLimitedError, verdictOf, waitText } from './limits';
import { memoryRateLimiter } from './memory-limiter';

const rule: LimitRule = { name: 'test', limit: 3, windowS: 60 };

/** A clock the test moves by hand. */
function setClock(start = Date.UTC(2026, 10, 22, 10, 0, 0)) {
  let now = start;
  return {
    clock: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('verdictOf', () => {
  it('allows up to the limit, this hit included', () => {
    expect(verdictOf(rule, 3, 60_000, 0)).toEqual({ allowed: true, retryAfterS: 0 });
  });
  it('refuses above it with the whole seconds left in the window, at least one', () => {
    expect(verdictOf(rule, 4, 60_000, 20_500)).toEqual({ allowed: false, retryAfterS: 40 });
    expect(verdictOf(rule, 4, 60_000, 59_999)).toEqual({ allowed: false, retryAfterS: 1 });
  });
  it('never asks to wait longer than the window', () => {
    expect(verdictOf(rule, 4, 60_500, 0)).toEqual({ allowed: false, retryAfterS: 60 });
  });
});

describe('waitText', () => {
  it.each([
    [1, 'через 1\u00a0секунду'],
    [3, 'через 3\u00a0секунды'],
    [40, 'через 40\u00a0секунд'],
    [59.2, 'через 1\u00a0минуту'],
    [61, 'через 2\u00a0минуты'],
    [300, 'через 5\u00a0минут'],
    [3600, 'через 60\u00a0минут'],
    [3601, 'через 2\u00a0часа'],
  ])('%s s → %s', (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });
});

describe('memoryRateLimiter', () => {
  it('allows exactly `limit` hits in a window, then refuses with the time left', async () => {
    const { clock, advance } = setClock();
    const limiter = memoryRateLimiter(clock);
    const verdicts = [];
    for (let i = 0; i < 5; i++) verdicts.push(await limiter.hit('a', rule));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false, false]);
    advance(20_000);
    expect(await limiter.hit('a', rule)).toEqual({ allowed: false, retryAfterS: 40 });
  });

  it('opens a new window when the old one has ended', async () => {
    const { clock, advance } = setClock();
    const limiter = memoryRateLimiter(clock);
    // Shorter than the minute between sweeps: the window itself must end, not just be swept away.
    const short: LimitRule = { ...rule, windowS: 10 };
    for (let i = 0; i < 4; i++) await limiter.hit('a', short);
    advance(10_000);
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push((await limiter.hit('a', short)).allowed);
    expect(verdicts).toEqual([true, true, true, false]);
  });

  it('counts keys and rules separately', async () => {
    const limiter = memoryRateLimiter(setClock().clock);
    for (let i = 0; i < 3; i++) await limiter.hit('a', rule);
    expect((await limiter.hit('b', rule)).allowed).toBe(true);
    expect((await limiter.hit('a', { ...rule, name: 'other' })).allowed).toBe(true);
    expect((await limiter.hit('a', rule)).allowed).toBe(false);
  });

  it('takes one hit back from an open window, never below none, and none from an ended one', async () => {
    const { clock, advance } = setClock();
    const limiter = memoryRateLimiter(clock);
    for (let i = 0; i < 3; i++) await limiter.hit('a', rule);
    await limiter.giveBack('a', rule);
    expect((await limiter.hit('a', rule)).allowed).toBe(true);
    expect((await limiter.hit('a', rule)).allowed).toBe(false);
    await limiter.giveBack('b', rule);
    expect((await limiter.hit('b', rule)).allowed).toBe(true);
    advance(60_000);
    await limiter.giveBack('a', rule);
    for (let i = 0; i < 3; i++) expect((await limiter.hit('a', rule)).allowed).toBe(true);
    expect((await limiter.hit('a', rule)).allowed).toBe(false);
  });

  it('counts a client rule’s IPv6 addresses by their /64, and other rules’ keys as they are', async () => {
    const limiter = memoryRateLimiter(setClock().clock);
    const perClient: LimitRule = { ...rule, key: 'client' };
    for (const host of ['1', '2', 'a:b:c:d']) await limiter.hit(`2a02:6b8:0:1::${host}`, perClient);
    expect((await limiter.hit('2a02:6b8:0:1:ffff:ffff:ffff:ffff', perClient)).allowed).toBe(false);
    expect((await limiter.hit('2a02:6b8:0:2::1', perClient)).allowed).toBe(true);
    for (const host of ['1', '2', '3']) await limiter.hit(`2a02:6b8:0:1::${host}`, rule);
    expect((await limiter.hit('2a02:6b8:0:1::4', rule)).allowed).toBe(true);
  });

  it.each([
    ['2a02:6b8:0:1::5', '2a02:6b8:0:1::/64'],
    ['2A02:06B8:0000:0001:1234:5678:9abc:def0', '2a02:6b8:0:1::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['192.0.2.7', '192.0.2.7'],
    ['local', 'local'],
  ])('names the client %s as %s', (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });

  it('prunes the windows that have ended, and only those', async () => {
    const { clock, advance } = setClock();
    const limiter = memoryRateLimiter(clock);
    await limiter.hit('old', rule);
    advance(30_000);
    await limiter.hit('new', rule);
    expect(await limiter.prune(new Date(clock().getTime() + 30_000))).toBe(1);
    for (let i = 0; i < 2; i++) await limiter.hit('new', rule);
    expect((await limiter.hit('new', rule)).allowed).toBe(false);
  });
});

describe('enforce', () => {
  it('passes while every rule allows, then throws a rate_limited domain error with the longest wait', async () => {
    const { clock, advance } = setClock();
    const limiter = memoryRateLimiter(clock);
    const long: LimitRule = { name: 'long', limit: 1, windowS: 600 };
    await enforce(limiter, ['a', rule], ['a', long]);
    advance(1000);
    const error = await enforce(limiter, ['a', rule], ['a', long]).catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      kind: 'rate_limited',
      code: 'RATE_LIMITED',
      retryAfterS: 599,
      message: 'Слишком много попыток. Повторите через 10\u00a0минут.',
    });
  });
});
