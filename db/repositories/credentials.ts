import { sql } from 'drizzle-orm';
import type { CredentialsRepository } from '../../domain/auth/ports';
import { type Db, isUniqueViolation, queryRows, ts } from '../client';
import { joinGuestOrders } from './guest-customers';

export function credentialsRepository(db: Db): CredentialsRepository {
  return {
    async createUser(user) {
      // A savepoint, so that a refused insert leaves the unit of work's transaction usable for its error.
      try {
        return await db.transaction(async (tx) => {
          const [row] = await queryRows<{ id: number }>(
            tx,
            sql`
            insert into users (email, password_hash, name, last_name, phone, confirmed_phone, is_subscribe)
            values (${user.email}, ${user.passwordHash}, ${user.name}, ${user.lastName}, ${user.phone},
              ${user.confirmedPhone}, ${user.isSubscribe})
            returning id`,
          );
          const id = Number(row?.id);
          // Registered with the phone this session confirmed: its guest orders are the account's (issue 47.2).
          if (user.confirmedPhone) await joinGuestOrders(tx, id, { phone: user.confirmedPhone });
          return id;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_idx')) return 'email_taken';
        if (isUniqueViolation(error, 'users_confirmed_phone_idx')) return 'phone_taken';
        throw error;
      }
    },

    async credentials(login) {
      const where = 'email' in login ? sql`lower(email) = ${login.email}` : sql`confirmed_phone = ${login.phone}`;
      const [row] = await queryRows<{ id: number; password_hash: string }>(
        db,
        sql`select id, password_hash from users where ${where} limit 1`,
      );
      return row ? { userId: Number(row.id), passwordHash: row.password_hash } : null;
    },

    async contact(userId) {
      const [row] = await queryRows<{ email: string; name: string; email_confirmed: boolean }>(
        db,
        sql`select email, name, email_confirmed from users where id = ${userId}`,
      );
      return row ? { email: row.email, name: row.name, emailConfirmed: row.email_confirmed } : null;
    },

    async userIdByEmail(email) {
      const [row] = await queryRows<{ id: number }>(db, sql`select id from users where lower(email) = ${email}`);
      return row ? Number(row.id) : null;
    },

    async sessionConfirmedPhone(sessionId) {
      const [row] = await queryRows<{ phone: string | null }>(
        db,
        sql`select confirmed_phone as phone from sessions where id = ${sessionId}`,
      );
      return row?.phone ?? null;
    },

    async createToken(token) {
      await db.execute(sql`
        insert into user_tokens (user_id, purpose, token_hash, email, expires_at)
        values (${token.userId}, ${token.purpose}, ${token.tokenHash}, ${token.email}, ${ts(token.expiresAt)})`);
    },

    async spendToken(purpose, tokenHash, now) {
      const [row] = await queryRows<{ user_id: number; email: string }>(
        db,
        sql`
        update user_tokens set used_at = ${ts(now)}
        where token_hash = ${tokenHash} and purpose = ${purpose} and used_at is null and expires_at > ${ts(now)}
        returning user_id, email`,
      );
      return row ? { userId: Number(row.user_id), email: row.email } : null;
    },

    async confirmEmail(userId, email) {
      return db.transaction(async (tx) => {
        const rows = await queryRows<{ id: number }>(
          tx,
          sql`update users set email_confirmed = true where id = ${userId} and lower(email) = ${email} returning id`,
        );
        // The address is the account's now: the guest orders placed with it join (issue 47.2).
        if (rows.length > 0) await joinGuestOrders(tx, userId, { email });
        return rows.length > 0;
      });
    },

    async resetPassword(tokenHash, passwordHash, now) {
      return db.transaction(async (tx) => {
        // The user's row first, so two links of one user wait for each other instead of locking in a circle.
        const [owner] = await queryRows<{ id: number }>(
          tx,
          sql`select u.id from users u join user_tokens t on t.user_id = u.id
            where t.token_hash = ${tokenHash} and t.purpose = 'password-reset' for update of u`,
        );
        if (!owner) return false;
        const [spent] = await queryRows<{ user_id: number }>(
          tx,
          sql`update user_tokens set used_at = ${ts(now)} where token_hash = ${tokenHash} and purpose = 'password-reset'
            and used_at is null and expires_at > ${ts(now)} returning user_id`,
        );
        if (!spent) return false;
        await tx.execute(sql`update users set password_hash = ${passwordHash} where id = ${owner.id}`);
        await tx.execute(sql`delete from sessions where user_id = ${owner.id}`);
        await tx.execute(sql`update user_tokens set used_at = ${ts(now)}
          where user_id = ${owner.id} and purpose = 'password-reset' and used_at is null`);
        return true;
      });
    },
  };
}
