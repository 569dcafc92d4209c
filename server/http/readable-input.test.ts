import { describe, expect, it } from 'vitest';
import { readableComponent, readableUrl, readableValue } from './readable-input';

describe('readable input', () => {
  it('decodes a component, refusing NUL and broken UTF-8', () => {
    expect(readableComponent('%D0%BF%D1%83%D1%85+x')).toBe('пух x');
    expect(readableComponent('a%00b')).toBeNull();
    expect(readableComponent('%C3%28')).toBeNull();
    expect(readableComponent('%E0%A4%A')).toBeNull();
  });

  it('checks the path and every query name and value', () => {
    const ok = (u: string) => readableUrl(new URL(u, 'http://shop.test'));
    expect(ok('/catalog/women/?sort=price_asc&PAGEN_1=2')).toBe(true);
    expect(ok('/search/?q=%D0%BF%D1%83%D1%85')).toBe(true);
    expect(ok('/product/a%00b/')).toBe(false);
    expect(ok('/search/?q=a%00b')).toBe(false);
    expect(ok('/search/?q%00=x')).toBe(false);
    expect(ok('/search/?q=%C3%28')).toBe(false);
  });

  it('finds NUL in body values at any depth', () => {
    expect(readableValue({ a: 'x', b: [1, { c: 'y' }] })).toBe(true);
    expect(readableValue({ a: 'x\u0000' })).toBe(false);
    expect(readableValue({ a: [{ b: 'y\u0000' }] })).toBe(false);
    expect(readableValue({ 'a\u0000': 1 })).toBe(false);
  });
});
