import type { z } from 'zod';

/** The shop's time zone: the forms' `datetime-local` fields are read and shown in Moscow time. */
const MSK_OFFSET_MS = 3 * 3600_000;

/** A `datetime-local` value (Moscow time) as an ISO moment; anything else is passed on for the schema to judge. */
export function fromLocalInput(value: FormDataEntryValue | null): string {
  const text = typeof value === 'string' ? value.trim() : '';
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? `${text}:00+03:00` : text;
}

/** An ISO moment as a `datetime-local` value in Moscow time. */
export function toLocalInput(iso: string | null): string {
  return iso ? new Date(Date.parse(iso) + MSK_OFFSET_MS).toISOString().slice(0, 16) : '';
}

/** A moment as the lists show it: «26.11.2026, 14:00» in Moscow time. */
export function promoWhen(iso: string | null): string {
  return iso
    ? new Date(iso).toLocaleString('ru-RU', {
        timeZone: 'Europe/Moscow',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
    : '—';
}

export const rubles = (value: number) =>
  `${value.toLocaleString('ru-RU', { maximumFractionDigits: 2 }).replace(/\u00a0/g, ' ')} ₽`;

/** The promo form's fields as the schemas read them (the multi-selects as lists). */
export function promoFormFields(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  return {
    code: text('code'),
    kind: text('kind'),
    value: text('value'),
    minTotal: text('minTotal'),
    startsAt: fromLocalInput(form.get('startsAt')),
    endsAt: fromLocalInput(form.get('endsAt')),
    usesLimit: text('usesLimit'),
    perCustomerLimit: text('perCustomerLimit'),
    sectionIds: form.getAll('sectionIds').filter((v) => typeof v === 'string' && v !== ''),
    brandIds: form.getAll('brandIds').filter((v) => typeof v === 'string' && v !== ''),
  };
}

/** The form's values as typed, to show again after a refusal. */
export interface PromoFormValues {
  code?: string;
  kind?: string;
  value?: string;
  minTotal?: string;
  startsAt?: string;
  endsAt?: string;
  usesLimit?: string;
  perCustomerLimit?: string;
  sectionIds?: string[];
  brandIds?: string[];
}

export function typedValues(form: FormData): PromoFormValues {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  return {
    code: text('code'),
    kind: text('kind'),
    value: text('value'),
    minTotal: text('minTotal'),
    startsAt: text('startsAt'),
    endsAt: text('endsAt'),
    usesLimit: text('usesLimit'),
    perCustomerLimit: text('perCustomerLimit'),
    sectionIds: form.getAll('sectionIds').map(String),
    brandIds: form.getAll('brandIds').map(String),
  };
}

/** Parses a form through a schema: a refusal is the first Russian message with the values as typed (a 400). */
export function parsePromoForm<S extends z.ZodType>(
  schema: S,
  form: FormData,
): { ok: true; input: z.infer<S> } | { ok: false; error: string; values: PromoFormValues } {
  const result = schema.safeParse(promoFormFields(form));
  if (result.success) return { ok: true, input: result.data };
  return { ok: false, error: result.error.issues[0]?.message ?? 'Проверьте форму.', values: typedValues(form) };
}
