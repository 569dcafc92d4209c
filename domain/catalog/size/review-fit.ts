/** The fit answers of a model's published reviews: «маломерит», «в размер», «большемерит». */
export interface ReviewFit {
  small: number;
  true: number;
  large: number;
}

/** Sizes the reviews move the advice by, and the answer's words for it. */
export interface ReviewShift {
  steps: -1 | 0 | 1;
  reason: string;
}

/** Reviews with a fit answer needed before they move the advice. */
export const FIT_MIN_REVIEWS = 5;
/** The share of them that must agree: a clear majority, not a split. */
export const FIT_MAJORITY = 0.6;

/**
 * How buyers' reviews move the advised size (issue 44.2): +1 step when at least `FIT_MIN_REVIEWS` reviews answered
 * and `FIT_MAJORITY` of them say the model runs small, −1 when as many say it runs large; 0 otherwise, with the reason
 * the answer gives.
 */
export function reviewFitShift(fit: ReviewFit | null | undefined): ReviewShift {
  if (!fit) return { steps: 0, reason: '' };
  const total = fit.small + fit.true + fit.large;
  if (total < FIT_MIN_REVIEWS) return { steps: 0, reason: '' };
  if (fit.small / total >= FIT_MAJORITY)
    return { steps: 1, reason: 'Модель маломерит — по отзывам покупателей советуем на размер больше.' };
  if (fit.large / total >= FIT_MAJORITY)
    return { steps: -1, reason: 'Модель большемерит — по отзывам покупателей советуем на размер меньше.' };
  return { steps: 0, reason: '' };
}
