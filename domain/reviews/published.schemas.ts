import { z } from 'zod';
import { positiveInt } from '../input';
import { REVIEW_SORTS } from './published';

const BAD_PRODUCT = 'Укажите productId — номер товара, целое положительное число.';
const BAD_PAGE = 'Номер страницы — целое число от 1.';

/** `GET /api/v2/catalog/product/reviews/?productId=&page=&sort=&photos=`. */
export const publishedReviewsInput = z.object({
  productId: positiveInt(BAD_PRODUCT, BAD_PRODUCT),
  page: positiveInt(BAD_PAGE, BAD_PAGE, 100_000).optional(),
  sort: z
    .enum(REVIEW_SORTS, { error: `Неизвестная сортировка отзывов. Возможные значения: ${REVIEW_SORTS.join(', ')}.` })
    .optional(),
  photos: z
    .enum(['0', '1', 'Y', 'N', 'true', 'false'], { error: 'photos — 1 (только отзывы с фото) или 0.' })
    .optional()
    .transform((v) => v === '1' || v === 'Y' || v === 'true'),
});

export type PublishedReviewsInput = z.infer<typeof publishedReviewsInput>;
