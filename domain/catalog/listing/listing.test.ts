import { describe, expect, it } from 'vitest';
import { hrefWithSort, type ListingLocation, listingHref, navigation, pagerItems, parsePage } from './listing';

const loc: ListingLocation = {
  base: '/catalog/women/verkhnyaya-odezhda/puhoviki/',
  filter: { lists: { color: ['black'] }, ranges: {} },
  sort: 'default_desc',
  page: 1,
};

describe('listing URLs', () => {
  it('leaves out ?sort= for the default sort and PAGEN_1 for page 1', () => {
    expect(listingHref(loc)).toBe('/catalog/women/verkhnyaya-odezhda/puhoviki/filter/color-is-black/apply/');
    expect(listingHref({ ...loc, sort: 'price_asc', page: 3 })).toBe(
      '/catalog/women/verkhnyaya-odezhda/puhoviki/filter/color-is-black/apply/?sort=price_asc&PAGEN_1=3',
    );
  });

  it('drops the page when the sort changes', () => {
    expect(hrefWithSort({ ...loc, page: 4 }, 'new_desc')).toBe(
      '/catalog/women/verkhnyaya-odezhda/puhoviki/filter/color-is-black/apply/?sort=new_desc',
    );
    expect(hrefWithSort({ ...loc, sort: 'new_desc', page: 4 }, 'default_desc')).toBe(
      '/catalog/women/verkhnyaya-odezhda/puhoviki/filter/color-is-black/apply/',
    );
  });

  it('keeps the search query first', () => {
    expect(
      listingHref({
        base: '/search/',
        filter: { lists: {}, ranges: {} },
        sort: 'price_desc',
        page: 2,
        query: [['q', 'пуховик мужской']],
      }),
    ).toBe(
      '/search/?q=%D0%BF%D1%83%D1%85%D0%BE%D0%B2%D0%B8%D0%BA+%D0%BC%D1%83%D0%B6%D1%81%D0%BA%D0%BE%D0%B9&sort=price_desc&PAGEN_1=2',
    );
  });

  it('leaves saved filters out', () => {
    expect(
      listingHref({
        base: '/brands/nordvik/',
        filter: { lists: { brand: ['nordvik'] }, ranges: {} },
        saved: ['brand'],
        sort: 'default_desc',
        page: 1,
      }),
    ).toBe('/brands/nordvik/');
  });
});

describe('paging', () => {
  it.each([
    [null, 1],
    ['1', 1],
    ['2', 2],
    ['120', 120],
    ['0', null],
    ['-1', null],
    ['abc', null],
    ['1.5', null],
    ['', null],
    ['9999999', null],
  ])('PAGEN_1=%s is page %s', (raw, page) => {
    expect(parsePage(raw)).toBe(page);
  });

  it('builds the navigation object', () => {
    expect(navigation({ ...loc, page: 2 }, 49)).toEqual({
      limit: 24,
      count: 49,
      page: 2,
      pageCount: 3,
      url: '/catalog/women/verkhnyaya-odezhda/puhoviki/filter/color-is-black/apply/',
    });
    expect(navigation(loc, 0).pageCount).toBe(1);
  });

  it('shows the first, the last and the neighbours of the current page', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pagerItems(1, 10)).toEqual([1, 2, 3, null, 10]);
    expect(pagerItems(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(pagerItems(4, 12)).toEqual([1, 2, 3, 4, 5, 6, null, 12]);
    expect(pagerItems(12, 12)).toEqual([1, null, 10, 11, 12]);
  });
});
