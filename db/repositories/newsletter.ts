import type { NewsletterRepository } from '../../domain/newsletter/newsletter.service';
import type { Db } from '../client';
import { subscriptions } from '../schema';

export function newsletterRepository(db: Db): NewsletterRepository {
  return {
    async add(email) {
      const rows = await db
        .insert(subscriptions)
        .values({ email })
        .onConflictDoNothing()
        .returning({ email: subscriptions.email });
      return rows.length > 0;
    },
  };
}
