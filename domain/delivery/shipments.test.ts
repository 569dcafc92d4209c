import { describe, expect, it } from 'vitest';
import { isLate, statusAfter, trackingUrl } from './shipments';
import { carrierOfOrder, shipmentRequestOf } from './shipments.service';

describe("a shipment's status", () => {
  it('moves forward with the events and never back', () => {
    expect(statusAfter('registered', 'accepted')).toBe('in_transit');
    expect(statusAfter('in_transit', 'in_transit')).toBeNull();
    expect(statusAfter('in_transit', 'arrived')).toBe('arrived');
    expect(statusAfter('arrived', 'handed_over')).toBe('delivered');
    expect(statusAfter('arrived', 'refused')).toBe('returning');
    expect(statusAfter('delivered', 'in_transit')).toBeNull();
    expect(statusAfter('delivered', 'partly_handed_over')).toBeNull();
    expect(statusAfter('received', 'returned')).toBeNull();
    expect(isLate('delivered', 'in_transit')).toBe(true);
    expect(isLate('in_transit', 'accepted')).toBe(false);
  });

  it("links a number to its carrier's page", () => {
    expect(trackingUrl('cdek', '1234')).toBe('https://www.cdek.ru/ru/tracking?order_id=1234');
    expect(trackingUrl('test', 'TEST-000001')).toBe('/delivery/test/TEST-000001/');
    expect(trackingUrl(null, 'RA1')).toBe('https://www.pochta.ru/tracking?barcode=RA1');
  });
});

describe('the shipment the carrier is asked for', () => {
  const facts = {
    id: 23,
    status: 'assembling' as const,
    deliveryType: 'PICKUP' as const,
    delivery: { carrier: 'test', pointCode: 'MSK-7', kind: 'locker', townCode: '44', tryOn: true, partial: true },
    shopId: null,
    name: 'Анна',
    lastName: 'Иванова',
    phone: '79110000000',
    email: '',
    total: 1_050_000,
    paymentMethod: 'CASH' as const,
    trackingNumber: null,
    lines: [
      { offerId: 5, name: 'Пуховик', sizeName: '44', quantity: 1, total: 800_000, returned: false },
      { offerId: 6, name: 'Шарф', sizeName: '', quantity: 2, total: 200_000, returned: false },
      { offerId: 7, name: 'Шапка', sizeName: '', quantity: 1, total: 50_000, returned: true },
    ],
  };
  const parcels = new Map([
    [5, { weight: 1500, length: 50, width: 40, height: 15 }],
    [6, { weight: 200, length: 30, width: 20, height: 3 }],
  ]);

  it('carries the point, the recipient, the lines bought with their unit prices and weights, and the cash on receipt', () => {
    const request = shipmentRequestOf(facts, parcels);
    expect(request).toMatchObject({
      orderNumber: '100023',
      kind: 'locker',
      pointCode: 'MSK-7',
      townCode: '44',
      address: null,
      recipient: { name: 'Анна Иванова', phone: '79110000000', email: null },
      cashOnReceipt: 1_050_000,
      tryOn: true,
      partial: true,
    });
    expect(request.lines).toEqual([
      { article: '5', name: 'Пуховик, 44', quantity: 1, price: 800_000, weight: 1500 },
      { article: '6', name: 'Шарф', quantity: 2, price: 100_000, weight: 200 },
    ]);
    expect(request.parcel).toEqual({ weight: 1900, length: 50, width: 40, height: 21 });
    expect(shipmentRequestOf({ ...facts, paymentMethod: 'ONLINE' }, parcels).cashOnReceipt).toBe(0);
  });

  it("knows a carrier order: a carrier's point, or a courier priced by the carrier", () => {
    expect(carrierOfOrder(facts, 'test')).toBe('test');
    expect(
      carrierOfOrder({ deliveryType: 'COURIER', delivery: { quote: { price: 1 }, townCode: '270' } }, 'cdek'),
    ).toBe('cdek');
    expect(carrierOfOrder({ deliveryType: 'COURIER', delivery: { carrier: 'test', townCode: 'tomsk' } }, 'cdek')).toBe(
      'test',
    );
    // A courier priced by the table for a town the carrier does not know: no town code to send, the shop's courier.
    expect(
      carrierOfOrder({ deliveryType: 'COURIER', delivery: { quote: { price: 1, source: 'table' } } }, 'cdek'),
    ).toBeNull();
    expect(carrierOfOrder({ deliveryType: 'COURIER', delivery: {} }, 'cdek')).toBeNull();
    expect(carrierOfOrder({ deliveryType: 'SHOP', delivery: { carrier: 'test' } }, 'test')).toBeNull();
  });
});
