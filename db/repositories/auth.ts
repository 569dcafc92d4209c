import { sql } from 'drizzle-orm';
import type { AuthRepository } from '../../domain/auth/auth.service';
import type { Role } from '../../domain/context';
import { type Db, queryRows } from '../client';

export function authRepository(db: Db): AuthRepository {
  return {
    async actorOf(sessionId) {
      const [row] = await queryRows<{ id: number; roles: Role[] }>(
        db,
        sql`select u.id, u.roles from sessions s join users u on u.id = s.user_id where s.id = ${sessionId}`,
      );
      return row ? { kind: 'user', userId: Number(row.id), roles: row.roles } : { kind: 'visitor' };
    },
  };
}
