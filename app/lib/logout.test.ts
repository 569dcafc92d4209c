import { describe, expect, it } from 'vitest';
import { logoutHref } from './logout';

describe('logoutHref', () => {
  it('adds logout=y to an address without a query', () => {
    expect(logoutHref({ pathname: '/catalog/man/', search: '' })).toBe('/catalog/man/?logout=y');
    expect(logoutHref({ pathname: '/', search: '?' })).toBe('/?logout=y');
  });

  it('keeps the current query as it is written and adds logout=y after it', () => {
    expect(logoutHref({ pathname: '/search/', search: '?q=%D0%BF%D1%83%D1%85&PAGEN_1=2' })).toBe(
      '/search/?q=%D0%BF%D1%83%D1%85&PAGEN_1=2&logout=y',
    );
    expect(logoutHref({ pathname: '/catalog/man/', search: '?sort=price_asc&flag' })).toBe(
      '/catalog/man/?sort=price_asc&flag&logout=y',
    );
  });

  it('replaces a logout already in the query instead of repeating it', () => {
    expect(logoutHref({ pathname: '/lk/', search: '?logout=n&a=1' })).toBe('/lk/?a=1&logout=y');
    expect(logoutHref({ pathname: '/lk/', search: '?logout' })).toBe('/lk/?logout=y');
    expect(logoutHref({ pathname: '/lk/', search: '?logouts=1' })).toBe('/lk/?logouts=1&logout=y');
  });
});
