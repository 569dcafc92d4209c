import { describe, expect, it } from 'vitest';
import { DAY_FORMS, dayCount, PRODUCT_FORMS, plural } from './plural';

describe('plural', () => {
  it.each([
    [1, 'товар'],
    [2, 'товара'],
    [4, 'товара'],
    [5, 'товаров'],
    [11, 'товаров'],
    [12, 'товаров'],
    [21, 'товар'],
    [22, 'товара'],
    [25, 'товаров'],
    [101, 'товар'],
    [111, 'товаров'],
    [0, 'товаров'],
  ])('%i %s', (n, form) => {
    expect(plural(n, PRODUCT_FORMS)).toBe(form);
  });
  it('has day forms', () => {
    expect([1, 3, 7].map((n) => plural(n, DAY_FORMS))).toEqual(['день', 'дня', 'дней']);
  });
  it('writes a day count with its form', () => {
    expect([1, 3, 5, 11, 21, 22].map((n) => dayCount(n))).toEqual([
      '1 день',
      '3 дня',
      '5 дней',
      '11 дней',
      '21 день',
      '22 дня',
    ]);
    expect(dayCount(2, '\u00a0')).toBe('2\u00a0дня');
  });
});
