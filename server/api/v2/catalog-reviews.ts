import { Hono } from 'hono';
import { reviewsPayload } from '../../../contract/reviews';
import { publishedReviewsInput } from '../../../domain/reviews/published.schemas';
import type { Services } from '../../../domain/services';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';
import { route } from '../route';

/**
 * `GET /api/v2/catalog/product/reviews/?productId=&page=&sort=newest|rating_desc|rating_asc&photos=1`: a product's
 * published reviews (10 a page), its rating `{average, count}` and its model's fit `{small, true, large}`. The
 * product page's first page comes with the page; «Показать ещё», the sort and «С фото» ask here.
 */
export function catalogReviewsApi(services: Services, options: { imgVersion: string }) {
  const api = new Hono<AppEnv>();
  route(api, 'productReviews', ['GET'], async (c) => {
    const input = await parseInput(c, publishedReviewsInput);
    return reviewsPayload(await services.publishedReviews.page(input), options.imgVersion);
  });
  return api;
}
