import type { PickupPoint } from '../../../domain/delivery/pickup';

/** The list's and the map's filters of pickup points: each one on narrows them (they add up). */
export interface PickupFilters {
  fittingRoom: boolean;
  card: boolean;
  locker: boolean;
}

export const NO_FILTERS: PickupFilters = { fittingRoom: false, card: false, locker: false };

export const FILTER_LABELS: [keyof PickupFilters, string][] = [
  ['fittingRoom', 'Есть примерочная'],
  ['card', 'Оплата картой'],
  ['locker', 'Постамат'],
];

export function filterPoints(points: readonly PickupPoint[], filters: PickupFilters): PickupPoint[] {
  return points.filter(
    (p) =>
      (!filters.fittingRoom || p.fittingRoom) && (!filters.card || p.card) && (!filters.locker || p.kind === 'locker'),
  );
}
