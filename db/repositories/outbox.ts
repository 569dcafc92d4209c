import { sql } from 'drizzle-orm';
import type { OutgoingMessage, QueuedMessage } from '../../domain/messages/message';
import type { OutboxQueue, OutboxRepository } from '../../domain/messages/outbox';
import { type Db, queryRows, ts } from '../client';
import { outbox } from '../schema';

/** The longest error text kept: a transport's message, not a dump. */
const ERROR_MAX = 1000;

/**
 * Enqueues on whatever it is given: the database, or a transaction (`db.transaction(async (tx) => …)`), in which
 * case the message commits or rolls back with the rest of that transaction.
 */
export function outboxRepository(db: Db): OutboxRepository {
  return {
    async enqueue(...messages) {
      if (messages.length === 0) return;
      await db.insert(outbox).values(messages.map(outboxRow));
    },
  };
}

const outboxRow = (message: OutgoingMessage) => ({
  channel: message.channel,
  kind: message.kind,
  recipient: message.to,
  subject: message.channel === 'email' ? message.subject : null,
  textBody: message.text,
  htmlBody: message.channel === 'email' ? message.html : null,
});

/** Enqueues one message as `enqueue` does and answers its outbox row's id (to follow what became of it). */
export async function enqueueOne(db: Db, message: OutgoingMessage): Promise<number> {
  const [row] = await db.insert(outbox).values(outboxRow(message)).returning({ id: outbox.id });
  if (!row) throw new Error('outbox: the message was not enqueued');
  return Number(row.id);
}

interface ClaimedRow {
  id: string | number;
  channel: 'email' | 'sms' | 'telegram';
  kind: string;
  recipient: string;
  subject: string | null;
  text_body: string;
  html_body: string | null;
  attempts: number;
}

export function outboxQueue(db: Db): OutboxQueue {
  return {
    async claimDue(now, limit, lockedUntil) {
      // A JavaScript clock reads milliseconds, the database microseconds: a message enqueued within the millisecond
      // `now` reads is due (`next_attempt_at` defaults to the database's now()).
      // One statement: the inner select locks the rows it picks and skips rows another sender's claim has locked,
      // so concurrent claims split the due messages between them instead of taking the same ones.
      const rows = await queryRows<ClaimedRow>(
        db,
        sql`update outbox set attempts = attempts + 1, locked_until = ${ts(lockedUntil)}
          where id in (
            select id from outbox
            where sent_at is null and failed_at is null and next_attempt_at < ${ts(now)} + interval '1 millisecond'
              and (locked_until is null or locked_until <= ${ts(now)})
            order by next_attempt_at, id
            limit ${limit}
            for update skip locked)
          returning id, channel, kind, recipient, subject, text_body, html_body, attempts`,
      );
      return rows.sort((a, b) => Number(a.id) - Number(b.id)).map(toQueued);
    },
    async markSent(id, at) {
      await db.execute(sql`update outbox set sent_at = ${ts(at)}, locked_until = null where id = ${id}`);
    },
    async retryLater(id, error, at) {
      await db.execute(
        sql`update outbox set next_attempt_at = ${ts(at)}, locked_until = null, last_error = ${error.slice(0, ERROR_MAX)}
          where id = ${id}`,
      );
    },
    async markFailed(id, error, at) {
      await db.execute(
        sql`update outbox set failed_at = ${ts(at)}, locked_until = null, last_error = ${error.slice(0, ERROR_MAX)}
          where id = ${id}`,
      );
    },
  };
}

function toQueued(r: ClaimedRow): QueuedMessage {
  const common = { id: Number(r.id), kind: r.kind, to: r.recipient, text: r.text_body, attempts: Number(r.attempts) };
  return r.channel === 'email'
    ? { ...common, channel: 'email', subject: r.subject ?? '', html: r.html_body ?? '' }
    : { ...common, channel: r.channel };
}
