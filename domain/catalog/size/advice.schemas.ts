import { z } from 'zod';
import { positiveInt } from '../../input';
import { MEASURE_LIMITS } from './advice';

const measure = (name: string, key: keyof typeof MEASURE_LIMITS) => {
  const [min, max] = MEASURE_LIMITS[key];
  const message = `${name} — от ${min} до ${max} см.`;
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(',', '.') : v),
    z
      .string({ error: `Укажите: ${name.toLowerCase()}.` })
      .min(1, `Укажите: ${name.toLowerCase()}.`)
      .regex(/^\d{2,3}(\.\d)?$/, message)
      .transform(Number)
      .pipe(z.number().min(min, message).max(max, message)),
  );
};

const gender = z.enum(['woman', 'man'], { error: 'Выберите, для кого подбираем размер: woman или man.' });
const measures = {
  height: measure('Рост', 'height'),
  chest: measure('Обхват груди', 'chest'),
  waist: measure('Обхват талии', 'waist'),
  hips: measure('Обхват бёдер', 'hips'),
};

/** `GET /api/v2/catalog/size/advice/`: whose table, and the body's measures in centimetres. */
export const sizeAdviceInput = z.object({ gender, ...measures });

const BAD_PRODUCT = 'Укажите номер товара (productId) — целое положительное число.';
/** The same with `productId`: the product's own catalogue says whose table, so `gender` may be left out. */
export const productSizeAdviceInput = z.object({
  productId: positiveInt(BAD_PRODUCT, BAD_PRODUCT),
  gender: gender.optional(),
  ...measures,
});
