import type { CarrierPoint } from './carrier';
import { lowerFirst } from '../text/case';

/**
 * The carrier's pickup points and lockers as the shop keeps them (spec §3 Order `deliveryPickupPoint`, §7
 * `getByUserAddress`; issue 42: the carrier's code and what a clothing shopper chooses a point by).
 */
export interface PickupPoint extends CarrierPoint {
  /** The shop's row: the spec's `deliveryPickupPoint` id, and the town it is kept under. */
  id: number;
  cityId: number;
}

const STREET_KINDS = new Set(
  'ул улица пр проспект пр-т ш шоссе пер переулок б-р бульвар пл площадь наб набережная д дом кв г город'.split(' '),
);

/** «ул. Тверская, 18» → «тверская»: the street's own words, without its kind, numbers and the city's «г.». */
function streetKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[\s.,/]+/)
    .filter((word) => word && !STREET_KINDS.has(word) && !/\d/.test(word))
    .join(' ');
}

/**
 * The point for a shopper's address: the one on the same street when the address names one (the shop has no
 * geocoder offline, so a street is as near as it can place an address), else the city's first.
 */
export function pointForAddress(points: readonly PickupPoint[], address: string): PickupPoint | null {
  const wanted = ` ${streetKey(address)} `;
  // The longest street the address names wins: «Новый Арбат» is not «Арбат».
  let sameStreet: PickupPoint | undefined;
  let best = 2;
  for (const p of points) {
    const street = streetKey(p.address.split(', ').slice(1).join(', '));
    if (street.length > best && wanted.includes(` ${street} `)) [sameStreet, best] = [p, street.length];
  }
  return sameStreet ?? points[0] ?? null;
}

/**
 * A point as a sentence names it: «пункт выдачи …» or «постамат …» before its name, unless the carrier's name says
 * what it is already («Пункт выдачи «Снежный экспресс» № 951»: then its first letter lower-cased, mid-sentence).
 */
export function pointTitle(kind: 'point' | 'locker' | undefined, name: string): string {
  const named = name.trim();
  if (/^(пункт|постамат)/i.test(named)) return lowerFirst(named);
  return `${kind === 'locker' ? 'постамат' : 'пункт выдачи'} ${name}`.trim();
}
