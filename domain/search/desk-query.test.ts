import { describe, expect, it } from 'vitest';
import { parseDeskQuery } from './desk-query';

describe('the desk search query', () => {
  it('reads a whole phone in every spelling as the stored 11 digits', () => {
    for (const typed of ['8 916 123-45-67', '+7 (916) 123-45-67', '79161234567', '9161234567', '(916) 123 45 67'])
      expect(parseDeskQuery(typed).phone, typed).toBe('79161234567');
  });

  it('reads a part: the number’s start after 8 or +7, or digits anywhere in it', () => {
    expect(parseDeskQuery('8 916 12')).toMatchObject({ phone: null, phonePrefix: '791612', phoneDigits: '891612' });
    expect(parseDeskQuery('+7 916')).toMatchObject({ phonePrefix: '7916', phoneDigits: '7916' });
    expect(parseDeskQuery('916 123')).toMatchObject({ phonePrefix: null, phoneDigits: '916123' });
    // The last four digits are no 8-prefixed number.
    expect(parseDeskQuery('8123')).toMatchObject({ phonePrefix: null, phoneDigits: '8123' });
    expect(parseDeskQuery('12')).toMatchObject({ phone: null, phoneDigits: null, phonePrefix: null });
  });

  it('reads an order’s number, with or without «№»', () => {
    expect(parseDeskQuery('100123').orderId).toBe(123);
    expect(parseDeskQuery('№ 100123').orderId).toBe(123);
    expect(parseDeskQuery('Заказ №100123').orderId).toBe(123);
    expect(parseDeskQuery('99999').orderId).toBeNull();
    expect(parseDeskQuery('89161234567').orderId).toBeNull();
  });

  it('keeps a token for tracking numbers, articles and 1C ids, a barcode, an email and the words of a name', () => {
    expect(parseDeskQuery('cdek-1234567')).toMatchObject({ token: 'cdek-1234567', code: 'CDEK-1234567' });
    expect(parseDeskQuery('4601234567890')).toMatchObject({ barcode: '4601234567890', words: [] });
    expect(parseDeskQuery('Anna@Example.ru')).toMatchObject({ email: 'anna@example.ru', words: ['anna@example.ru'] });
    expect(parseDeskQuery('  Иванова   Анна, ')).toMatchObject({ text: 'Иванова Анна,', words: ['иванова', 'анна'] });
    expect(parseDeskQuery('куртка').token).toBeNull();
    expect(parseDeskQuery('x'.repeat(150)).text).toHaveLength(100);
  });
});
