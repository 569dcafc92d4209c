import { describe, expect, it } from 'vitest';
import { deskFilter, deskQuery } from './admin-orders';

describe('the desk filter in the address', () => {
  it('takes what the desk knows and leaves out the rest rather than refusing the page', () => {
    const params = new URLSearchParams(
      'queue=assemble&status=ready&deliveryType=SHOP&shopId=3&q=%20%2B7 900 %20&from=2026-11-01&to=2026-02-30&sort=total&page=2',
    );
    expect(deskFilter(params)).toEqual({
      queue: 'assemble',
      status: 'ready',
      deliveryType: 'SHOP',
      shopId: 3,
      q: '+7 900',
      from: '2026-11-01',
      to: undefined,
      sort: 'total',
      page: 2,
    });
    const junk = new URLSearchParams(
      'queue=all&status=lost&deliveryType=DRONE&shopId=-1&from=2026-13-45&sort=x&page=0',
    );
    expect(Object.values(deskFilter(junk)).filter((v) => v !== undefined)).toEqual([]);
  });

  it('writes the filter back with a change, in one order, set values only', () => {
    const filter = deskFilter(new URLSearchParams('page=3&q=Анна&queue=new&status=new'));
    expect(deskQuery(filter, { queue: 'done', status: '', page: '' })).toBe('?queue=done&q=%D0%90%D0%BD%D0%BD%D0%B0');
    expect(deskQuery(filter, { page: 4 })).toBe('?queue=new&status=new&q=%D0%90%D0%BD%D0%BD%D0%B0&page=4');
    expect(deskQuery({})).toBe('');
  });
});
