import { type Consent, consentOf } from '../consent/consent';
import type { RequestContext } from '../context';

export interface NewsletterRepository {
  /** Adds the address and records the consent, in one transaction; false when it was already subscribed. */
  add(email: string, consent: Consent): Promise<boolean>;
}

export interface NewsletterService {
  subscribe(
    ctx: Pick<RequestContext, 'sessionId' | 'actor' | 'client' | 'now'>,
    email: string,
  ): Promise<{ message: string }>;
}

export function createNewsletterService(repo: NewsletterRepository): NewsletterService {
  return {
    async subscribe(ctx, email) {
      const address = email.toLowerCase();
      // A repeated sign-up is recorded too: it is a consent given again, maybe to a newer text.
      const added = await repo.add(address, consentOf(ctx, 'newsletter', address));
      return {
        message: added
          ? 'Спасибо! Вы подписались на новости и скидки.'
          : 'Этот адрес уже подписан на рассылку — письма придут на него.',
      };
    },
  };
}
