import type { Consent } from '../consent/consent';

export interface NewsletterRepository {
  /**
   * Adds the address as pending unless it is there, and records the consent, in one transaction: `new` or
   * `pending` (a letter is due), or `confirmed` (nothing to send).
   */
  add(email: string, consent: Consent): Promise<'new' | 'pending' | 'confirmed'>;
  /** Marks a pending address confirmed: `confirmed` now, `already` before, `absent` (removed or expired). */
  confirm(email: string, at: Date): Promise<'confirmed' | 'already' | 'absent'>;
  /** Removes the address; false when it was not subscribed. */
  remove(email: string): Promise<boolean>;
}
