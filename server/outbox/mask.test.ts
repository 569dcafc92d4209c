import { describe, expect, it } from 'vitest';
import { maskRecipient } from './mask';

describe('maskRecipient', () => {
  it('keeps the first letter and the domain of an email', () => {
    expect(maskRecipient('anna.petrova@example.com')).toBe('a***@example.com');
  });
  it('keeps the country digit and the last two digits of a phone', () => {
    expect(maskRecipient('79001234567')).toBe('7********67');
  });
  it('hides a short value whole', () => {
    expect(maskRecipient('123')).toBe('***');
  });
});
