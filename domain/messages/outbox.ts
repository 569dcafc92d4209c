import type { OutgoingMessage, QueuedMessage } from './message';

/**
 * Where a use-case puts the messages it sends. `enqueue` is one insert (of every message given) on the repositories
 * of the use-case's transaction, so the messages commit with the change that causes them, or not at all.
 */
export interface OutboxRepository {
  enqueue(...messages: OutgoingMessage[]): Promise<void>;
}

/** The sender's side of the outbox: safe to use from several processes on one database. */
export interface OutboxQueue {
  /**
   * Takes up to `limit` messages due at `now` that nobody holds, counts an attempt on each and holds them until
   * `lockedUntil`; two callers at once never get the same message.
   */
  claimDue(now: Date, limit: number, lockedUntil: Date): Promise<QueuedMessage[]>;
  markSent(id: number, at: Date): Promise<void>;
  /** Releases the message to be tried again at `at`. */
  retryLater(id: number, error: string, at: Date): Promise<void>;
  /** Gives the message up: it is never tried again. */
  markFailed(id: number, error: string, at: Date): Promise<void>;
}
