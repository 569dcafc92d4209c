import { describe, expect, it } from 'vitest';
import { drawCodes, promoBatchInput } from './promo-batches';

describe('one-use codes of a batch', () => {
  it('draws distinct codes after the prefix, of letters and digits that cannot be misread', () => {
    const codes = drawCodes('ZIMA-', 5000, (n) => crypto.getRandomValues(new Uint8Array(n)));
    expect(codes).toHaveLength(5000);
    expect(new Set(codes).size).toBe(5000);
    for (const code of codes) expect(code).toMatch(/^ZIMA-[A-HJKMNP-Z2-9]{8}$/);
  });

  it('draws again when the randomness repeats itself, until it has as many distinct codes as asked', () => {
    let call = 0;
    // The first draw gives the same bytes for every code: only one of them is new.
    const random = (n: number) => (call++ === 0 ? new Uint8Array(n) : crypto.getRandomValues(new Uint8Array(n)));
    const codes = drawCodes('', 10, random);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toBe('AAAAAAAA');
  });

  it('reads the count and prefix as the form and the API send them', () => {
    expect(promoBatchInput.parse({ count: '250', prefix: ' zima- ' })).toEqual({ count: 250, prefix: 'ZIMA-' });
    expect(promoBatchInput.safeParse({ count: 0 }).error?.issues[0]?.message).toBe(
      'Количество — целое число от 1 до 10 000.',
    );
    expect(promoBatchInput.safeParse({ count: 5, prefix: '-A' }).success).toBe(false);
  });
});
