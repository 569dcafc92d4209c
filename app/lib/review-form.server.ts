import { isDomainError } from '../../domain/errors';
import type { AppLoadContext } from 'react-router';

/** What the review form's post answers the page: the review made, or the error with what was typed. */
export type ReviewFormResult = { ok: true; id: number } | { ok: false; error: string; values: Record<string, string> };

/**
 * The cabinet's and the guest link's review form (issue 44.2): the same checks and service as
 * `POST /api/v2/catalog/product/reviews/add/`; a refusal comes back to the form in Russian, never as an error page.
 */
export async function postReview(request: Request, context: AppLoadContext): Promise<ReviewFormResult> {
  const form = await request.formData().catch(() => null);
  if (!form) return { ok: false, error: 'Не удалось прочитать форму: отправьте её ещё раз.', values: {} };
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === 'string' && name !== 'photos') values[name] = value;
  if (Object.values(values).some((v) => v.includes('\0')))
    return { ok: false, error: 'В форме есть недопустимый символ (NUL): уберите его.', values: {} };
  const files = form.getAll('photos').filter((f): f is File => typeof f !== 'string' && (f.size > 0 || f.name !== ''));
  try {
    const photos = await Promise.all(files.map(async (f) => new Uint8Array(await f.arrayBuffer())));
    const { review } = await context.services.reviews.add(context.ctx, values, photos);
    return { ok: true, id: review.id };
  } catch (error) {
    if (isDomainError(error)) return { ok: false, error: error.message, values };
    throw error;
  }
}
