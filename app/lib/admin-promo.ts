import { formatDate, fromClockInput, MOSCOW, toClockInput } from '../../domain/text/dates';
import type { PostedForm } from './admin-action';

/** A promo code runs on the shop's clock, Moscow's: its form's times are read and shown in it, labelled so. */
export const toLocalInput = (iso: string | null) => toClockInput(iso, MOSCOW);

/** A moment as the lists show it: «26.11.2026, 14:00» in Moscow time. */
export const promoWhen = (iso: string | null) => (iso ? formatDate(iso, 'dateTime', MOSCOW) : '—');

export const rubles = (value: number) =>
  `${value.toLocaleString('ru-RU', { maximumFractionDigits: 2 }).replace(/\u00a0/g, ' ')} ₽`;

/** The promo form's fields as the schemas read them (the multi-selects as lists). */
export function promoFormFields(form: PostedForm): Record<string, unknown> {
  return {
    code: form.text('code'),
    kind: form.text('kind'),
    value: form.text('value'),
    minTotal: form.text('minTotal'),
    startsAt: fromClockInput(form.text('startsAt'), MOSCOW),
    endsAt: fromClockInput(form.text('endsAt'), MOSCOW),
    usesLimit: form.text('usesLimit'),
    perCustomerLimit: form.text('perCustomerLimit'),
    sectionIds: form.list('sectionIds').filter((v) => v !== ''),
    brandIds: form.list('brandIds').filter((v) => v !== ''),
  };
}
