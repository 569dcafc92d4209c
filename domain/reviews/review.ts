import { z } from 'zod';
import { line, lines, positiveInt } from '../input';

export { FIT_WORDS, FITS, type Fit, REVIEW_STATE_WORDS, REVIEW_STATES, type ReviewState } from './review-words';
import type { FitCounts, ReviewBody } from './published';
import { FITS, type Fit, REVIEW_STATES, type ReviewState } from './review-words';

/** Photos one review may carry. */
export const REVIEW_PHOTOS_MAX = 5;
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
/** A shopper's height that is a body, not a typing error. */
export const REVIEW_HEIGHT = [120, 220] as const;

/** Anything that looks like a tag or an HTML entity: a review is plain text, as any user input. */
const HTML_LIKE = /<\s*\/?\s*[a-z!?][^>]*>|&[#a-z0-9]+;/i;
const noHtml = (v: string) => !HTML_LIKE.test(v);
const HTML_MESSAGE = 'Отзыв — обычный текст: уберите HTML-теги и спецсимволы вида &amp;.';

const BAD_ORDER = 'Укажите заказ (orderId) — номер из ссылки на отзыв.';
const BAD_OFFER = 'Укажите размер товара из заказа (offerId).';
const [minHeight, maxHeight] = REVIEW_HEIGHT;
const heightMessage = `Рост — от ${minHeight} до ${maxHeight} см, целым числом.`;

/** An empty form field is a field left out. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/**
 * `POST /api/v2/catalog/product/reviews/add/` and the cabinet's form: the order line (order and offer), the rating,
 * the text, the fit, the size taken and the height when told; `token` — the invitation letter's key of a guest order.
 */
export const reviewInput = z.object({
  orderId: positiveInt(BAD_ORDER, BAD_ORDER),
  offerId: positiveInt(BAD_OFFER, BAD_OFFER),
  rating: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.coerce
      .number({ error: 'Поставьте оценку от 1 до 5.' })
      .int('Оценка — целое число от 1 до 5.')
      .min(1, 'Оценка — от 1 до 5.')
      .max(5, 'Оценка — от 1 до 5.'),
  ),
  text: lines({ error: 'Напишите отзыв.' })
    .min(1, 'Напишите отзыв.')
    .max(REVIEW_TEXT_MAX, `Отзыв — не длиннее ${REVIEW_TEXT_MAX} символов.`)
    .refine((v) => v.length >= REVIEW_TEXT_MIN, `Расскажите подробнее: хотя бы ${REVIEW_TEXT_MIN} символов.`)
    .refine(noHtml, HTML_MESSAGE),
  fit: z.enum(FITS, { error: 'Выберите, как сидит: маломерит, в размер или большемерит (small, true, large).' }),
  height: optional(
    z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.coerce
        .number({ error: heightMessage })
        .int(heightMessage)
        .min(minHeight, heightMessage)
        .max(maxHeight, heightMessage),
    ),
  ),
  size: optional(
    line().max(20, 'Размер — не длиннее 20 символов.').refine(noHtml, 'Размер — обычный текст, например 46 или M.'),
  ),
  token: optional(line().max(200, 'Ссылка на отзыв повреждена.')),
});
export type ReviewInput = z.infer<typeof reviewInput>;

/** The moderation desk's filter. */
export const reviewFilterInput = z.object({
  state: optional(z.enum(REVIEW_STATES, { error: 'Состояние — pending, published или hidden.' })),
  page: optional(positiveInt('Страница — целое число.', 'Страница — целое число.', 10_000)),
});
export type ReviewFilter = z.infer<typeof reviewFilterInput>;

export const hideInput = z.object({
  reason: lines({ error: 'Укажите причину: покупатель её не увидит, она для журнала.' })
    .min(3, 'Укажите причину скрытия: хотя бы 3 символа.')
    .max(500, 'Причина — не длиннее 500 символов.'),
});

export const answerInput = z.object({
  text: lines({ error: 'Напишите ответ магазина.' })
    .min(2, 'Напишите ответ магазина.')
    .max(2000, 'Ответ — не длиннее 2000 символов.')
    .refine(noHtml, 'Ответ — обычный текст, без HTML.'),
});

/** A review's id from the path: a positive whole number, else «not found». */
export function reviewIdOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value) || Number(value) === 0) return null;
  return Number(value);
}

/** A review as the desk shows it. */
export interface AdminReview extends ReviewBody {
  productId: number;
  productName: string;
  productHref: string;
  offerId: number;
  orderId: number;
  state: ReviewState;
  hiddenReason: string | null;
  answeredAt: string | null;
  moderatedAt: string | null;
  createdAt: string;
  publishedAt: string | null;
}

/** What the add checks an order line against: the order's owner and state, and the line's product. */
export interface ReviewableLine {
  orderId: number;
  orderLineId: number;
  offerId: number;
  productId: number;
  modelId: number;
  userId: number | null;
  status: string;
  returned: boolean;
  name: string;
  sizeName: string;
  /** The order's first name: the name shown with the review. */
  authorName: string;
  /** The review of the line, when there is one already. */
  reviewId: number | null;
}

export interface NewReview {
  productId: number;
  modelId: number;
  offerId: number;
  orderId: number;
  orderLineId: number;
  userId: number | null;
  authorName: string;
  rating: number;
  text: string;
  fit: Fit;
  size: string;
  height: number | null;
  photos: string[];
}

/** A review as the moderation writes lock it. */
export interface ReviewLock {
  id: number;
  productId: number;
  modelId: number;
  rating: number;
  state: ReviewState;
  hiddenReason: string | null;
  answer: string | null;
}

/** The rows of the moderation writes, in the unit of work of `staffWrite`. */
export interface ReviewWrites {
  lock(id: number): Promise<ReviewLock | null>;
  setState(
    id: number,
    change: { state: ReviewState; hiddenReason: string | null; staffId: number; at: Date; publishedAt?: Date },
  ): Promise<void>;
  /** Adds `count` reviews of `sum` stars to the product's rating (negative to take away). */
  addRating(productId: number, count: number, sum: number): Promise<void>;
  setAnswer(id: number, text: string, staffId: number, at: Date): Promise<void>;
  /** Tells every process the pages of the model's products changed (the page cache drops them). */
  touchModel(modelId: number): Promise<void>;
  /**
   * Claims, in one statement, the completed orders completed between `since` and `before` and never invited,
   * marking them invited: what it answers is theirs to send, once.
   */
  claimInvitations(since: Date, before: Date, limit: number, at: Date): Promise<InvitedOrder[]>;
}

export interface ReviewReads {
  /** The line of `orderId` with `offerId`, with its order's owner; null when the order has no such line. */
  line(orderId: number, offerId: number): Promise<ReviewableLine | null>;
  /** Inserts the review; null when the line has one already (the unique index decided, not a read before). */
  insert(review: NewReview): Promise<number | null>;
  /** The received lines of a user's orders, with their review's id when there is one. */
  linesOfUser(userId: number): Promise<ReviewableLine[]>;
  /** The lines of one order (the guest link's form). */
  linesOfOrder(orderId: number): Promise<ReviewableLine[]>;
  list(query: {
    state?: ReviewState;
    limit: number;
    offset: number;
  }): Promise<{ rows: AdminReview[]; total: number; pending: number }>;
  one(id: number): Promise<AdminReview | null>;
  /** The fit answers of a model's published reviews. */
  fitOfModel(modelId: number): Promise<FitCounts>;
  fitOfProduct(productId: number): Promise<FitCounts>;
}

/** An order the invitation letter goes to: its lines not yet reviewed, by name and size. */
export interface InvitedOrder {
  orderId: number;
  userId: number | null;
  email: string;
  name: string;
  lines: string[];
}
