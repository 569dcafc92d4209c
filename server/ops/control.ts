import { chmodSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import path from 'node:path';

/** The running shop's socket for the operator's commands that need its database (a backup of the embedded one). */
export const CONTROL_SOCKET = 'control.sock';

type Handler = (file: string) => Promise<number>;

/**
 * Listens on `DATA_DIR/control.sock` (mode 0600: only the shop's user) for `{"backup": FILE}` lines and answers
 * `{"bytes": N}` or `{"error": "…"}`: the embedded database serves one process, so `npm run shop -- backup` asks the
 * process that owns it.
 */
export function listenControl(dataDir: string, backup: Handler): Server {
  const file = path.join(dataDir, CONTROL_SOCKET);
  rmSync(file, { force: true });
  const server = createServer((socket) => {
    let line = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      line += chunk;
      if (!line.includes('\n')) return;
      const request = JSON.parse(line.split('\n')[0] || '{}') as { backup?: string };
      if (typeof request.backup !== 'string') return socket.end('{"error":"неизвестная команда"}\n');
      backup(request.backup).then(
        (bytes) => socket.end(`${JSON.stringify({ bytes })}\n`),
        (error: Error) => socket.end(`${JSON.stringify({ error: error.message })}\n`),
      );
    });
    socket.on('error', () => socket.destroy());
  });
  server.listen(file, () => chmodSync(file, 0o600));
  process.once('exit', () => rmSync(file, { force: true }));
  return server;
}

/** Asks the running shop for a backup; null when no shop listens on the data folder. */
export function askShopForBackup(dataDir: string, file: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path.join(dataDir, CONTROL_SOCKET));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ backup: file })}\n`));
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('end', () => {
      const reply = JSON.parse(answer || '{}') as { bytes?: number; error?: string };
      if (reply.error) reject(new Error(reply.error));
      else resolve(reply.bytes ?? 0);
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      ['ENOENT', 'ECONNREFUSED'].includes(error.code ?? '') ? resolve(null) : reject(error),
    );
  });
}
