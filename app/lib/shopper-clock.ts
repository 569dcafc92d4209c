import { type DateStyle, formatDate, formatFor, MOSCOW } from '../../domain/text/dates';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../root';

/**
 * A shopper's dates: `when(at)` on the clock of the city they chose; `whenIn(at, zone)` on a shop's clock (the day a
 * shop keeps an order until), labelled with that zone's name when it is not the shopper's.
 */
export function useShopperClock() {
  const zone = (useRouteLoaderData('root') as RootData | undefined)?.city?.timeZone ?? MOSCOW;
  return {
    zone,
    when: (at: Date | string, style: DateStyle = 'dateTime') => formatDate(at, style, zone),
    whenIn: (at: Date | string, timeZone: string | null, style: DateStyle = 'dateTime') =>
      formatFor(at, style, timeZone ?? zone, zone),
  };
}
