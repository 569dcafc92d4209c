import { useRouteLoaderData } from 'react-router';
import { type DateStyle, formatDate, formatFor, MOSCOW } from '../../domain/text/dates';

/** The back office's layout route: its loader tells the member's clock. */
const LAYOUT = 'routes/admin/layout';

/** The zone a staff member reads times in: their shop's, or Moscow's (the layout's loader says which). */
export function useStaffZone(): string {
  const layout = useRouteLoaderData(LAYOUT) as { timeZone?: string } | undefined;
  return layout?.timeZone ?? MOSCOW;
}

/**
 * A staff page's dates: `when(at)` on the member's own clock; `whenIn(at, zone)` on another's (a shop's «хранится до»),
 * labelled with that zone's name when it is not the member's.
 */
export function useStaffClock() {
  const zone = useStaffZone();
  return {
    zone,
    when: (at: Date | string, style: DateStyle = 'dateTime') => formatDate(at, style, zone),
    whenIn: (at: Date | string, timeZone: string, style: DateStyle = 'dateTime') =>
      formatFor(at, style, timeZone, zone),
  };
}
