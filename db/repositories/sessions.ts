import { sql } from 'drizzle-orm';
import type { SessionsRepository } from '../../domain/sessions/sessions.service';
import type { Db } from '../client';

export function sessionsRepository(db: Db): SessionsRepository {
  return {
    async visit(sessionId) {
      await db.execute(sql`
        insert into sessions as s (id) values (${sessionId})
        on conflict (id) do update set last_seen_at = now() where s.last_seen_at < now() - interval '1 day'`);
    },
  };
}
