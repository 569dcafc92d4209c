import { DEMO_COMPANY } from '../content/company';
import { GUEST } from '../auth/user';
import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../context';
import type { TransactionRepositories } from '../uow';
import { createCheckoutService } from './checkout.service';
import type { SaveInput } from './checkout.types';
import { PLACE_ORDER_STEPS, type PlaceStep } from './place-order';
import type { CheckoutRepository, OrderLineFacts } from './ports';

const PHONE = '79110000000';
const line: OrderLineFacts = {
  lineId: 1,
  offerId: 10,
  productId: 100,
  name: 'Пуховик «Вьюга»',
  sizeName: '48',
  price: 1_000_000,
  oldPrice: null,
  quantity: 1,
  sectionPath: [1],
  brandId: 1,
};
const ctx: RequestContext = {
  requestId: 'r1',
  sessionId: 's1',
  actor: { kind: 'visitor' },
  city: null,
  client: '127.0.0.1',
  now: () => new Date('2026-11-26T09:00:00Z'),
};
const input: SaveInput = {
  idempotencyKey: 'key-00000001',
  deliveryType: 'SHOP',
  deliveryShopId: 1,
  name: 'Анна',
  email: '',
  phone: PHONE,
  comment: '',
  isDisabledCall: false,
};

/** A guest's cart of one line for shop 1; `stockLeft` says whether the transaction finds the unit. */
function checkout(steps: readonly PlaceStep[], stockLeft: boolean, changes: Partial<CheckoutRepository> = {}) {
  const repo: Partial<CheckoutRepository> = {
    confirmedPhones: async () => [PHONE],
    orderByKey: async () => null,
    ordersSince: async () => 0,
    orderLines: async () => [line],
    shopFor: async () => ({
      name: 'ТЦ «Север»',
      address: 'Тверская, 1',
      reservable: true,
      timeZone: 'Europe/Moscow',
      weekHours: null,
      holidays: [],
      source: 'shop',
    }),
    shopsOf: async () => ({
      shops: [],
      allowedShopIds: new Map([[line.offerId, [1]]]),
      allowedMovementStoreIds: new Map(),
      warehouseStock: new Map(),
    }),
    sessionPromoCodes: async () => [],
    deliveryPrices: async () => ({}),
    soldOutLines: async () => [],
    ...changes,
  };
  const written: string[] = [];
  const tx = {
    stock: { take: async () => (stockLeft ? [{ offerId: line.offerId, storeId: 1, quantity: 1 }] : null) },
    orders: {
      lockPhoneOrdersSince: async () => 0,
      insert: async () => 42,
      clearTaken: async () => void written.push('basket cleared'),
    },
    consents: { record: async () => {} },
    outbox: { enqueue: async () => void written.push('sms queued') },
  } as unknown as TransactionRepositories;
  const service = createCheckoutService({
    company: DEMO_COMPANY,
    repo: repo as CheckoutRepository,
    basket: { state: async () => ({}) as never },
    uow: { run: (work) => work(tx) },
    ordersPerPhoneDay: 5,
    orderLink: (id) => `/order/?ORDER_ID=${id}`,
    newsletter: { letterAllowed: async () => true, subscribeWithin: async () => {} },
    payment: { online: false, ttlMinutes: 30 },
    payments: { start: async () => ({ confirmationUrl: '' }) },
    currentUser: async () => GUEST,
    cardTries: { lookUp: async () => ({ card: null, problem: null }) },
    placeSteps: steps,
  });
  return { service, written };
}

/** The default steps with `step` slotted in after the one named `after`, the others untouched. */
const slotIn = (step: PlaceStep, after: string) => {
  const at = PLACE_ORDER_STEPS.findIndex((s) => s.name === after) + 1;
  return [...PLACE_ORDER_STEPS.slice(0, at), step, ...PLACE_ORDER_STEPS.slice(at)];
};

describe('placing an order as named steps', () => {
  it('names each step, in order: the checks, then the writes of the one transaction', () => {
    expect(PLACE_ORDER_STEPS.map((s) => [s.name, s.inTransaction === true])).toEqual([
      ['check phone', false],
      ['refuse a blocked customer', false],
      ['answer a repeated save', false],
      ['choose payment', false],
      ['limit orders per phone', false],
      ['load lines', false],
      ['choose delivery', false],
      ['price', false],
      ['count the news letter', false],
      ['count the phone’s orders', true],
      ['take stock', true],
      ['take promo codes', true],
      ['spend bonuses', true],
      ['insert order', true],
      ['note promo use', true],
      ['clear basket', true],
      ['record consent', true],
      ['subscribe to news', true],
      ['queue letter and SMS', true],
    ]);
  });

  it('undoes a payment hold slotted in before the transaction when the transaction fails', async () => {
    const log: string[] = [];
    const hold: PlaceStep = {
      name: 'hold payment',
      run: async (_, draft) => void log.push(`hold ${draft.totals.total}`),
      compensate: async (_, draft) => void log.push(`release ${draft.totals.total}`),
    };
    const sold = checkout(slotIn(hold, 'price'), false);
    await expect(sold.service.save(ctx, input)).rejects.toMatchObject({ code: 'sale.order/NOT_ENOUGH_STOCK' });
    expect(log).toEqual(['hold 1000000', 'release 1000000']);
    expect(sold.written).toEqual([]);

    log.length = 0;
    const placed = checkout(slotIn(hold, 'price'), true);
    await expect(placed.service.save(ctx, input)).resolves.toEqual({ id: 42 });
    expect(log).toEqual(['hold 1000000']);
    expect(placed.written).toEqual(['basket cleared', 'sms queued']);
  });

  it('names the size sold out since the page was shown, not the check that tripped on it', async () => {
    const soldOut = { soldOutLines: async () => [line] };
    const shopGone = checkout(PLACE_ORDER_STEPS, true, { ...soldOut, shopFor: async () => null });
    await expect(shopGone.service.save(ctx, input)).rejects.toMatchObject({
      code: 'sale.order/NOT_ENOUGH_STOCK',
      message: '«Пуховик «Вьюга»», размер 48: столько нет в наличии.',
    });
    const cartGone = checkout(PLACE_ORDER_STEPS, true, { ...soldOut, orderLines: async () => [] });
    await expect(cartGone.service.save(ctx, input)).rejects.toMatchObject({ code: 'sale.order/NOT_ENOUGH_STOCK' });
    const shopClosed = checkout(PLACE_ORDER_STEPS, true, { shopFor: async () => null });
    await expect(shopClosed.service.save(ctx, input)).rejects.toMatchObject({ code: 'sale.order/SHOP_NOT_ALLOWED' });
  });

  it('refuses a step list that would split the database writes into two transactions', () => {
    const outside: PlaceStep = { name: 'call the bank', run: async () => {} };
    expect(() => checkout(slotIn(outside, 'insert order'), true)).toThrow('must stand together');
  });

  it('refuses a step after the transaction: the saved order could not be undone with it', () => {
    const export1C: PlaceStep = { name: 'export to 1C', run: async () => {}, compensate: async () => {} };
    expect(() => checkout([...PLACE_ORDER_STEPS, export1C], true)).toThrow('No step may follow');
  });
});
