import { z } from 'zod';

/** Largest value an integer column holds: bigger ids cannot exist, so they are bad input, not a database error. */
export const MAX_INT4 = 2_147_483_647;

const DIGITS = /^\d+$/;

/**
 * A positive whole number from a form field, a query parameter or JSON, with one Russian message for every way it
 * can be wrong. A string must be plain decimal digits (spaces around are trimmed): `0x10`, `1e3`, `+5` or `1_000`
 * are refused rather than read as some other number, and so are booleans, arrays and objects.
 */
/** Whether a number read from a form (`Number(field)`) can be a row's id: what cannot is no one's row. */
export function isRowId(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_INT4;
}

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

/** C0 and C1 control characters (CR, LF, tab, NUL, ESC…), DEL, and Unicode's line and paragraph separators. */
const CONTROLS = /[\p{Cc}\u2028\u2029]+/gu;
/** The same but LF, which a text of several lines keeps. */
const CONTROLS_BUT_LF = /(?!\n)\p{Cc}/gu;

/**
 * A one-line field (a name, a phone, an email, a city, an address line): every run of control characters becomes one space,
 * then the ends are trimmed, so what a shopper types cannot start a line of its own in a plain-text letter or log.
 */
export function oneLine(value: string): string {
  return value.replace(CONTROLS, ' ').trim();
}

/**
 * A text of several lines (a question, an order comment): line breaks kept as LF (CR LF, CR and Unicode's separators
 * become LF), any other control character a space, the ends trimmed. Whoever shows it must keep its lines apart from
 * their own: the staff letter quotes them.
 */
export function manyLines(value: string): string {
  return value
    .replace(/\r\n?|\u2028|\u2029/g, '\n')
    .replace(CONTROLS_BUT_LF, ' ')
    .trim();
}

/** An optional field or query parameter: an empty one (or null) is no value. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** A string schema of a one-line field, cleaned by `oneLine` before its checks (it replaces `.trim()`). */
export const line = (params?: Parameters<typeof z.string>[0]) => z.string(params).overwrite(oneLine);

/** A string schema of a text of several lines, cleaned by `manyLines` before its checks. */
export const lines = (params?: Parameters<typeof z.string>[0]) => z.string(params).overwrite(manyLines);
