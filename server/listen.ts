import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';

export interface RequestTimeouts {
  /** Milliseconds a client has to send all its headers. */
  headersTimeout: number;
  /** Milliseconds a client has to send the whole request. */
  requestTimeout: number;
  /** How often Node checks the two above. */
  connectionsCheckingInterval: number;
}

/**
 * A client that sends its headers or body slowly, or never finishes them, holds a connection and a pending request:
 * answer 408 after 30 s instead of Node's default 5 minutes, checking every 5 s. This covers receiving the request
 * only, never a long streamed answer.
 */
export const REQUEST_TIMEOUTS: RequestTimeouts = {
  headersTimeout: 20_000,
  requestTimeout: 30_000,
  connectionsCheckingInterval: 5_000,
};

type Fetch = Parameters<typeof serve>[0]['fetch'];

/** Starts the Node HTTP server for the app, with the slow-client timeouts (shorter ones only in tests). */
export function listen(
  app: { fetch: Fetch },
  options: { port: number; hostname?: string; timeouts?: RequestTimeouts },
  onListening?: (info: AddressInfo) => void,
): ServerType {
  const { port, hostname, timeouts = REQUEST_TIMEOUTS } = options;
  return serve({ fetch: app.fetch, port, hostname, serverOptions: timeouts }, onListening);
}
