import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';

const addressSeen = async (trustProxy: boolean, headers: Record<string, string>, socket?: string) => {
  const app = new Hono();
  app.get('/', (c) => c.text(clientAddress(c, trustProxy)));
  const env = socket ? { incoming: { socket: { remoteAddress: socket } } } : undefined;
  return (await app.fetch(new Request('http://shop.test/', { headers }), env)).text();
};

describe('clientAddress', () => {
  it('is the socket address, whatever X-Forwarded-For says, unless the proxy is trusted', async () => {
    expect(await addressSeen(false, { 'x-forwarded-for': '6.6.6.6' }, '10.0.0.5')).toBe('10.0.0.5');
  });
  it('is the last X-Forwarded-For hop behind a trusted proxy: earlier hops are the client’s own words', async () => {
    expect(await addressSeen(true, { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' }, '10.0.0.5')).toBe('203.0.113.7');
  });
  it('falls back to the socket when the trusted header is missing or not an address', async () => {
    expect(await addressSeen(true, {}, '10.0.0.5')).toBe('10.0.0.5');
    expect(await addressSeen(true, { 'x-forwarded-for': '<script>' }, '10.0.0.5')).toBe('10.0.0.5');
  });
});
