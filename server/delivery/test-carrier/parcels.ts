import { type Carrier, CarrierError, type RegisteredShipment, type TrackEvent } from '../../../domain/delivery/carrier';
import { formatAmount } from '../../../domain/pricing/price';
import type { TestDeliveryDesk } from '../../../domain/delivery/shipments';
import type { TestCarrierStore, TestParcel } from '../../../db/repositories/test-carrier';
import { labelPdf } from './label-pdf';

/** The carrier port's shipment half, and the parcel behind a shipment (for the carrier's page). */
export type TestCarrierParcels = Pick<Carrier, 'register' | 'label' | 'track' | 'cancel'> & {
  parcel(shipment: RegisteredShipment): Promise<TestParcel>;
};

/** The test carrier's number of its parcel `id`: `TEST-000123`. */
export const testParcelNumber = (id: number) => `TEST-${String(id).padStart(6, '0')}`;

/** Its parcel's id from a number or a carrier id; null for what is not one of its numbers. */
export function testParcelId(text: string): number | null {
  const match = /^(?:TEST-)?(\d{1,9})$/.exec(text.trim());
  return match ? Number(match[1]) : null;
}

/** Where its page lives, a page of the shop itself. */
export const testDeliveryPath = (number: string) => `/delivery/test/${encodeURIComponent(number)}/`;

const registered = (p: TestParcel): RegisteredShipment => ({ number: testParcelNumber(p.id), carrierId: String(p.id) });

/**
 * The embedded test carrier's shipments (issue 42.4): it keeps its own books, registers once per order number,
 * prints a real PDF label, answers its events (moved by its page's buttons) and cancels a parcel it does not hold yet.
 * A shipment it refuses (no point and no address) is refused in Russian, as a carrier would.
 */
export function testCarrierParcels(store: TestCarrierStore): TestCarrierParcels {
  const found = async (shipment: RegisteredShipment) => {
    const id = testParcelId(shipment.carrierId) ?? testParcelId(shipment.number);
    const p = id === null ? null : await store.get(id);
    if (!p) throw new CarrierError('Отправление не найдено у тестового перевозчика.', false, 'NOT_FOUND');
    return p;
  };
  return {
    parcel: found,
    async register(shipment) {
      if (!shipment.pointCode && !shipment.address)
        throw new CarrierError('Не указан пункт выдачи или адрес получателя.', false, 'NO_DESTINATION');
      if (!shipment.recipient.phone) throw new CarrierError('Не указан телефон получателя.', false, 'NO_PHONE');
      if (shipment.lines.length === 0) throw new CarrierError('В отправлении нет товаров.', false, 'NO_LINES');
      return registered(await store.register(shipment));
    },
    async label(shipment) {
      const p = await found(shipment);
      const s = p.shipment;
      return labelPdf([
        testParcelNumber(p.id),
        'Тестовая доставка',
        `Заказ ${s.orderNumber}`,
        `Получатель: ${s.recipient.name}, ${s.recipient.phone}`,
        s.pointCode ? `Пункт выдачи: ${s.pointCode}` : `Адрес: ${s.address ?? ''}`,
        `Вес: ${s.parcel.weight} г, ${s.parcel.length}x${s.parcel.width}x${s.parcel.height} см`,
        s.cashOnReceipt > 0 ? `Наложенный платёж: ${formatAmount(s.cashOnReceipt)}` : 'Оплачен',
        s.tryOn ? 'Примерка разрешена' : 'Без примерки',
      ]);
    },
    async track(shipment): Promise<TrackEvent[]> {
      return (await found(shipment)).events;
    },
    async cancel(shipment) {
      const p = await found(shipment);
      return store.cancel(p.id);
    },
  };
}

/** What the test carrier's page reads and moves: a parcel by its number, and the events its buttons append. */
export function testDeliveryDesk(store: TestCarrierStore): TestDeliveryDesk {
  const byNumber = async (number: string) => {
    const id = testParcelId(number);
    return id === null ? null : store.get(id);
  };
  return {
    async parcel(number) {
      const p = await byNumber(number);
      if (!p) return null;
      const s = p.shipment;
      return {
        number: testParcelNumber(p.id),
        carrierId: String(p.id),
        orderNumber: s.orderNumber,
        recipient: `${s.recipient.name}, ${s.recipient.phone}`,
        destination: s.pointCode ? `Пункт выдачи ${s.pointCode}` : (s.address ?? ''),
        lines: s.lines.map((l) => ({ article: l.article, name: l.name, quantity: l.quantity })),
        events: p.events,
        cancelled: p.cancelled,
      };
    },
    async append(number, event) {
      const p = await byNumber(number);
      return p ? (await store.append(p.id, event)) !== null : false;
    },
  };
}

/**
 * The test carrier for the shipments alone, until the checkout's `testCarrier(parcels)` (./index.ts) is merged: its
 * towns, points and quotes are that module's. The integrator replaces this with `testCarrier(parcels)`.
 */
export function shipmentsOnlyTestCarrier(parcels: Pick<Carrier, 'register' | 'label' | 'track' | 'cancel'>): Carrier {
  const none = async (): Promise<never> => {
    throw new CarrierError('Города и тарифы тестового перевозчика ещё не подключены.', false, 'NOT_WIRED');
  };
  return { name: 'test', towns: none, points: none, quote: none, ...parcels };
}
