import { sql } from 'drizzle-orm';
import type { NewsletterRepository } from '../../domain/newsletter/ports';
import { type Db, queryRows } from '../client';
import { consentRepository } from './consents';

export function newsletterRepository(db: Db): NewsletterRepository {
  return {
    async add(email, consent) {
      // Its own transaction, or a savepoint inside the unit of work that also writes the letter.
      return db.transaction(async (tx) => {
        const [row] = await queryRows<{ inserted: boolean; confirmed: boolean }>(
          tx,
          sql`
          insert into subscriptions as s (email) values (${email})
          on conflict (email) do update set email = s.email
          returning (xmax = 0) as inserted, s.confirmed_at is not null as confirmed`,
        );
        await consentRepository(tx).record(consent);
        return row?.confirmed ? 'confirmed' : row?.inserted ? 'new' : 'pending';
      });
    },

    async confirm(email, at) {
      const [row] = await queryRows<{ updated: number; present: number }>(
        db,
        sql`
        with upd as (
          update subscriptions set confirmed_at = ${at.toISOString()}::timestamptz
          where email = ${email} and confirmed_at is null returning 1)
        select (select count(*) from upd)::int as updated,
          (select count(*) from subscriptions where email = ${email})::int as present`,
      );
      if (Number(row?.updated) > 0) return 'confirmed';
      return Number(row?.present) > 0 ? 'already' : 'absent';
    },

    async remove(email) {
      const rows = await queryRows<{ email: string }>(
        db,
        sql`delete from subscriptions where email = ${email} returning email`,
      );
      return rows.length > 0;
    },
  };
}
