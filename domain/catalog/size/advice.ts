import { DomainError } from '../../errors';

export type Gender = 'woman' | 'man';

/** One Russian size of the size table: body measures in centimetres, the height it is cut for. */
export interface SizeRow {
  size: number;
  chest: number;
  waist: number;
  hips: number;
  height: readonly [number, number];
}

const row = (size: number, chest: number, waist: number, hips: number, height: [number, number]): SizeRow => ({
  size,
  chest,
  waist,
  hips,
  height,
});

/** The shop's size tables (the «Выбор размера» page prints them): the largest body each size fits. */
export const SIZE_TABLES: Readonly<Record<Gender, readonly SizeRow[]>> = {
  woman: [
    row(40, 80, 62, 86, [158, 164]),
    row(42, 84, 66, 90, [158, 170]),
    row(44, 88, 70, 94, [164, 170]),
    row(46, 92, 74, 98, [164, 176]),
    row(48, 96, 78, 102, [164, 176]),
    row(50, 100, 82, 106, [164, 176]),
    row(52, 104, 86, 110, [164, 176]),
    row(54, 108, 90, 114, [164, 176]),
  ],
  man: [
    row(44, 88, 76, 92, [170, 176]),
    row(46, 92, 80, 96, [170, 182]),
    row(48, 96, 84, 100, [176, 182]),
    row(50, 100, 88, 104, [176, 188]),
    row(52, 104, 92, 108, [176, 188]),
    row(54, 108, 96, 112, [182, 188]),
    row(56, 112, 100, 116, [182, 194]),
    row(58, 116, 104, 120, [182, 194]),
    row(60, 120, 108, 124, [188, 194]),
    row(62, 124, 112, 128, [188, 200]),
  ],
};

/** Measures a person can have: outside these it is a typing error, not a body. */
export const MEASURE_LIMITS = {
  height: [130, 220],
  chest: [60, 160],
  waist: [45, 160],
  hips: [60, 170],
} as const;

export interface SizeAdvice {
  size: number;
  text: string;
}

export interface Measures {
  gender: Gender;
  height: number;
  chest: number;
  waist: number;
  hips: number;
}

const NAMES = { chest: 'обхват груди', waist: 'обхват талии', hips: 'обхват бёдер' } as const;
/** Outerwear goes over a sweater: the chest is measured with this much to spare. */
const LAYER_CM = 2;

/**
 * The size to buy for a body (a pure rule; the API, the «Выбор размера» page and the product page use it): the
 * smallest size whose chest (with a layer under the coat), waist and hips each fit, and why — the measure that
 * decided and what the others alone would give; a height outside the size's range is said too.
 */
export function adviseSize(m: Measures, layerCm: number = LAYER_CM): SizeAdvice {
  const table = SIZE_TABLES[m.gender];
  const largest = table[table.length - 1] as SizeRow;
  const need = { chest: m.chest + layerCm, waist: m.waist, hips: m.hips };
  const sizeFor = (measure: keyof typeof need) => table.find((r) => r[measure] >= need[measure]);
  const fits = (['chest', 'waist', 'hips'] as const).map((measure) => ({ measure, row: sizeFor(measure) }));
  const missing = fits.find((f) => !f.row);
  if (missing)
    throw new DomainError(
      'validation',
      `Такого размера в таблице нет: ${NAMES[missing.measure]} ${m[missing.measure]} см больше, чем у размера ${largest.size}.`,
      'SIZE_OUT_OF_RANGE',
    );
  const decided = fits.reduce((a, b) => ((b.row as SizeRow).size > (a.row as SizeRow).size ? b : a));
  const chosen = decided.row as SizeRow;
  const others = fits.filter((f) => (f.row as SizeRow).size < chosen.size);
  const parts = [
    `Размер ${chosen.size}: его определяет ${NAMES[decided.measure]} — ${m[decided.measure]} см.`,
    ...others.map((f) => `По ${NAMES[f.measure].replace('обхват', 'обхвату')} подошёл бы ${(f.row as SizeRow).size}.`),
  ];
  const [low, high] = chosen.height;
  if (m.height > high)
    parts.push(`Рост ${m.height} см выше типового для размера (${low}–${high}): выбирайте удлинённые модели.`);
  if (m.height < low)
    parts.push(`Рост ${m.height} см ниже типового для размера (${low}–${high}): проверьте длину рукава.`);
  return { size: chosen.size, text: parts.join(' ') };
}
