import { sql } from 'drizzle-orm';
import type { SessionsRepository } from '../../domain/sessions/sessions.service';
import { type Db, queryRows } from '../client';

export function sessionsRepository(db: Db): SessionsRepository {
  return {
    async touch(sessionId) {
      // One statement; the row is written only when the mark is a day old. The outer select reads the snapshot
      // before the update, in which the row exists all the same.
      const [row] = await queryRows<{ known: boolean }>(
        db,
        sql`
        with seen as (
          update sessions set last_seen_at = now() where id = ${sessionId} and last_seen_at < now() - interval '1 day'
        )
        select exists (select 1 from sessions where id = ${sessionId}) as known`,
      );
      return Boolean(row?.known);
    },
    async start(sessionId) {
      await db.execute(sql`insert into sessions (id) values (${sessionId}) on conflict (id) do nothing`);
    },
  };
}
