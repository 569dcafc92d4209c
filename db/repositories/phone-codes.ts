import { sql } from 'drizzle-orm';
import { CODE_ATTEMPTS } from '../../domain/auth/phone-codes.service';
import type { PhoneCodeRepository } from '../../domain/auth/ports';
import { type Db, isUniqueViolation, queryRows, ts } from '../client';
import { joinGuestOrders } from './guest-customers';

export function phoneCodeRepository(db: Db): PhoneCodeRepository {
  return {
    async create(code) {
      await db.execute(sql`
        with dropped as (
          delete from phone_codes where session_id = ${code.sessionId} and phone = ${code.phone} and used_at is null)
        insert into phone_codes (session_id, phone, code_hash, expires_at)
        values (${code.sessionId}, ${code.phone}, ${code.codeHash}, ${ts(code.expiresAt)})`);
    },

    async attempt(sessionId, phone, codeHash, now) {
      // The row lock of the update serialises attempts at once: each sees the count the one before left.
      const [row] = await queryRows<{ confirmed: boolean; attempts: number }>(
        db,
        sql`
        update phone_codes set attempts = attempts + 1,
          used_at = case when code_hash = ${codeHash} then ${ts(now)} end
        where id = (
            select id from phone_codes
            where session_id = ${sessionId} and phone = ${phone} and used_at is null and expires_at > ${ts(now)}
            order by id desc limit 1)
          and used_at is null and attempts < ${CODE_ATTEMPTS}
        returning used_at is not null as confirmed, attempts`,
      );
      if (!row) return { result: 'none', attemptsLeft: 0 };
      return { result: row.confirmed ? 'confirmed' : 'wrong', attemptsLeft: CODE_ATTEMPTS - Number(row.attempts) };
    },

    async confirmOnSession(sessionId, phone) {
      await db.execute(sql`
        insert into sessions as s (id, confirmed_phone) values (${sessionId}, ${phone})
        on conflict (id) do update set confirmed_phone = excluded.confirmed_phone, last_seen_at = now()`);
    },

    async confirmOnUser(userId, phone) {
      try {
        // A savepoint when called in a transaction: a refused phone leaves it usable. The phone's guest orders join
        // the account in the same transaction (issue 47.2).
        await db.transaction(async (tx) => {
          await tx.execute(sql`update users set confirmed_phone = ${phone}, phone = ${phone} where id = ${userId}`);
          await joinGuestOrders(tx, userId, { phone });
        });
        return 'ok';
      } catch (error) {
        // users_confirmed_phone_idx: another account has this phone confirmed (checked by the index, so two
        // accounts confirming it at once cannot both win).
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    async userByConfirmedPhone(phone) {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`select id from users where confirmed_phone = ${phone} order by id limit 1`,
      );
      return row ? Number(row.id) : null;
    },
  };
}
