// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Visitor = typeof import('./visitor');
let visitor: Visitor;

beforeEach(async () => {
  vi.resetModules();
  visitor = await import('./visitor');
});
afterEach(() => vi.restoreAllMocks());

describe('the visitor’s state after load (spec §8, the composite cache)', () => {
  it.each([
    ['an error answer', () => new Response(JSON.stringify({ status: 'error', errors: [] }), { status: 500 })],
    ['a page that is not JSON', () => new Response('<html>502</html>', { status: 502 })],
  ])('logs %s and goes on with no visitor, asking again next time', async (_, response) => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => response());
    const log = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await visitor.loadVisitor()).toBeNull();
    expect(log).toHaveBeenCalledWith(visitor.NO_VISITOR);
    expect(await visitor.currentSessid()).toBe('');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('logs a network failure the same way', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const log = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await visitor.loadVisitor()).toBeNull();
    expect(log).toHaveBeenCalledWith(visitor.NO_VISITOR);
  });
});
