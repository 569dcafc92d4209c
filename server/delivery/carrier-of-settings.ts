import { deliveryProviderOf, type Settings } from '../../config/settings';
import type { Carrier, CarrierTown } from '../../domain/delivery/carrier';
import { TEST_FROM } from './test-carrier/geography';
import { type TestParcels, testCarrier } from './test-carrier';

export type DeliverySettings = Pick<
  Settings,
  | 'DELIVERY_PROVIDER'
  | 'CDEK_CLIENT_ID'
  | 'CDEK_CLIENT_SECRET'
  | 'CDEK_API_URL'
  | 'CDEK_FROM'
  | 'CDEK_TARIFFS'
  | 'SITE_URL'
>;

/** The carrier in force and the town the shop's parcels leave from (the `from` of every quote). */
export interface CarrierInForce {
  carrier: Carrier;
  from: CarrierTown;
}

export interface CarrierMakers {
  /** The test carrier's parcels: its table and page (server/delivery/test-carrier/parcels.ts). */
  testParcels: () => TestParcels;
  /** The CDEK adapter (server/delivery/cdek.ts), made by the composition root with the shipments' keys. */
  cdek: (settings: DeliverySettings) => Carrier;
}

/** The town part of `CDEK_FROM` ("MSK123:44" → 44): the sender's town every CDEK quote starts from. */
const cdekFromTown = (cdekFrom: string | undefined): CarrierTown => ({
  code: cdekFrom?.split(':')[1] ?? '44',
  name: '',
  region: '',
  lat: null,
  lon: null,
  postcode: null,
});

/**
 * The carrier the settings choose (`deliveryProviderOf`): the test carrier, CDEK, or none (null: only the shop's own
 * courier table and pickup from its shops).
 */
export function carrierOfSettings(settings: DeliverySettings, makers: CarrierMakers): CarrierInForce | null {
  const provider = deliveryProviderOf(settings);
  if (provider === 'none') return null;
  if (provider === 'test') return { carrier: testCarrier(makers.testParcels()), from: TEST_FROM };
  return { carrier: makers.cdek(settings), from: cdekFromTown(settings.CDEK_FROM) };
}

/** The start log's line saying which carrier is on; `warn` for the test carrier (no parcel really travels). */
export function deliveryStartLine(settings: DeliverySettings): { level: 'info' | 'warn'; text: string } {
  const provider = deliveryProviderOf(settings);
  if (provider === 'cdek') return { level: 'info', text: 'доставка: СДЭК' };
  if (provider === 'test')
    return {
      level: 'warn',
      text: 'доставка: тестовый перевозчик (посылки никуда не едут); для живого магазина задайте ключи СДЭК или DELIVERY_PROVIDER=none',
    };
  return { level: 'info', text: 'доставка: только курьер магазина и самовывоз из магазинов (перевозчик выключен)' };
}
