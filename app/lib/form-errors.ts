import type { z } from 'zod';
import { isDomainError } from '../../domain/errors';

/** Which form field a domain error code concerns, for the message to stand by it. */
const FIELD_BY_CODE: Record<string, string> = {
  PHONE_INVALID: 'phone',
  PHONE_TAKEN: 'phone',
  CODE_INVALID: 'code',
  CODE_WRONG: 'code',
  CODE_EXPIRED: 'code',
  WRONG_LOGIN: 'password',
  PASSWORD_WEAK: 'password',
  EMAIL_TAKEN: 'email',
  TOKEN_INVALID: 'password',
  RATE_LIMITED: 'form',
  NAME_REQUIRED: 'name',
  ADDRESS_INVALID: 'form',
};

export interface FormFailure {
  field: string;
  error: string;
}

/** The first problem of a zod check, by its field. */
export function firstIssue(error: z.ZodError): FormFailure {
  const issue = error.issues[0];
  return { field: String(issue?.path[0] ?? 'form'), error: issue?.message ?? 'Проверьте форму.' };
}

/** A domain error as a form failure; anything else is thrown on (the page's error boundary and the log take it). */
export function formFailure(error: unknown): FormFailure {
  if (!isDomainError(error)) throw error;
  return { field: FIELD_BY_CODE[error.code] ?? 'form', error: error.message };
}

/** The submitted fields, passwords left out, to fill the form again. */
export function typedValues(fields: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) if (!/password/i.test(key)) values[key] = value.slice(0, 500);
  return values;
}
