import { CarrierError } from '../../domain/delivery/carrier';
import type { TestParcels } from '../../server/delivery/test-carrier';

/** The test carrier's parcels for tests of its towns, points and prices alone: registering is refused. */
export const noParcels: TestParcels = {
  register: async () => {
    throw new CarrierError('В этом тесте посылки не регистрируются.', false, 'NOT_WIRED');
  },
  label: async () => {
    throw new CarrierError('В этом тесте этикеток нет.', false, 'NOT_WIRED');
  },
  track: async () => [],
  cancel: async () => true,
};
