import { PARCEL_LIMITS } from '../catalog/admin/rules';
import type { ParcelFacts } from '../delivery/parcel';

type Fact = keyof ParcelFacts;

/** The requisites 1C names a product's size by (centimetres), as УТ and most exchange set-ups write them. */
const SIZE_REQUISITES: Record<Exclude<Fact, 'weight'>, string> = { length: 'Длина', width: 'Ширина', height: 'Высота' };

/** A number as 1C writes one: «1,5», «1.5», «1 500», «0,250»; null when it is none. */
function numberOf(text: string): number | null {
  const clean = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(clean)) return null;
  return Number(clean);
}

/**
 * A 1C product's packed weight and size (issue 42.6): `Вес` (the element, or the requisite «Вес»), in kilograms as
 * CommerceML has it, as grams; «Длина», «Ширина», «Высота» in centimetres, rounded up. Only what 1C sent and the shop
 * can read: a missing or zero value (1C's «not filled») is left out, so the product keeps what it has; a value that is
 * not a number or is beyond the desk's bounds is left out with a problem for the import's log, never a failed import.
 */
export function parcelFrom1C(
  weightElement: string | null,
  requisites: Readonly<Record<string, string>>,
): { facts: Partial<ParcelFacts>; problems: string[] } {
  const byName = new Map(Object.entries(requisites).map(([name, value]) => [name.trim().toLowerCase(), value.trim()]));
  const facts: Partial<ParcelFacts> = {};
  const problems: string[] = [];
  const take = (fact: Fact, label: string, raw: string | undefined | null, toUnit: (n: number) => number) => {
    if (raw === undefined || raw === null || raw.trim() === '') return;
    const n = numberOf(raw);
    const { max, unit } = PARCEL_LIMITS[fact];
    if (n === 0) return;
    const value = n === null ? null : toUnit(n);
    if (value === null || value < 1 || value > max) {
      problems.push(
        `${label}: значение «${raw.trim()}» пропущено — нужно число от 1 до ${max.toLocaleString('ru-RU')} ${unit}${fact === 'weight' ? ' (в 1С вес — в килограммах)' : ''}; осталось прежнее.`,
      );
      return;
    }
    facts[fact] = value;
  };
  const weight = weightElement?.trim() ? weightElement : byName.get('вес');
  take('weight', 'Вес', weight, (kg) => Math.round(kg * 1000));
  for (const [fact, name] of Object.entries(SIZE_REQUISITES) as [Exclude<Fact, 'weight'>, string][])
    take(fact, name, byName.get(name.toLowerCase()), Math.ceil);
  return { facts, problems };
}
