import type { Carrier } from '../../../domain/delivery/carrier';
import { pointsOf, quoteOf, townsStarting } from './geography';

/** What the test carrier does with parcels (its table and its page, `parcels.ts`). */
export type TestParcels = Pick<Carrier, 'register' | 'label' | 'track' | 'cancel'>;

/**
 * The embedded test carrier (issue 42.4), the default when no carrier is configured: deterministic towns, points
 * and prices from `geography.ts`, and the parcels part it is given.
 */
export function testCarrier(parcels: TestParcels): Carrier {
  return {
    name: 'test',
    towns: async (query) => townsStarting(query),
    points: async (town) => pointsOf(town),
    quote: async (parcel, from, to) => quoteOf(parcel, from, to),
    register: (shipment) => parcels.register(shipment),
    label: (shipment) => parcels.label(shipment),
    track: (shipment) => parcels.track(shipment),
    cancel: (shipment) => parcels.cancel(shipment),
  };
}
