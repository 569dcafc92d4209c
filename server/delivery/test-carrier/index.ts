import { type Carrier, CarrierError } from '../../../domain/delivery/carrier';
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

/**
 * INTEGRATOR: until the test carrier's parcels (`parcels.ts`, `testCarrierParcels(store)`) are wired in
 * server/services.ts, registering a parcel is refused with a plain reason.
 */
export const parcelsNotWired: TestParcels = {
  register: async () => {
    throw new CarrierError('Тестовый перевозчик пока не регистрирует посылки.', false, 'NOT_WIRED');
  },
  label: async () => {
    throw new CarrierError('Тестовый перевозчик пока не печатает этикетки.', false, 'NOT_WIRED');
  },
  track: async () => [],
  cancel: async () => true,
};
