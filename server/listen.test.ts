import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listen } from './listen';

/** Short timeouts so that a test sees them fire; production keeps REQUEST_TIMEOUTS (20 s / 30 s). */
const SHORT = { headersTimeout: 300, requestTimeout: 600, connectionsCheckingInterval: 50 };

const app = {
  async fetch(request: Request) {
    return new Response(request.method === 'POST' ? `got ${(await request.text()).length}` : 'ok');
  },
};

let server: ReturnType<typeof listen> | null = null;
afterEach(async () => {
  server?.close();
  server = null;
});

async function start() {
  server = listen(app, { port: 0, hostname: '127.0.0.1', timeouts: SHORT });
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

/**
 * Opens a raw connection, sends `text` and nothing more, and reports what came back and whether the server closed
 * the connection within `waitMs` (Node's own defaults would hold it for minutes).
 */
async function sendAndStall(port: number, text: string, waitMs = 3_000) {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk.toString('latin1');
  });
  socket.write(text);
  const closed = await Promise.race([
    once(socket, 'close').then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), waitMs)),
  ]);
  socket.destroy();
  return { status: answer.split('\r\n')[0], closed };
}

describe('the server start', () => {
  it('answers a normal request', async () => {
    const port = await start();
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
  });

  it('answers 408 and closes the connection when a client never finishes its headers', async () => {
    const port = await start();
    expect(await sendAndStall(port, 'GET / HTTP/1.1\r\nHost: shop.test\r\nX-Slow: ')).toEqual({
      status: 'HTTP/1.1 408 Request Timeout',
      closed: true,
    });
  });

  it('answers 408 and closes the connection when a client never finishes its body', async () => {
    const port = await start();
    const head = 'POST / HTTP/1.1\r\nHost: shop.test\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n';
    expect(await sendAndStall(port, `${head}only part of it`)).toEqual({
      status: 'HTTP/1.1 408 Request Timeout',
      closed: true,
    });
  });
});
