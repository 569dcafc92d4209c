import { describe, expect, it } from 'vitest';
import { cardNumber, ean13CheckDigit, formatCard, isValidEan13 } from './discount-card';

describe('EAN-13', () => {
  it('computes the check digit of known barcodes', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('460123456789')).toBe(3);
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
  });

  it('makes valid shop numbers and groups them for reading', () => {
    const number = cardNumber('01234567890');
    expect(number).toMatch(/^2\d{12}$/);
    expect(isValidEan13(number)).toBe(true);
    expect(formatCard('2012345678905')).toBe('2 012345 678905');
  });
});
