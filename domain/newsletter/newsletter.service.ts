import type { Company } from '../content/company';
import { consentOf } from '../consent/consent';
import type { RequestContext } from '../context';
import type { LimitRules } from '../limits/rules';
import type { RateLimiter } from '../limits/limits';
import { newsletterConfirmLetter, newsletterWelcomeLetter } from '../messages/templates';
import type { TransactionRepositories, UnitOfWork } from '../uow';
import type { NewsletterRepository } from './ports';

/** How long the confirmation link works; an unconfirmed address is removed by the retention job after it. */
export const CONFIRM_TTL_DAYS = 7;

export interface NewsletterDeps {
  /** The sender the letters' footer names. */
  company: Company;
  repo: NewsletterRepository;
  uow: UnitOfWork;
  limits: RateLimiter;
  /** `newsletterConfirmLetters`: a form cannot be used to flood someone's mailbox. */
  limitRules: Pick<LimitRules, 'newsletterConfirmLetters'>;
  siteUrl: string;
  /** A keyed signature (HMAC with the app secret) of a link's contents. */
  sign(text: string): string;
}

export interface NewsletterService {
  subscribe(
    ctx: Pick<RequestContext, 'sessionId' | 'actor' | 'client' | 'now'>,
    email: string,
  ): Promise<{ message: string }>;
  /**
   * Whether a confirmation letter may go to the address (its limit counted): asked before the sign-up's transaction,
   * as the limiter is a write of its own, which inside one would wait on a second connection of the pool.
   */
  letterAllowed(email: string): Promise<boolean>;
  /** The same sign-up inside a caller's transaction (the order's «Присылать новости и скидки»): all or none. */
  subscribeWithin(
    repos: TransactionRepositories,
    ctx: Pick<RequestContext, 'sessionId' | 'actor' | 'client' | 'now'>,
    email: string,
    letter: boolean,
  ): Promise<void>;
  /** The confirmation link: `confirmed`, or `invalid` for a forged, expired or removed one. */
  confirm(
    ctx: Pick<RequestContext, 'now'>,
    link: { email: string; until: string; sig: string },
  ): Promise<'confirmed' | 'invalid'>;
  /** The unsubscribe link of every newsletter letter: `removed`, `absent` (already gone) or `invalid` (forged). */
  unsubscribe(link: { email: string; sig: string }): Promise<'removed' | 'absent' | 'invalid'>;
}

/** The same words whatever the address: the answer does not tell who is subscribed. */
export const SUBSCRIBE_ANSWER =
  'Почти готово: мы отправили письмо со ссылкой для подтверждения подписки. Если письма нет, проверьте папку «Спам».';

export function createNewsletterService(deps: NewsletterDeps): NewsletterService {
  const { repo } = deps;
  const confirmSig = (email: string, until: string) => deps.sign(`newsletter-confirm:${email}:${until}`);
  const unsubscribeSig = (email: string) => deps.sign(`newsletter-unsubscribe:${email}`);
  const unsubscribeUrl = (email: string) =>
    `${deps.siteUrl}/unsubscribe/?email=${encodeURIComponent(email)}&sig=${unsubscribeSig(email)}`;

  const letterAllowed = async (email: string) =>
    (await deps.limits.hit(email.toLowerCase(), deps.limitRules.newsletterConfirmLetters)).allowed;

  async function subscribeWithin(
    repos: TransactionRepositories,
    ctx: Pick<RequestContext, 'sessionId' | 'actor' | 'client' | 'now'>,
    email: string,
    letter: boolean,
  ): Promise<void> {
    const address = email.toLowerCase();
    // A repeated sign-up is recorded too: it is a consent given again, maybe to a newer text.
    const until = String(Math.floor(ctx.now().getTime() / 1000) + CONFIRM_TTL_DAYS * 86400);
    const url = `${deps.siteUrl}/subscribe/confirm/?email=${encodeURIComponent(address)}&until=${until}&sig=${confirmSig(address, until)}`;
    const state = await repos.newsletter.add(address, consentOf(ctx, 'newsletter', address));
    if (state !== 'confirmed' && letter)
      await repos.outbox.enqueue(newsletterConfirmLetter({ company: deps.company, email: address, url }));
  }

  return {
    async subscribe(ctx, email) {
      const letter = await letterAllowed(email);
      // The address, its consent and its letter commit together.
      await deps.uow.run((repos) => subscribeWithin(repos, ctx, email, letter));
      return { message: SUBSCRIBE_ANSWER };
    },

    letterAllowed,
    subscribeWithin,

    async confirm(ctx, link) {
      const email = link.email.toLowerCase();
      const fresh = /^\d{1,12}$/.test(link.until) && Number(link.until) * 1000 > ctx.now().getTime();
      if (!fresh || !equalSig(link.sig, confirmSig(email, link.until))) return 'invalid';
      const state = await repo.confirm(email, ctx.now());
      if (state === 'absent') return 'invalid';
      // The welcome letter once, on the first opening of the link.
      if (state === 'already') return 'confirmed';
      await deps.uow.run((repos) =>
        repos.outbox.enqueue(
          newsletterWelcomeLetter({ company: deps.company, email, unsubscribeUrl: unsubscribeUrl(email) }),
        ),
      );
      return 'confirmed';
    },

    async unsubscribe(link) {
      const email = link.email.toLowerCase();
      if (!equalSig(link.sig, unsubscribeSig(email))) return 'invalid';
      return (await repo.remove(email)) ? 'removed' : 'absent';
    },
  };
}

/** Compares signatures without stopping at the first differing character. */
function equalSig(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
