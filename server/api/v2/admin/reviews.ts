import type { Context } from 'hono';
import { STAFF_API } from '../../../../contract/staff-api';
import { DomainError } from '../../../../domain/errors';
import { answerInput, hideInput, reviewFilterInput, reviewIdOf } from '../../../../domain/reviews/review';
import type { Services } from '../../../../domain/services';
import { answer } from '../../../http/api-layer';
import type { AppEnv } from '../../../http/env';
import { queryOf, staffCalls } from './kit';

function reviewId(c: Context<AppEnv>): number {
  const id = reviewIdOf(c.req.param('id'));
  if (id === null) throw new DomainError('not_found', 'Отзыв не найден.', 'REVIEW_NOT_FOUND');
  return id;
}

/**
 * `GET /api/v2/admin/reviews/?state=&page=` → `{items, total, pending, page, pages}`; `POST .../{id}/publish/`,
 * `.../{id}/hide/` `{reason}`, `.../{id}/answer/` `{text}` → `{review}`. Each write is a `staffWrite` with its audit
 * entry; publish and hide keep the product's `rating_count`/`rating_sum` in the same transaction.
 */
export function reviewsAdminApi(services: Services) {
  const calls = staffCalls();
  calls.get(STAFF_API.reviews, 'reviews.moderate', async (c) =>
    answer(c, await services.reviews.list(c.get('ctx'), queryOf(c, reviewFilterInput))),
  );
  calls.post(STAFF_API.reviewPublish, 'reviews.moderate', async (c) =>
    answer(c, { review: await services.reviews.publish(c.get('ctx'), reviewId(c)) }),
  );
  calls.writeTo(STAFF_API.reviewHide, 'reviews.moderate', reviewId, hideInput, async (ctx, id, input) => ({
    review: await services.reviews.hide(ctx, id, input.reason),
  }));
  calls.writeTo(STAFF_API.reviewAnswer, 'reviews.moderate', reviewId, answerInput, async (ctx, id, input) => ({
    review: await services.reviews.answer(ctx, id, input.text),
  }));
  return calls.api;
}
