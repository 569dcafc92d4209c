import { createServer } from 'node:net';

/** A port nobody listens on right now, for a shop the bench or a test starts in a process of its own. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
