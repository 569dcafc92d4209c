import { cpSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/**
 * The worker thread that owns the embedded database (decision 0024): PGlite runs every query synchronously, so here
 * it stalls this thread, never the shop's. The shop reaches it with the `pg` driver over a Unix socket; this file
 * passes the PostgreSQL wire protocol between that socket and PGlite's single backend.
 */
export interface PgliteWorkerData {
  dataDir: string;
  /** Bytes of a PGlite data-dir dump to start from. */
  loadDataDir?: ArrayBuffer;
  socketPath: string;
}

const { dataDir, loadDataDir, socketPath } = workerData as PgliteWorkerData;
const port = parentPort;
if (!port) throw new Error('pglite-worker: запускается только как поток (worker_threads)');

const pglite = new PGlite({
  dataDir,
  loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
  extensions: { pg_trgm, unaccent },
});
await pglite.waitReady;

const SYNC = Uint8Array.of(0x53, 0, 0, 0, 4);
const ROLLBACK = new TextEncoder().encode('Q\0\0\0\rrollback\0');

/**
 * One backend serves every connection, so a connection keeps it from its first message until the backend is idle
 * again (ReadyForQuery 'I'): a transaction or a Parse/Bind/Execute batch is never interleaved with another client's.
 */
interface Connection {
  socket: Socket;
  pending: Buffer;
  started: boolean;
  closed: boolean;
}
const queue: { conn: Connection; messages: Buffer }[] = [];
let owner: Connection | null = null;
let running = false;
/** A backup copy is waiting: only the connection inside a transaction goes on, so the copy finds the backend idle. */
let copying: (() => void) | null = null;

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const TERMINATE = 0x58;

/**
 * Splits off the complete messages at the front of `conn.pending` into batches PGlite can run at once: the untyped
 * startup packet alone, then runs of typed messages. A Terminate goes alone: inside a batch the backend would exit.
 */
function takeBatches(conn: Connection): Buffer[] {
  const out: Buffer[] = [];
  const buf = conn.pending;
  let offset = 0;
  let from = -1;
  for (;;) {
    const rest = buf.length - offset;
    if (!conn.started) {
      if (rest < 8) break;
      const length = buf.readInt32BE(offset);
      if (rest < length) break;
      const code = buf.readInt32BE(offset + 4);
      // No TLS on a local socket; a cancel cannot interrupt a WASM backend, so it is dropped.
      if (code === SSL_REQUEST) conn.socket.write('N');
      else if (code === CANCEL_REQUEST) conn.socket.end();
      else {
        out.push(buf.subarray(offset, offset + length));
        conn.started = true;
      }
      offset += length;
      continue;
    }
    if (rest < 5) break;
    const length = 1 + buf.readInt32BE(offset + 1);
    if (rest < length) break;
    if (buf[offset] === TERMINATE) {
      if (from >= 0) out.push(buf.subarray(from, offset));
      out.push(buf.subarray(offset, offset + length));
      from = -1;
    } else if (from < 0) from = offset;
    offset += length;
  }
  if (from >= 0) out.push(buf.subarray(from, offset));
  conn.pending = buf.subarray(offset);
  return out;
}

/** Runs the queued batches one at a time: the owner's first, anyone's when the backend is idle. */
async function run(): Promise<void> {
  if (running) return;
  running = true;
  try {
    for (;;) {
      // The owner left mid-batch or mid-transaction: end both, so the next client finds the backend idle.
      if (owner?.closed) {
        await pglite.execProtocolRaw(SYNC);
        if (pglite.isInTransaction()) await pglite.execProtocolRaw(ROLLBACK);
        owner = null;
        continue;
      }
      const index = owner ? queue.findIndex((q) => q.conn === owner) : copying ? -1 : 0;
      if (index < 0 || queue.length === 0) break;
      const [{ conn, messages }] = queue.splice(index, 1);
      // Terminate: the client leaves; its socket's close ends whatever it left open.
      if (messages[0] === TERMINATE) {
        conn.socket.end();
        continue;
      }
      const reply = await pglite.execProtocolRaw(messages);
      // A copy: PGlite reuses the buffer behind its reply, and the socket may still hold this one.
      if (!conn.socket.destroyed) conn.socket.write(Buffer.from(reply));
      const idle = reply.length >= 6 && reply[reply.length - 6] === 0x5a && reply[reply.length - 1] === 0x49;
      owner = idle ? null : conn;
    }
  } finally {
    running = false;
    if (copying && !owner) copying();
  }
}

/**
 * A copy of the data folder into `target` made between transactions (issue 45.4): the queue is held, a checkpoint
 * writes everything to the files, and the files are copied while nothing can write them. (PGlite's own
 * `dumpDataDir` never finishes on a worker thread.)
 */
async function copyDataDir(target: string): Promise<void> {
  await new Promise<void>((resolve) => {
    copying = resolve;
    if (!running && !owner) resolve();
  });
  try {
    await pglite.exec('checkpoint');
    // Synchronous: this thread holds the database anyway, and `fs.promises.cp` never settles on a worker thread.
    cpSync(dataDir, target, { recursive: true });
  } finally {
    copying = null;
    void run();
  }
}

const sockets = new Set<Socket>();
const server = createServer((socket) => {
  const conn: Connection = { socket, pending: Buffer.alloc(0), started: false, closed: false };
  sockets.add(socket);
  socket.setNoDelay(true);
  socket.on('data', (chunk) => {
    conn.pending = conn.pending.length > 0 ? Buffer.concat([conn.pending, chunk]) : chunk;
    for (const messages of takeBatches(conn)) queue.push({ conn, messages });
    void run();
  });
  socket.on('error', () => socket.destroy());
  socket.on('close', () => {
    sockets.delete(socket);
    conn.closed = true;
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i]?.conn === conn) queue.splice(i, 1);
    void run();
  });
});

rmSync(socketPath, { force: true });
server.listen(socketPath, () => port.postMessage('ready'));

port.on('message', async (message) => {
  if (typeof message === 'object' && message?.copy) {
    const error = await copyDataDir(message.copy).then(
      () => null,
      (e: Error) => e.message,
    );
    port.postMessage({ copied: message.copy, error });
    return;
  }
  if (message !== 'close') return;
  server.close();
  for (const socket of sockets) socket.destroy();
  await pglite.close();
  process.exit(0);
});
