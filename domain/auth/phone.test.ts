import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone } from './phone';

describe('normalizePhone', () => {
  it.each([
    ['+7 (900) 123-45-67', '79001234567'],
    ['8 900 123 45 67', '79001234567'],
    ['79001234567', '79001234567'],
    ['8-900-123-45-67 ', '79001234567'],
  ])('reads %s as %s', (input, phone) => {
    expect(normalizePhone(input)).toBe(phone);
  });

  it.each([
    ['9001234567', 'ten digits'],
    ['+7 900 123 45 678', 'twelve digits'],
    ['+1 900 123 45 67', 'another country'],
    ['', 'nothing'],
    ['телефон', 'letters only'],
  ])('refuses %s (%s)', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('formatPhone', () => {
  it('groups the digits as Russians write a mobile number', () => {
    expect(formatPhone('79001234567')).toBe('+7 (900) 123-45-67');
  });
});
