import pino from 'pino';

/**
 * The shop's log: JSON lines on stdout, written asynchronously: the lines that come while a write is under way go
 * out together with the next one, so under load a write to stdout serves many requests (issue 29.1), and an idle
 * shop still prints each line at once. What is left is written out when the process exits.
 */
export function createLogger(level: string) {
  const destination = pino.destination({ dest: 1, sync: false });
  process.once('exit', () => destination.flushSync());
  return pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}

/**
 * Plain text for whoever started the shop, written to the log's own stream: it comes out after every JSON line
 * logged before it, however far behind the asynchronous writes are.
 */
export function sayPlain(logger: pino.Logger, text: string): void {
  const stream = (logger as unknown as Record<symbol, { write(chunk: string): unknown }>)[pino.symbols.streamSym];
  stream?.write(text);
}
