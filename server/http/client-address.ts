import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

const ADDRESS = /^[0-9a-fA-F:.]{2,45}$/;

/**
 * Who the client is for rate limits and consent records: the socket's address, or — only when the shop runs behind
 * its own proxy (`TRUST_PROXY=1`) — the last `X-Forwarded-For` hop, the one that proxy added. A header the shop
 * does not trust is never read, so a client cannot pick its own address.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const hop = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
    if (hop && ADDRESS.test(hop)) return hop;
  }
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}
