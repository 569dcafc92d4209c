import { describe, expect, it } from 'vitest';
import { ean13Modules } from './barcode';

describe('ean13Modules', () => {
  it('draws 4006381333931 with its guards, the L/G parity of the leading 4 and the R codes', () => {
    const m = ean13Modules('4006381333931');
    expect(m).toHaveLength(95);
    expect([m.slice(0, 3), m.slice(45, 50), m.slice(92)]).toEqual(['101', '01010', '101']);
    // Leading 4 → LGLLGG for 0 0 6 3 8 1.
    expect(m.slice(3, 45)).toBe(['0001101', '0100111', '0101111', '0111101', '0001001', '0110011'].join(''));
    // 3 3 3 9 3 1 in the R code.
    expect(m.slice(50, 92)).toBe(['1000010', '1000010', '1000010', '1110100', '1000010', '1100110'].join(''));
  });

  it('refuses what is not 13 digits', () => {
    expect(() => ean13Modules('123')).toThrow();
  });
});
