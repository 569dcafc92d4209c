import type { Company } from '../content/company';
import { type RequestContext, userIdOf } from '../context';
import { DomainError } from '../errors';
import type { LimitRules } from '../limits/rules';
import { enforce, type RateLimiter } from '../limits/limits';
import type { PhotoUploads, PreparedPhoto } from '../photos/photos';
import { requirePermission } from '../staff/permissions';
import type { StaffWrite } from '../staff/staff-write';
import type { UnitOfWork } from '../uow';
import {
  type AdminReview,
  REVIEW_PHOTOS_MAX,
  type ReviewableLine,
  type ReviewFilter,
  type ReviewInput,
  reviewInput,
  type ReviewReads,
} from './review';
import type { FitCounts } from './published';
import { reviewInvitationLetter } from './review-letter';

export const REVIEWS_PAGE_SIZE = 30;
/**
 * Orders completed longer ago than this are never asked: the first run after the feature's start does not write to
 * every shopper of years past.
 */
const INVITE_WINDOW_DAYS = 30;
/** Orders one run of the invitation job claims: the rest wait for the next run. */
const INVITE_BATCH = 200;

/** A received line of the shopper's order, for the cabinet's «Оставить отзыв». */
export interface CabinetReviewLine {
  orderId: number;
  offerId: number;
  productId: number;
  name: string;
  sizeName: string;
  reviewed: boolean;
}

export interface ReviewsService {
  /**
   * A shopper's review of a line of their received order: refused without one (another's order, a guest order
   * without its letter's key, an order not completed, a line given back at the door); one per line — a second is a
   * 409, however many come at once. Photos pass the staff uploads' checks before anything is stored.
   */
  add(
    ctx: RequestContext,
    fields: unknown,
    photos: readonly Uint8Array[],
  ): Promise<{ review: { id: number; state: 'pending' } }>;
  /** The logged-in shopper's received lines with whether each is reviewed. */
  cabinetLines(ctx: RequestContext): Promise<CabinetReviewLine[]>;
  /** The line a guest's letter link opens (its key checked), or null when the key is not this order's. */
  guestLines(orderId: number, token: string): Promise<CabinetReviewLine[] | null>;
  /** The key of a guest order's review link. */
  guestToken(orderId: number): string;
  /** The published reviews' fit answers of the product's model (size advice). */
  fitOfProduct(productId: number): Promise<FitCounts>;
  list(
    ctx: RequestContext,
    filter: ReviewFilter,
  ): Promise<{ items: AdminReview[]; total: number; pending: number; page: number; pages: number }>;
  card(ctx: RequestContext, id: number): Promise<AdminReview>;
  publish(ctx: RequestContext, id: number): Promise<AdminReview>;
  hide(ctx: RequestContext, id: number, reason: string): Promise<AdminReview>;
  answer(ctx: RequestContext, id: number, text: string): Promise<AdminReview>;
  /** The invitation letters due at `now`: each order claimed once, its letter queued with the claim. */
  sendInvitations(now: Date): Promise<number>;
}

const notFound = () => new DomainError('not_found', 'Отзыв не найден.', 'REVIEW_NOT_FOUND');
/** One answer for «no such order», «not yours» and «not received»: a stranger learns nothing of another's order. */
const notReviewable = () =>
  new DomainError(
    'forbidden',
    'Отзыв можно оставить только на товар из вашего полученного заказа. Войдите в аккаунт, с которого оформляли заказ, или откройте ссылку из письма.',
    'REVIEW_NOT_ALLOWED',
  );
const alreadyReviewed = () =>
  new DomainError(
    'conflict',
    'На этот товар из заказа вы уже оставили отзыв: один отзыв на одну покупку.',
    'REVIEW_EXISTS',
  );

/** The fields through the schema: the first problem in Russian, as a 400. */
function parseReview(fields: unknown): ReviewInput {
  const parsed = reviewInput.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new DomainError(
    'validation',
    issue?.message ?? 'Проверьте отзыв.',
    `INVALID_${(issue?.path ?? []).join('_').toUpperCase() || 'REQUEST'}`,
  );
}

const cabinetLine = (l: ReviewableLine): CabinetReviewLine => ({
  orderId: l.orderId,
  offerId: l.offerId,
  productId: l.productId,
  name: l.name,
  sizeName: l.sizeName,
  reviewed: l.reviewId !== null,
});

export function createReviewsService(deps: {
  reads: ReviewReads;
  uow: UnitOfWork;
  write: StaffWrite;
  limits: RateLimiter;
  limitRules: Pick<LimitRules, 'reviewsPerClient'>;
  photos: PhotoUploads;
  /** The app's signature of a text (the guest link's key). */
  sign: (text: string) => string;
  company: Company;
  siteUrl: string;
  inviteDays: number;
}): ReviewsService {
  const guestToken = (orderId: number) => deps.sign(`review:${orderId}`).slice(0, 32);
  const tokenFits = (orderId: number, token: string | undefined) => {
    if (!token) return false;
    const expected = guestToken(orderId);
    // Constant time enough for a 32-character key: every character compared.
    let diff = token.length ^ expected.length;
    for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (token.charCodeAt(i) || 0);
    return diff === 0;
  };
  const received = (l: ReviewableLine) => l.status === 'completed' && !l.returned;

  const card = async (id: number) => {
    const row = await deps.reads.one(id);
    if (!row) throw notFound();
    return row;
  };

  return {
    guestToken,

    async add(ctx, fields, photos) {
      // Every post counts, a refused one too: a flood of bad forms is as much a flood.
      await enforce(deps.limits, [ctx.client, deps.limitRules.reviewsPerClient]);
      const input = parseReview(fields);
      if (photos.length > REVIEW_PHOTOS_MAX)
        throw new DomainError(
          'validation',
          `К отзыву — не больше ${REVIEW_PHOTOS_MAX} фото.`,
          'REVIEW_PHOTOS_TOO_MANY',
        );
      const line = await deps.reads.line(input.orderId, input.offerId);
      const userId = userIdOf(ctx);
      // A user's order by its owner only; a guest order (no account) by its letter's key only.
      const owner =
        line !== null &&
        (line.userId !== null ? userId !== null && line.userId === userId : tokenFits(line.orderId, input.token));
      if (!line || !owner || !received(line)) throw notReviewable();
      if (line.reviewId !== null) throw alreadyReviewed();
      // Every photo checked first: one refused refuses the review, and nothing is stored.
      const prepared: PreparedPhoto[] = [];
      for (const [i, bytes] of photos.entries()) {
        try {
          prepared.push(await deps.photos.prepare(bytes));
        } catch (error) {
          if (error instanceof DomainError) error.message = `Фото ${i + 1}: ${error.message}`;
          throw error;
        }
      }
      const files: string[] = [];
      for (const photo of prepared) if (!files.includes(photo.file)) files.push(await deps.photos.keep(photo));
      const id = await deps.reads.insert({
        productId: line.productId,
        modelId: line.modelId,
        offerId: line.offerId,
        orderId: line.orderId,
        orderLineId: line.orderLineId,
        userId: line.userId,
        authorName: line.authorName,
        rating: input.rating,
        text: input.text,
        fit: input.fit,
        size: input.size ?? line.sizeName,
        height: input.height ?? null,
        photos: files,
      });
      if (id === null) throw alreadyReviewed();
      return { review: { id, state: 'pending' } };
    },

    async cabinetLines(ctx) {
      const userId = userIdOf(ctx);
      if (userId === null) return [];
      return (await deps.reads.linesOfUser(userId)).filter(received).map(cabinetLine);
    },

    async guestLines(orderId, token) {
      if (!tokenFits(orderId, token)) return null;
      const lines = await deps.reads.linesOfOrder(orderId);
      if (lines.length === 0 || lines[0]?.userId !== null) return null;
      return lines.filter(received).map(cabinetLine);
    },

    fitOfProduct: (productId) => deps.reads.fitOfProduct(productId),

    async list(ctx, filter) {
      requirePermission(ctx, 'reviews.moderate');
      const page = filter.page ?? 1;
      const { rows, total, pending } = await deps.reads.list({
        state: filter.state,
        limit: REVIEWS_PAGE_SIZE,
        offset: (page - 1) * REVIEWS_PAGE_SIZE,
      });
      return { items: rows, total, pending, page, pages: Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE)) };
    },

    async card(ctx, id) {
      requirePermission(ctx, 'reviews.moderate');
      return card(id);
    },

    async publish(ctx, id) {
      await deps.write(ctx, 'review.publish', { id }, async (repos, { member }) => {
        const review = await repos.reviews.lock(id);
        if (!review) throw notFound();
        // Publishing the published changes nothing: no second count, no audit entry.
        if (review.state === 'published') return { value: undefined, unchanged: true };
        const at = ctx.now();
        await repos.reviews.setState(id, {
          state: 'published',
          hiddenReason: null,
          staffId: member.staffId,
          at,
          publishedAt: at,
        });
        await repos.reviews.addRating(review.productId, 1, review.rating);
        await repos.reviews.touchModel(review.modelId);
        return { value: undefined, before: { state: review.state }, after: { state: 'published' } };
      });
      return card(id);
    },

    async hide(ctx, id, reason) {
      await deps.write(ctx, 'review.hide', { id }, async (repos, { member }) => {
        const review = await repos.reviews.lock(id);
        if (!review) throw notFound();
        if (review.state === 'hidden' && review.hiddenReason === reason) return { value: undefined, unchanged: true };
        await repos.reviews.setState(id, {
          state: 'hidden',
          hiddenReason: reason,
          staffId: member.staffId,
          at: ctx.now(),
        });
        if (review.state === 'published') {
          await repos.reviews.addRating(review.productId, -1, -review.rating);
          await repos.reviews.touchModel(review.modelId);
        }
        return {
          value: undefined,
          before: { state: review.state, reason: review.hiddenReason },
          after: { state: 'hidden', reason },
        };
      });
      return card(id);
    },

    async answer(ctx, id, text) {
      await deps.write(ctx, 'review.answer', { id }, async (repos, { member }) => {
        const review = await repos.reviews.lock(id);
        if (!review) throw notFound();
        if (review.answer === text) return { value: undefined, unchanged: true };
        await repos.reviews.setAnswer(id, text, member.staffId, ctx.now());
        if (review.state === 'published') await repos.reviews.touchModel(review.modelId);
        return { value: undefined, before: { answer: review.answer }, after: { answer: text } };
      });
      return card(id);
    },

    async sendInvitations(now) {
      const before = new Date(now.getTime() - deps.inviteDays * 86_400_000);
      return deps.uow.run(async (repos) => {
        const since = new Date(before.getTime() - INVITE_WINDOW_DAYS * 86_400_000);
        const orders = await repos.reviews.claimInvitations(since, before, INVITE_BATCH, now);
        let sent = 0;
        for (const order of orders) {
          if (!order.email || order.lines.length === 0) continue;
          const url =
            order.userId !== null
              ? `${deps.siteUrl}/lk/order/?review=${order.orderId}`
              : `${deps.siteUrl}/review/?order=${order.orderId}&token=${guestToken(order.orderId)}`;
          await repos.outbox.enqueue(
            reviewInvitationLetter({
              company: deps.company,
              to: order.email,
              name: order.name,
              orderId: order.orderId,
              lines: order.lines,
              url,
            }),
          );
          sent++;
        }
        return sent;
      });
    },
  };
}
