import type pg from 'pg';

type Observer = (seconds: number, ok: boolean) => void;
const observers = new Set<Observer>();

/** Tells `observer` how long each query of the shop's pools took (the metrics' query time, issue 45.2). */
export function onQueryTimed(observer: Observer): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

type Query = (...args: unknown[]) => unknown;

/**
 * Times every query of `pool`'s connections, plain and in transactions alike: the pool's own `query` and drizzle's
 * transactions both end in a connection's `query`, with a callback or a promise.
 */
export function timeQueries(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    // The class's query, looked up at each call: whatever wraps `pg.Client.prototype.query` (a test counting
    // statements at the driver) still sees every query.
    const proto = Object.getPrototypeOf(client) as { query: Query };
    const query: Query = (...args) => proto.query.apply(client, args);
    const report = (started: number, ok: boolean) => {
      const seconds = (performance.now() - started) / 1000;
      for (const observe of observers) observe(seconds, ok);
    };
    (client as unknown as { query: Query }).query = (...args) => {
      if (observers.size === 0) return query(...args);
      const started = performance.now();
      const last = args.at(-1);
      if (typeof last === 'function') {
        args[args.length - 1] = (error: unknown, result: unknown) => {
          report(started, !error);
          return (last as Query)(error, result);
        };
        return query(...args);
      }
      const result = query(...args) as Promise<unknown> | undefined;
      result?.then?.(
        () => report(started, true),
        () => report(started, false),
      );
      return result;
    };
  });
}
