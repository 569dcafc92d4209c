// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../contract/api';
import { GUEST } from '../../domain/auth/user';

type Analytics = typeof import('./analytics');

let fetchMock: ReturnType<typeof vi.fn>;
let analytics: Analytics;

const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body)));
/** The visitor state call answers the sessid; every other call is an accepted event. */
const shopFetch = (url: string) =>
  url === API.userState
    ? json({ status: 'ok', data: { user: GUEST, basket: { availableCount: 0, delayCount: 0 }, sessid: 'S2' } })
    : json({ status: 'ok', data: {} });

beforeEach(async () => {
  document.cookie = 'stopmetrica=; max-age=0';
  fetchMock = vi.fn(shopFetch);
  vi.stubGlobal('fetch', fetchMock);
  vi.resetModules();
  analytics = await import('./analytics');
});
afterEach(() => vi.unstubAllGlobals());

/** The events sent so far: [url, fields, keepalive]. */
const sent = () =>
  fetchMock.mock.calls
    .filter(([url]) => url !== API.userState)
    .map(([url, init]) => [url, Object.fromEntries(new URLSearchParams(String(init.body))), init.keepalive]);

describe('analytics', () => {
  it('sends a goal to event/set with the session’s sessid, kept alive across navigation', async () => {
    analytics.reachGoal('go_to_cart', { offerId: 3 });
    await vi.waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()).toEqual([
      [
        '/api/v2/event/set/',
        { sessid: 'S2', method: 'event.set', event1: 'goal', event2: 'go_to_cart', params: '{"offerId":3}' },
        true,
      ],
    ]);
  });

  it('sends a spec goal with spaces as it is written', async () => {
    analytics.reachGoal('order confirm');
    await vi.waitFor(() => expect(sent()[0]?.[1]).toMatchObject({ event1: 'goal', event2: 'order confirm' }));
  });

  it('sends events with their two names', async () => {
    analytics.sendEvent('cart', 'delete', { offerId: 1 });
    await vi.waitFor(() => expect(sent()[0]?.[1]).toMatchObject({ event1: 'cart', event2: 'delete' }));
  });

  it('sends nothing at all when stopmetrica is Y, and again once it is N', async () => {
    document.cookie = 'stopmetrica=Y; path=/';
    analytics.reachGoal('add_to_cart');
    analytics.sendEvent('basket', 'update');
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    document.cookie = 'stopmetrica=N; path=/';
    analytics.reachGoal('add_to_cart');
    await vi.waitFor(() => expect(sent()).toHaveLength(1));
  });

  it('never throws and leaves no unhandled rejection when the network fails', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      // A plain function, not vi.fn: a mock function handles the promises it returns to record how they settled.
      let calls = 0;
      vi.stubGlobal('fetch', (url: string) => {
        if (url === API.userState) return shopFetch(url);
        calls++;
        return Promise.reject(new TypeError('offline'));
      });
      expect(() => analytics.reachGoal('delete_from_cart')).not.toThrow();
      await vi.waitFor(() => expect(calls).toBe(1));
      // Node reports a rejection nobody handled once the microtasks of the current task have run.
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('unhandledRejection', record);
    }
    expect(unhandled).toEqual([]);
  });

  it('never throws and leaves no unhandled rejection when there is no fetch at all', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      vi.stubGlobal('fetch', () => {
        throw new TypeError('fetch is not a function');
      });
      expect(() => analytics.reachGoal('delete_from_cart')).not.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('unhandledRejection', record);
    }
    expect(unhandled).toEqual([]);
  });
});
