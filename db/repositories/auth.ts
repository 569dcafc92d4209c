import { sql } from 'drizzle-orm';
import type { AuthRepository } from '../../domain/auth/auth.service';
import { CABINET_URL, type User } from '../../domain/auth/user';
import type { Role } from '../../domain/context';
import { type Db, queryRows } from '../client';

interface UserRow {
  id: number;
  name: string;
  last_name: string;
  second_name: string;
  gender: string | null;
  email: string;
  email_hash: string;
  email_confirmed: boolean;
  phone: string | null;
  confirmed_phone: string | null;
  birthday: string | null;
  is_subscribe: boolean;
}

export function authRepository(db: Db): AuthRepository {
  return {
    async actorOf(sessionId) {
      const [row] = await queryRows<{ id: number; roles: Role[] }>(
        db,
        sql`select u.id, u.roles from sessions s join users u on u.id = s.user_id where s.id = ${sessionId}`,
      );
      return row ? { kind: 'user', userId: Number(row.id), roles: row.roles } : { kind: 'visitor' };
    },

    async rotateSession(oldId, newId, userId) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into sessions (id, user_id, confirmed_phone)
          values (${newId}, ${userId}, (select confirmed_phone from sessions where id = ${oldId}))`);
        await tx.execute(sql`delete from sessions where id = ${oldId}`);
      });
    },

    async endSession(sessionId) {
      await db.execute(sql`delete from sessions where id = ${sessionId}`);
    },

    async user(userId) {
      const [r] = await queryRows<UserRow>(
        db,
        sql`select id, name, last_name, second_name, gender, email, md5(lower(email)) as email_hash, email_confirmed,
          phone, confirmed_phone, birthday, is_subscribe
        from users where id = ${userId}`,
      );
      if (!r) return null;
      const user: User = {
        auth: true,
        id: Number(r.id),
        saleUserId: Number(r.id),
        name: r.name,
        lastName: r.last_name,
        secondName: r.second_name,
        gender: r.gender ?? '',
        email: r.email,
        emailHash: r.email_hash,
        emailConfirmed: r.email_confirmed,
        phone: r.phone ?? '',
        confirmedPhone: r.confirmed_phone ?? '',
        birthday: r.birthday ?? '',
        discountCard: '',
        discountCardFormated: '',
        discountCardActive: false,
        isSubscribe: r.is_subscribe,
        mode: '',
        cabinetUrl: CABINET_URL,
      };
      return user;
    },
  };
}
