import type { Logger } from 'pino';
import type { QueuedMessage } from '../../domain/messages/message';
import type { OutboxQueue } from '../../domain/messages/outbox';
import { nextAttemptAt } from '../../domain/messages/retry';
import { maskRecipient } from './mask';
import type { Transport } from './transports';

export interface OutboxSender {
  /** Starts polling for due messages every `pollMs`. */
  start(): void;
  /** Delivers now instead of at the next poll: call it after committing a change that enqueued messages. */
  kick(): void;
  /** Delivers every message due now and resolves with how many it handled (sent, rescheduled or given up). */
  deliver(): Promise<number>;
  /** Stops polling, waits for the messages in flight, then closes the transport. */
  stop(): Promise<void>;
}

export interface OutboxSenderOptions {
  queue: OutboxQueue;
  transport: Transport;
  logger: Logger;
  /** The clock that says what is due; tests move it. */
  now?: () => Date;
  pollMs?: number;
  /** Messages claimed and sent at once. */
  batchSize?: number;
  /**
   * How long a claim holds a message. Longer than any transport takes, so it only ever runs out for a process that
   * died while sending: then another process sends the message again after this long.
   */
  leaseMs?: number;
}

export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const { queue, transport } = options;
  const log = options.logger.child({ module: 'outbox' });
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 5_000;
  const batchSize = options.batchSize ?? 10;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;

  async function sendOne(message: QueuedMessage): Promise<void> {
    const fields = { id: message.id, kind: message.kind, channel: message.channel, to: maskRecipient(message.to) };
    let failure: unknown;
    try {
      await transport.send(message);
    } catch (error) {
      failure = error;
    }
    if (failure === undefined) {
      await queue.markSent(message.id, now());
      log.info({ ...fields, attempt: message.attempts }, 'сообщение отправлено');
      return;
    }
    const reason = failure instanceof Error ? failure.message : String(failure);
    const retryAt = nextAttemptAt(message.attempts, now());
    if (retryAt) {
      await queue.retryLater(message.id, reason, retryAt);
      log.warn({ ...fields, attempt: message.attempts, error: reason, retryAt }, 'сообщение не отправлено, повторю');
    } else {
      await queue.markFailed(message.id, reason, now());
      log.error({ ...fields, attempt: message.attempts, error: reason }, 'сообщение не отправлено, попытки исчерпаны');
    }
  }

  async function drain(): Promise<number> {
    let handled = 0;
    while (!stopped) {
      const at = now();
      const batch = await queue.claimDue(at, batchSize, new Date(at.getTime() + leaseMs));
      await Promise.all(
        batch.map((m) => sendOne(m).catch((err) => log.error({ err, id: m.id }, 'не удалось отметить сообщение'))),
      );
      handled += batch.length;
      if (batch.length < batchSize) break;
    }
    return handled;
  }

  function deliver(): Promise<number> {
    // One delivery at a time per sender; a call during one makes it look again once it is done, so a message
    // enqueued just before the call is not left for the next poll.
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let handled = 0;
      do {
        again = false;
        try {
          handled += await drain();
        } catch (err) {
          log.error({ err }, 'очередь сообщений недоступна');
        }
      } while (again && !stopped);
      return handled;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function poll() {
    timer = setTimeout(() => {
      void deliver().finally(() => {
        if (!stopped) poll();
      });
    }, pollMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped && !timer) poll();
    },
    kick() {
      void deliver();
    },
    deliver,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
