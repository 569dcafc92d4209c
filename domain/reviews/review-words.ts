// The words of reviews without their schemas: the desk's page loads these, never zod.

/** Fit as the shopper says it: «маломерит», «в размер», «большемерит». */
export const FITS = ['small', 'true', 'large'] as const;
export type Fit = (typeof FITS)[number];
export const FIT_WORDS: Readonly<Record<Fit, string>> = {
  small: 'Маломерит',
  true: 'В размер',
  large: 'Большемерит',
};

export const REVIEW_STATES = ['pending', 'published', 'hidden'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const REVIEW_STATE_WORDS: Readonly<Record<ReviewState, string>> = {
  pending: 'На проверке',
  published: 'Опубликован',
  hidden: 'Скрыт',
};
