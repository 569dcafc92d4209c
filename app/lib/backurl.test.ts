import { describe, expect, it } from 'vitest';
import { safeBackurl } from './backurl';

describe('safeBackurl', () => {
  it.each([
    ['/lk/', '/lk/'],
    ['/catalog/women/?sort=price_asc', '/catalog/women/?sort=price_asc'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/lk/\nSet-Cookie: x', '/'],
    [`/${'a'.repeat(3000)}`, '/'],
  ])('%j → %j', (value, expected) => {
    expect(safeBackurl(value)).toBe(expected);
  });
});
