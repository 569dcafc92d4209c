import { z } from 'zod';
import { lines } from '../input';

/** Cancelling a shipment at the carrier cancels the order: why, as its history keeps it. */
export const shipmentCancelInput = z.object({
  reason: lines({ error: 'Укажите причину отмены.' })
    .min(1, 'Укажите причину отмены.')
    .max(500, 'Причина — до 500 символов.'),
});

/** A write with nothing to say but the sessid (register, label, received). */
export const shipmentActionInput = z.object({});

const isCalendarDay = (d: string) => {
  const at = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === d;
};

export const deliveryQueueInput = z.object({
  queue: z.enum(['transit', 'returns', 'handover'], { error: 'Нет такой очереди доставки.' }).default('transit'),
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата — в виде ГГГГ-ММ-ДД.')
    // A real day of the calendar: «2026-13-45» would reach the clock's arithmetic as an invalid date.
    .refine((d) => isCalendarDay(d), 'Такой даты нет.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
