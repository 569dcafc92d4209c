// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOG_ELEMENT_PATH } from '../../../contract/api';
import { shopFetch } from '../../../tests/support/shop-fetch';

let fetchMock: ReturnType<typeof vi.fn>;
let sendProductView: typeof import('./view-counter').sendProductView;
beforeEach(async () => {
  document.cookie = 'stopmetrica=; max-age=0';
  fetchMock = vi.fn(shopFetch('S3', () => Promise.resolve(new Response('{"status":"ok","data":{"counted":true}}'))));
  vi.stubGlobal('fetch', fetchMock);
  vi.resetModules();
  ({ sendProductView } = await import('./view-counter'));
});
afterEach(() => vi.unstubAllGlobals());

/** The fields of the catalogue-element call sent so far. */
const viewCalls = () =>
  fetchMock.mock.calls
    .filter(([url]) => url === CATALOG_ELEMENT_PATH)
    .map(([, init]) => Object.fromEntries(new URLSearchParams(String(init.body))));

const product = { id: 5, name: 'Куртка', price: 9990 };

describe('sendProductView', () => {
  it('sends the chosen size as PRODUCT_ID and the product as PARENT_ID', async () => {
    sendProductView({ productId: 5, offerId: 51, product }, 's1');
    await vi.waitFor(() => expect(viewCalls()).toHaveLength(1));
    expect(viewCalls()).toEqual([{ AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: '51', PARENT_ID: '5', sessid: 'S3' }]);
  });

  it('sends the product as both while no size is chosen', async () => {
    sendProductView({ productId: 5, offerId: null, product }, 's1');
    await vi.waitFor(() => expect(viewCalls()).toHaveLength(1));
    expect(viewCalls()).toEqual([{ AJAX: 'Y', SITE_ID: 's1', PRODUCT_ID: '5', PARENT_ID: '5', sessid: 'S3' }]);
  });
});
