import type { Logger } from 'pino';
import type { ReviewsService } from '../domain/reviews/review.service';
import { logFailure, startPeriodic } from './periodic';

/** The letters asking for reviews go out a few days after completion: an hourly look is on time enough. */
const EVERY_MS = 60 * 60_000;
const FIRST_RUN_MS = 2 * 60_000;

/**
 * Queues the review invitations due (issue 44.2). Several processes may run it at once: each order is claimed by
 * one statement, so its letter is queued once.
 */
export function startReviewInvitations(deps: { reviews: ReviewsService; log: Logger; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return startPeriodic({
    firstMs: FIRST_RUN_MS,
    everyMs: EVERY_MS,
    run: () =>
      logFailure(deps.log, 'отзывы: приглашения не отправлены', async () => {
        const sent = await deps.reviews.sendInvitations(now());
        if (sent > 0) deps.log.info({ sent }, 'отзывы: отправлены приглашения оставить отзыв');
      }),
  });
}
