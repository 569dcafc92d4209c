import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierPlacesRepository } from '../../db/repositories/carrier-places';
import { checkoutRepository } from '../../db/repositories/checkout';
import { deliveryQuotesRepository } from '../../db/repositories/delivery-quotes';
import { offerParcels } from '../../db/repositories/parcels';
import { regionsRepository } from '../../db/repositories/regions';
import type { RequestContext } from '../../domain/context';
import type { Carrier } from '../../domain/delivery/carrier';
import { createPlacesService } from '../../domain/delivery/places.service';
import { createQuotes } from '../../domain/delivery/quotes';
import type { SaveInput } from '../../domain/order/checkout.types';
import { type CarrierDelivery, deliveryOffer } from '../../domain/order/carrier-delivery';
import { deliveryOf } from '../../domain/order/delivery-choice';
import type { OrderLineFacts } from '../../domain/order/ports';
import type { City } from '../../domain/regions/ports';
import { quoteOf, TEST_FROM, townByCode } from '../../server/delivery/test-carrier/geography';
import { testCarrier } from '../../server/delivery/test-carrier';
import { noParcels } from '../support/no-parcels';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let city: City;
const line = { offerId: 1, quantity: 1 } as OrderLineFacts;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const working = testCarrier(noParcels);
/** The test carrier whose quotes never come. */
const hanging: Carrier = { ...working, quote: () => new Promise(() => {}) };

/** Checkout's delivery through this carrier, with a cache of its own (a fresh process). */
function deliveryThrough(carrier: Carrier): CarrierDelivery {
  const db = app.database.db;
  return {
    places: createPlacesService({ carrier, repo: carrierPlacesRepository(db), phones: [], limit: async () => {} }),
    quotes: createQuotes({ carrier, from: TEST_FROM, last: deliveryQuotesRepository(db) }),
    parcels: offerParcels(db),
  };
}

const ctxIn = (c: City) => ({ city: c, now: () => new Date() }) as unknown as RequestContext;

async function offerThrough(carrier: Carrier) {
  const started = Date.now();
  const offer = await deliveryOffer(
    deliveryThrough(carrier),
    checkoutRepository(app.database.db),
    ctxIn(city),
    [line],
    null,
  );
  return { offer, ms: Date.now() - started };
}

describe('a carrier that does not answer', () => {
  beforeAll(async () => {
    const id = await deliveryThrough(working).places.cityOfAddress('Омск, Омская обл.');
    city = (await regionsRepository(app.database.db).city({ id: id ?? 0 })) ?? expect.unreachable();
  });

  it('is charged at the table price within about a second when no good price is known', async () => {
    const { offer, ms } = await offerThrough(hanging);
    expect(ms).toBeLessThan(2000);
    expect(offer.quotes.PICKUP).toMatchObject({ price: 25_000, source: 'table' });
    expect(offer.quotes.COURIER).toMatchObject({ price: 39_000, source: 'table' });
    expect(offer.points.length).toBeGreaterThan(0);
  });

  it('is charged at its last good price for the town and weight band, and the order keeps which', async () => {
    const good = await offerThrough(working);
    expect(good.offer.quotes.PICKUP?.source).toBe('carrier');
    const omsk = townByCode('omsk') ?? expect.unreachable();
    const point = quoteOf({ weight: 1000, length: 40, width: 30, height: 10 }, TEST_FROM, omsk).find(
      (q) => q.kind === 'point',
    );
    const { offer, ms } = await offerThrough(hanging);
    expect(ms).toBeLessThan(2000);
    expect(offer.quotes.PICKUP).toEqual({
      price: point?.price,
      daysMin: point?.daysMin,
      daysMax: point?.daysMax,
      source: 'last',
    });
    const chosen = offer.points.find((p) => p.kind === 'point') ?? expect.unreachable();
    const delivery = await deliveryOf(
      checkoutRepository(app.database.db),
      ctxIn(city),
      { deliveryType: 'PICKUP', deliveryPickupPointId: chosen.id } as SaveInput,
      [line],
      false,
      offer,
    );
    expect(delivery).toMatchObject({ pointCode: chosen.code, quote: { source: 'last', price: point?.price } });
    // Another weight band has no last price: the table's.
    const heavy = await deliveryOffer(
      deliveryThrough(hanging),
      checkoutRepository(app.database.db),
      ctxIn(city),
      [{ ...line, quantity: 8 }],
      null,
    );
    expect(heavy.quotes.PICKUP?.source).toBe('table');
  });
});
