import { sql } from 'drizzle-orm';
import { formatCard } from '../../domain/cabinet/discount-card';
import type { SessionUserRepository } from '../../domain/auth/ports';
import { CABINET_URL, type User } from '../../domain/auth/user';
import { type Db, preparedRows, queryRows } from '../client';

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
  card_number: string | null;
  card_active: boolean | null;
}

export function sessionUserRepository(db: Db): SessionUserRepository {
  return {
    async actorOf(sessionId) {
      const [row] = await preparedRows<{ id: number }>(
        db,
        sql`select u.id from sessions s join users u on u.id = s.user_id where s.id = ${sessionId}`,
      );
      return row ? { kind: 'user', userId: Number(row.id) } : { kind: 'visitor' };
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
        sql`select u.id, u.name, u.last_name, u.second_name, u.gender, u.email, md5(lower(u.email)) as email_hash,
          u.email_confirmed, u.phone, u.confirmed_phone, u.birthday, u.is_subscribe,
          c.number as card_number, c.active as card_active
        from users u left join discount_cards c on c.user_id = u.id where u.id = ${userId}`,
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
        discountCard: r.card_number ?? '',
        discountCardFormated: r.card_number ? formatCard(r.card_number) : '',
        discountCardActive: Boolean(r.card_active),
        isSubscribe: r.is_subscribe,
        mode: '',
        cabinetUrl: CABINET_URL,
      };
      return user;
    },
  };
}
