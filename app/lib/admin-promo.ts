import type { PostedForm } from './admin-action';

/** The shop's time zone: the forms' `datetime-local` fields are read and shown in Moscow time. */
const MSK_OFFSET_MS = 3 * 3600_000;

/** A `datetime-local` value (Moscow time) as an ISO moment; anything else is passed on for the schema to judge. */
export function fromLocalInput(value: string): string {
  const text = value.trim();
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
export function promoFormFields(form: PostedForm): Record<string, unknown> {
  return {
    code: form.text('code'),
    kind: form.text('kind'),
    value: form.text('value'),
    minTotal: form.text('minTotal'),
    startsAt: fromLocalInput(form.text('startsAt')),
    endsAt: fromLocalInput(form.text('endsAt')),
    usesLimit: form.text('usesLimit'),
    perCustomerLimit: form.text('perCustomerLimit'),
    sectionIds: form.list('sectionIds').filter((v) => v !== ''),
    brandIds: form.list('brandIds').filter((v) => v !== ''),
  };
}
