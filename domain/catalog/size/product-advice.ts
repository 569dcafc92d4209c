import type { CodeValue } from '../product/product';
import { adviseSize, type Measures, type SizeAdvice } from './advice';
import type { ProductForAdvice } from './advice-subject';

/**
 * How a category sits: the room the chest needs for what is worn under it, and a word for the shopper. A down
 * jacket or a parka goes over a thick sweater; a coat sits closer; a vest has no sleeves to bind.
 */
const FITS: Record<string, { layerCm: number; note: string }> = {
  пуховик: { layerCm: 4, note: 'Пуховик носят на тёплый свитер: по груди оставили запас 4 см.' },
  парка: { layerCm: 4, note: 'Парку носят на тёплый свитер: по груди оставили запас 4 см.' },
  пальто: { layerCm: 2, note: 'Пальто сидит ближе к фигуре: по груди оставили запас 2 см на тонкий свитер.' },
  куртка: { layerCm: 2, note: 'Куртку носят на тонкий свитер: по груди оставили запас 2 см.' },
  жилет: { layerCm: 2, note: 'Жилет носят на тонкий свитер: по груди оставили запас 2 см.' },
};
const DEFAULT_FIT = { layerCm: 2, note: '' };
/** Russian sizes go in steps of 2. */
const STEP = 2;
/** A difference of height the length on the photo shows. */
const NOTABLE_HEIGHT_CM = 5;

export interface PhotoModel {
  size: number;
  height: number;
  chest: number;
  waist: number;
  hips: number;
}

/** The photo-model props as numbers; null when any is missing or not a number (then no correction by the model). */
export function photoModel(props: readonly CodeValue[]): PhotoModel | null {
  const value = (code: string) => props.find((p) => p.code === code)?.value.trim() ?? '';
  const size = Number(value('RAZMER_IZDELIYA_NA_FOTOMODELI'));
  const height = Number(value('ROST_FOTOMODELI'));
  const volumes = value('OBEMY_FOTOMODELI').split('-').map(Number);
  const [chest, waist, hips] = volumes;
  const numbers = [size, height, chest, waist, hips];
  if (volumes.length !== 3 || !numbers.every((n) => Number.isFinite(n) && (n as number) > 0)) return null;
  return { size, height, chest, waist, hips } as PhotoModel;
}

/**
 * The size to buy of this product: the table's size with the category's room for layers, moved one size when the
 * photo model shows the model runs small or large (the model wears a size other than the one their body takes by
 * the same rule) — or, when enough buyers' reviews agree it runs small or large, by their word instead — checked
 * against the sizes the model is made in; the text says each step.
 */
export function adviseForProduct(m: Measures, product: ProductForAdvice): SizeAdvice {
  const fit = FITS[product.category.toLowerCase()] ?? DEFAULT_FIT;
  const base = adviseSize(m, fit.layerCm);
  // The table's answer is one step of this product's: «По таблице размер 44: …», then what moves it.
  const parts = [base.text.replace(/^Размер/, 'По таблице размер'), fit.note];
  let size = base.size;
  const model = photoModel(product.modelProps);
  const modelBody = model ? bodySize({ ...model, gender: m.gender }, fit.layerCm) : null;
  const byReviews = product.reviewShift ?? { steps: 0, reason: '' };
  if (model && modelBody !== null) {
    const shift = Math.sign(model.size - modelBody) * STEP;
    // The buyers' reviews say how the model sits on many bodies: their word replaces the photo model's.
    if (shift !== 0 && byReviews.steps === 0) {
      size += shift;
      parts.push(
        `Модель ${shift > 0 ? 'маломерит' : 'большемерит'}: по меркам фотомодели подходит ${modelBody}, а на ней размер ${model.size} — советуем ${size}.`,
      );
    }
    const taller = m.height - model.height;
    if (Math.abs(taller) >= NOTABLE_HEIGHT_CM)
      parts.push(
        `Рост фотомодели ${model.height} см: на вас изделие будет ${taller > 0 ? 'короче' : 'длиннее'}, чем на фото.`,
      );
  }
  if (byReviews.steps !== 0) {
    size += byReviews.steps * STEP;
    parts.push(byReviews.reason);
  }
  const sizes = product.sizes.map(Number).filter(Number.isFinite);
  if (sizes.length && !sizes.includes(size)) {
    const largest = Math.max(...sizes);
    const smallest = Math.min(...sizes);
    parts.push(
      size > largest
        ? `Этой модели нет в размере ${size}: самый большой — ${largest}.`
        : size < smallest
          ? `Этой модели нет в размере ${size}: самый маленький — ${smallest}, он сядет свободнее.`
          : `Этой модели нет в размере ${size}.`,
    );
  }
  return { size, text: parts.filter(Boolean).join(' ') };
}

/** The size a body takes by the table; null when the table has none (then the model says nothing). */
function bodySize(m: Measures, layerCm: number): number | null {
  try {
    return adviseSize(m, layerCm).size;
  } catch {
    return null;
  }
}
