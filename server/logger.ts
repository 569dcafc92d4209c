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
