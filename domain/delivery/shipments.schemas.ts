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

export const deliveryQueueInput = z.object({
  queue: z.enum(['transit', 'returns', 'handover'], { error: 'Нет такой очереди доставки.' }).default('transit'),
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата — в виде ГГГГ-ММ-ДД.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
