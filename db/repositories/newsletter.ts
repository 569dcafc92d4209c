import type { NewsletterRepository } from '../../domain/newsletter/newsletter.service';
import type { Db } from '../client';
import { subscriptions } from '../schema';
import { consentRepository } from './consents';

export function newsletterRepository(db: Db): NewsletterRepository {
  return {
    async add(email, consent) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .insert(subscriptions)
          .values({ email })
          .onConflictDoNothing()
          .returning({ email: subscriptions.email });
        await consentRepository(tx).record(consent);
        return rows.length > 0;
      });
    },
  };
}
