import type { Logger } from 'pino';
import { type Database, notify } from '../../db/client';
import type { PushCommand } from '../../domain/push/commands';

const CHANNEL = 'shop_push';

/** One open page's stream. */
export interface PushPage {
  send(command: PushCommand): void;
  /** Ends the stream (the process is stopping); the browser connects again to another process. */
  end(): void;
}

export interface PushHub {
  /** Adds an open page; answers its removal. */
  subscribe(page: PushPage): () => void;
  /** Sends the command to every open page of every process (through the database). */
  broadcast(command: PushCommand): Promise<void>;
  /** Open pages of this process. */
  size(): number;
  /** Ends every open stream and stops listening. */
  close(): Promise<void>;
}

/**
 * The server side of the push channel: the open pages of this process, fed by the database's `NOTIFY` so that a
 * command given to any process reaches the pages of all of them.
 */
export async function createPushHub(database: Database, log: Logger): Promise<PushHub> {
  const pages = new Set<PushPage>();
  const stopListening = await database.listen(CHANNEL, (payload) => {
    log.info({ command: payload, pages: pages.size }, 'команда страницам');
    for (const page of pages) page.send(payload as PushCommand);
  });
  return {
    subscribe(page) {
      pages.add(page);
      return () => pages.delete(page);
    },
    broadcast: (command) => notify(database.db, CHANNEL, command),
    size: () => pages.size,
    async close() {
      await stopListening();
      for (const page of pages) page.end();
      pages.clear();
    },
  };
}
