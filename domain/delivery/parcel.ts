import type { Parcel } from './carrier';

/** What one unit of an offer weighs and measures packed (grams, centimetres), as the catalogue keeps it. */
export type ParcelFacts = Parcel;

/** A unit's facts when neither the product nor its section says: a folded jacket in its bag. */
export const DEFAULT_PARCEL: ParcelFacts = { weight: 1000, length: 40, width: 30, height: 10 };

/**
 * The basket's parcel: the weights add up, the units are stacked flat in one box (the longest length and width,
 * the heights added), as a shop's packer puts clothes in a carton.
 */
export function parcelOf(lines: readonly { quantity: number; facts: ParcelFacts }[]): Parcel {
  const parcel: Parcel = { weight: 0, length: 0, width: 0, height: 0 };
  for (const { quantity, facts } of lines) {
    parcel.weight += facts.weight * quantity;
    parcel.length = Math.max(parcel.length, facts.length);
    parcel.width = Math.max(parcel.width, facts.width);
    parcel.height += facts.height * quantity;
  }
  return parcel;
}

/** Whether a point takes the parcel: a locker or a point with a weight limit refuses a heavier one. */
export const pointTakes = (point: { weightMax: number | null }, parcel: Parcel): boolean =>
  point.weightMax === null || parcel.weight <= point.weightMax;
