import { DomainError } from '../errors';
import { plural } from '../text/plural';

/**
 * A limit as data: at most `limit` hits per key in a window of `windowS` seconds that opens with the key's first
 * hit (a fixed-window counter). Rules with different names count the same key separately.
 */
export interface LimitRule {
  readonly name: string;
  readonly limit: number;
  readonly windowS: number;
  /** What the rule counts by (`rules.ts`): `client` rules count an IPv6 client by its /64. */
  readonly key?: string;
}

export interface LimitVerdict {
  allowed: boolean;
  /** Whole seconds until the window ends and the key may try again; 0 when allowed. */
  retryAfterS: number;
}

/**
 * Counts hits per key and rule. In memory for the embedded database (one process), a table on PostgreSQL (every
 * process counts in the same row). Every hit counts, a refused one too: hammering does not reopen the door.
 */
export interface RateLimiter {
  hit(key: string, rule: LimitRule): Promise<LimitVerdict>;
  /** Hits every `[key, rule]` pair at once (one round trip on PostgreSQL); the verdicts in the same order. */
  hitAll(checks: [key: string, rule: LimitRule][]): Promise<LimitVerdict[]>;
  /** Forgets the key's hits under the rule (a login that succeeds clears its failed tries). */
  reset(key: string, rule: LimitRule): Promise<void>;
  /**
   * Takes one hit back from the key's open window: a try that proved its caller right (a login that succeeds) is no
   * guess, while the failed tries beside it still count.
   */
  giveBack(key: string, rule: LimitRule): Promise<void>;
  /** Forgets the windows that have ended by `now`; answers how many it removed. */
  prune(now: Date): Promise<number>;
}

/**
 * The counter a key has under a rule. A rule counted by client address counts an IPv6 client by its /64: a home or a
 * server is given a whole /64, and a script rotating through it must not buy a fresh window with every address.
 */
export const counterKey = (rule: LimitRule, key: string) =>
  `${rule.name}:${rule.key === 'client' ? clientNetwork(key) : key}`;

/** An IPv6 address's /64 (`2a02:6b8:0:1::/64`); an IPv4 address, a mapped one too, as it is. */
export function clientNetwork(address: string): string {
  const plain = address.split('%')[0] ?? '';
  if (!plain.includes(':')) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped) return mapped[1] as string;
  const [head = '', tail] = plain.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The verdict for a window that holds `hits` hits, this one included, and ends at `windowEndMs`. The wait is at
 * most the window: a hit that read the clock just before the one that opened the window must not be told more.
 */
export function verdictOf(rule: LimitRule, hits: number, windowEndMs: number, nowMs: number): LimitVerdict {
  if (hits <= rule.limit) return { allowed: true, retryAfterS: 0 };
  const seconds = Math.ceil((windowEndMs - nowMs) / 1000);
  return { allowed: false, retryAfterS: Math.min(rule.windowS, Math.max(1, seconds)) };
}

const SECOND_FORMS = ['секунду', 'секунды', 'секунд'] as const;
const MINUTE_FORMS = ['минуту', 'минуты', 'минут'] as const;
const HOUR_FORMS = ['час', 'часа', 'часов'] as const;

/** «через 40 секунд», «через 3 минуты», «через 2 часа»: rounded up, so trying at the time said succeeds. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `через ${s}\u00a0${plural(s, SECOND_FORMS)}`;
  const minutes = Math.ceil(s / 60);
  if (minutes <= 60) return `через ${minutes}\u00a0${plural(minutes, MINUTE_FORMS)}`;
  const hours = Math.ceil(s / 3600);
  return `через ${hours}\u00a0${plural(hours, HOUR_FORMS)}`;
}

/** A refusal for too many calls; the HTTP layer answers 429 with `Retry-After: retryAfterS`. */
export class RateLimitedError extends DomainError {
  constructor(
    readonly retryAfterS: number,
    message = `Слишком много попыток. Повторите ${waitText(retryAfterS)}.`,
    code = 'RATE_LIMITED',
  ) {
    super('rate_limited', message, code);
    this.name = 'RateLimitedError';
  }
}

/**
 * Hits every `[key, rule]` pair (all of them count) and throws a `RateLimitedError` when any refuses, with the
 * longest wait among the refusals.
 */
export async function enforce(limiter: RateLimiter, ...checks: [key: string, rule: LimitRule][]): Promise<void> {
  const verdicts = await limiter.hitAll(checks);
  const refused = verdicts.filter((v) => !v.allowed);
  if (refused.length > 0) throw new RateLimitedError(Math.max(...refused.map((v) => v.retryAfterS)));
}
