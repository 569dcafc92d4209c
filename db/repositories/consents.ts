import type { ConsentRepository } from '../../domain/consent/consent';
import type { Db } from '../client';
import { consents } from '../schema';

/** Consent records, on the database or on a transaction (`tx`), so a consent commits with what it is for. */
export function consentRepository(db: Pick<Db, 'insert'>): ConsentRepository {
  return {
    async record(consent) {
      await db.insert(consents).values({
        purpose: consent.purpose,
        textVersion: consent.version,
        subject: consent.subject,
        sessionId: consent.sessionId,
        userId: consent.userId,
        client: consent.client,
        createdAt: consent.at,
      });
    },
  };
}
