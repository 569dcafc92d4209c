// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getApi, NETWORK_ERROR, postApi, postRpc, UNKNOWN_RESPONSE } from './api';

vi.mock('./visitor', () => ({ currentSessid: async () => 'sess' }));

const answer = (body: string, status = 200) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body, { status }));

afterEach(() => vi.restoreAllMocks());

describe('the client’s calls and the spec’s error catalogue (§8)', () => {
  it('passes the first server error on, message and code', async () => {
    answer(
      JSON.stringify({ status: 'error', errors: [{ message: 'Товар закончился', code: 'NOT_ENOUGH_STOCK' }] }),
      409,
    );
    expect(await postApi('basketAdd', { offerId: 1 })).toEqual({
      ok: false,
      message: 'Товар закончился',
      code: 'NOT_ENOUGH_STOCK',
    });
  });

  it('logs an answer without a status as «Unknown response» with the call’s address', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer('<html>502 Bad Gateway</html>', 502);
    expect(await postApi('subscribe', { email: 'a@b.ru' })).toEqual({
      ok: false,
      message: UNKNOWN_RESPONSE,
      code: '0',
    });
    expect(log).toHaveBeenCalledWith(UNKNOWN_RESPONSE, '/api/v2/user/subscribe/sign/', 502);

    answer('{}');
    await getApi('productList', new URLSearchParams());
    expect(log).toHaveBeenLastCalledWith(UNKNOWN_RESPONSE, '/api/v2/catalog/product/list/', 200);
  });

  it('rejects a read its caller aborted, as its fetch would, and logs no «Unknown response»', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = new Response('{"status":"ok","data":{}}');
    vi.spyOn(response, 'json').mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(response);
    await expect(getApi('productRelated', new URLSearchParams())).rejects.toMatchObject({ name: 'AbortError' });
    expect(log).not.toHaveBeenCalled();
  });

  it('answers a network failure with «Не удалось загрузить данные», for the envelope and the RPC alike', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await postApi('reserveData')).toEqual({ ok: false, message: NETWORK_ERROR, code: 'NETWORK' });
    expect(await postRpc('sale.order.data')).toEqual({ ok: false, message: NETWORK_ERROR, code: 'NETWORK' });
    expect(log).not.toHaveBeenCalled();
  });

  it('keeps an RPC error’s whole code, whose last segment after «/» the order page compares', async () => {
    answer(JSON.stringify({ error: { msg: 'Интервал занят', code: 'sale.order/INTERVAL_DELIVERY' } }), 409);
    expect(await postRpc('sale.order.save')).toEqual({
      ok: false,
      message: 'Интервал занят',
      code: 'sale.order/INTERVAL_DELIVERY',
    });
  });
});
