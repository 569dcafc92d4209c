// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reachGoal, sendEvent } from './analytics';

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  document.cookie = 'stopmetrica=; max-age=0';
  document.body.innerHTML = '<script id="shop-options" type="application/json">{"sessid":"S2"}</script>';
  fetchMock = vi.fn(() => Promise.resolve(new Response('{"status":"ok","data":{}}')));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => [
    url,
    Object.fromEntries(new URLSearchParams(String(init.body))),
    init.keepalive,
  ]);

describe('analytics', () => {
  it('sends a goal to event/set with the sessid, kept alive across navigation', () => {
    reachGoal('go_to_cart', { offerId: 3 });
    expect(sent()).toEqual([
      [
        '/api/v2/event/set/',
        { sessid: 'S2', method: 'event.set', event1: 'goal', event2: 'go_to_cart', params: '{"offerId":3}' },
        true,
      ],
    ]);
  });

  it('sends a spec goal with spaces as it is written', () => {
    reachGoal('order confirm');
    expect(sent()[0]?.[1]).toMatchObject({ event1: 'goal', event2: 'order confirm' });
  });

  it('sends events with their two names', () => {
    sendEvent('cart', 'delete', { offerId: 1 });
    expect(sent()[0]?.[1]).toMatchObject({ event1: 'cart', event2: 'delete' });
  });

  it('sends nothing when stopmetrica is Y, and again once it is N', () => {
    document.cookie = 'stopmetrica=Y; path=/';
    reachGoal('add_to_cart');
    sendEvent('basket', 'update');
    expect(fetchMock).not.toHaveBeenCalled();
    document.cookie = 'stopmetrica=N; path=/';
    reachGoal('add_to_cart');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never throws and leaves no unhandled rejection when the network fails', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      // A plain function, not vi.fn: a mock function handles the promises it returns to record how they settled.
      let calls = 0;
      vi.stubGlobal('fetch', () => {
        calls++;
        return Promise.reject(new TypeError('offline'));
      });
      expect(() => reachGoal('delete_from_cart')).not.toThrow();
      expect(calls).toBe(1);
      // Node reports a rejection nobody handled once the microtasks of the current task have run.
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('unhandledRejection', record);
    }
    expect(unhandled).toEqual([]);
  });

  it('never throws when there is no fetch at all', () => {
    fetchMock.mockImplementation(() => {
      throw new TypeError('fetch is not a function');
    });
    expect(() => reachGoal('delete_from_cart')).not.toThrow();
  });
});
