import { z } from 'zod';

/** Largest value an integer column holds: bigger ids cannot exist, so they are bad input, not a database error. */
export const MAX_INT4 = 2_147_483_647;

const DIGITS = /^\d+$/;

/**
 * A positive whole number from a form field, a query parameter or JSON, with one Russian message for every way it
 * can be wrong. A string must be plain decimal digits (spaces around are trimmed): `0x10`, `1e3`, `+5` or `1_000`
 * are refused rather than read as some other number, and so are booleans, arrays and objects.
 */
export function positiveInt(missing: string, wrong: string, max = MAX_INT4) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .union([z.string(), z.number()], { error: (issue) => (issue.input === undefined ? missing : wrong) })
      .refine((v) => v !== '', missing)
      .refine((v) => typeof v === 'number' || DIGITS.test(v), wrong)
      .transform(Number)
      .pipe(z.number({ error: wrong }).int(wrong).min(1, wrong).max(max, wrong)),
  );
}
