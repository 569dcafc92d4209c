import { describe, expect, it } from 'vitest';
import { readSettings } from '../../config/settings';
import { limitRulesFrom } from '../limits/rules';
import type { RequestContext } from '../context';
import { RateLimitedError } from '../limits/limits';
import { memoryRateLimiter } from '../limits/memory-limiter';
import type { OutgoingMessage } from '../messages/message';
import type { TransactionRepositories } from '../uow';
import { createPhoneCodesService } from './phone-codes.service';
import type { PhoneCodeRepository } from './ports';

/** The service on a clock the test moves, with repositories that only note what they were given. */
function setup() {
  let now = new Date('2026-11-22T10:00:00Z');
  const sent: OutgoingMessage[] = [];
  const codes: { phone: string; expiresAt: Date }[] = [];
  const repo = {
    async create(code: { phone: string; expiresAt: Date }) {
      codes.push(code);
    },
  } as unknown as PhoneCodeRepository;
  const service = createPhoneCodesService({
    repo,
    uow: {
      run: (work) =>
        work({
          phoneCodes: repo,
          outbox: { enqueue: async (...m) => void sent.push(...m) },
        } as TransactionRepositories),
    },
    limits: memoryRateLimiter(() => now),
    limitRules: limitRulesFrom(readSettings({ PHONE_CODES_PER_CLIENT: '100' })),
    hashCode: (phone, code) => `${phone}:${code}`,
    newCode: () => '123456',
  });
  const ctx = { sessionId: 's', client: '198.51.100.1', actor: { kind: 'visitor' }, now: () => now } as RequestContext;
  const advance = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };
  return { service, ctx, sent, codes, advance };
}

describe('phone codes', () => {
  it('sends at most five codes to one phone an hour, each at least 60 seconds after the last', async () => {
    const { service, ctx, sent, advance } = setup();
    for (let i = 0; i < 5; i++) {
      await service.send(ctx, '+7 900 000-00-01');
      advance(61);
    }
    await expect(service.send(ctx, '+7 900 000-00-01')).rejects.toBeInstanceOf(RateLimitedError);
    // Another phone is not held up.
    await service.send(ctx, '+7 900 000-00-02');
    expect(sent.map((m) => m.to)).toEqual([...Array(5).fill('79000000001'), '79000000002']);
    // The hour over, the phone may have a code again.
    advance(3600);
    await service.send(ctx, '+7 900 000-00-01');
    expect(sent).toHaveLength(7);
  });

  it('gives a code five minutes', async () => {
    const { service, ctx, codes } = setup();
    await service.send(ctx, '79000000003');
    expect(codes[0]?.expiresAt.getTime()).toBe(ctx.now().getTime() + 5 * 60 * 1000);
  });
});
