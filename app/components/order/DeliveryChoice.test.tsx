// @vitest-environment jsdom
import axe from 'axe-core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PickupPoint } from '../../../domain/delivery/pickup';
import type { OrderPageData } from '../../../domain/order/checkout.types';
import { DeliveryChoice } from './DeliveryChoice';
import { type CheckoutProps, useCheckout } from './useCheckout';
import { settleLazy } from '../../../tests/support/settle-lazy';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const api = vi.hoisted(() => ({
  getApi: vi.fn(),
  postApi: vi.fn(),
  postRpc: vi.fn(),
}));
vi.mock('~/lib/api', () => ({ ...api, pageOptions: () => ({ imgVersion: '1', siteId: 's1' }) }));
// The answers below are the state itself: no basket to read back.
vi.mock('../../../contract/basket-json', () => ({ orderPageFromJson: (data: unknown) => data }));

const LOCKER = { id: 7, name: 'Постамат 7', address: 'Москва, ул. Тестовая, 7', kind: 'locker' } as PickupPoint;

function stateWith(patch: Partial<OrderPageData> = {}): OrderPageData {
  return {
    city: { id: 1, name: 'Москва', region: '', isOther: false },
    deliveryType: 'COURIER',
    deliveryPrices: { COURIER: 450, PICKUP: 350, POCHTA: 300, SHOP: 0 },
    deliveryQuotes: {
      COURIER: { price: 450, daysMin: 1, daysMax: 2 },
      PICKUP: { price: 350, daysMin: 2, daysMax: 4 },
      LOCKER: { price: 0, daysMin: 1, daysMax: 1 },
      POCHTA: null,
    },
    addressList: [],
    deliveryIntervalList: {},
    deliveryIntervalDate: '',
    deliveryIntervalTime: '',
    pickupPointList: [],
    deliveryPickupPoint: null,
    shops: [],
    items: [],
    deliveryShopData: null,
    ...patch,
  } as unknown as OrderPageData;
}

const EKB = stateWith({
  city: { id: 900, name: 'Екатеринбург', region: 'Свердловская обл.', isOther: true },
  deliveryPrices: { COURIER: 600, PICKUP: 390, POCHTA: 420, SHOP: null },
});

let root: Root;
function Harness(props: CheckoutProps) {
  return <DeliveryChoice id="order" checkout={useCheckout(props)} />;
}
function draw(state: OrderPageData) {
  const props = {
    state,
    profile: { name: '', email: '', phone: '' },
    confirmedPhones: [],
    auth: false,
    imgVersion: '1',
    onlinePayment: false,
  };
  act(() => root.render(<Harness {...props} />));
}

beforeEach(() => {
  vi.useFakeTimers();
  for (const call of Object.values(api)) call.mockReset();
  document.body.innerHTML = '<div id="root"></div>';
  root = createRoot(document.getElementById('root') as HTMLElement);
});
afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const tab = (type: string) =>
  document.querySelector(`input[name="deliveryType"][value="${type}"]`)?.closest('label') ?? null;
const button = (text: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === text) as HTMLButtonElement;
const field = () => document.querySelector('input[role="combobox"]') as HTMLInputElement;
async function type(text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field(), text);
    field().dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settleLazy();
}
const key = (name: string) =>
  act(async () => {
    field().dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
  });

describe('the delivery tabs with the carrier’s quotes', () => {
  it('shows each type’s price and days («Курьер · 450 ₽ · 1–2 дня»), the price alone without a quote', () => {
    draw(stateWith());
    expect(tab('COURIER')?.textContent).toBe('Курьер450\u00a0₽ · 1–2\u00a0дня');
    expect(tab('PICKUP')?.textContent).toBe('Пункт выдачи350\u00a0₽ · 2–4\u00a0дня');
    expect(tab('POCHTA')?.textContent).toBe('Почта России300\u00a0₽');
    expect(tab('SHOP')?.textContent).toBe('Из магазинабесплатно');
  });

  it('goes by the locker’s quote when a locker is the chosen point', () => {
    draw(
      stateWith({
        deliveryType: 'PICKUP',
        deliveryPickupPoint: LOCKER,
        deliveryPrices: { COURIER: 450, PICKUP: 0, POCHTA: 300, SHOP: 0 },
      }),
    );
    expect(tab('PICKUP')?.textContent).toBe('Пункт выдачибесплатно · 1\u00a0день');
  });

  it('has no shop pickup in a town without shops', () => {
    draw(EKB);
    expect(tab('SHOP')).toBeNull();
    expect(tab('COURIER')).not.toBeNull();
  });

  it('has no serious accessibility violations (axe), the town field open', async () => {
    vi.useRealTimers();
    draw(stateWith());
    act(() => button('Изменить').click());
    await settleLazy();
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});

describe('the town of delivery on the order page', () => {
  it('types a town, makes it the region through user/location/yandex/set, and loads the order for it', async () => {
    api.getApi.mockResolvedValue({
      ok: true,
      data: { towns: [{ code: '250', name: 'Екатеринбург', region: 'Свердловская обл.' }] },
    });
    api.postApi.mockResolvedValue({ ok: true, data: { region: { id: 900 } } });
    api.postRpc.mockResolvedValue({ ok: true, data: EKB });
    draw(stateWith({ deliveryType: 'SHOP', deliveryShopData: { id: 3 } as OrderPageData['deliveryShopData'] }));
    expect(document.body.textContent).toContain('Город доставки:Москва');
    act(() => button('Изменить').click());
    await settleLazy();
    expect(document.activeElement).toBe(field());
    await type('Екат');
    await act(async () => vi.advanceTimersByTimeAsync(250));
    await settleLazy();
    expect(api.getApi).toHaveBeenCalledWith('deliveryTowns', new URLSearchParams({ q: 'Екат' }), expect.anything());
    await key('ArrowDown');
    await key('Enter');
    expect(api.postApi).toHaveBeenCalledWith('regionByAddress', { address: 'Екатеринбург, Свердловская обл.' });
    const [method, params] = api.postRpc.mock.lastCall ?? [];
    expect(method).toBe('sale.order.data');
    // The old town's shop is not asked for, nor shop pickup (the new town may have none).
    expect(params.deliveryShopId).toBeUndefined();
    expect(params.deliveryType).toBeUndefined();
    expect(document.body.textContent).toContain('Город доставки:Екатеринбург, Свердловская обл.');
    expect(field()).toBeNull();
    expect(tab('SHOP')).toBeNull();
  });

  it('says the server’s message when the town cannot be set, and keeps the field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.getApi.mockResolvedValue({
      ok: true,
      data: { towns: [{ code: '250', name: 'Екатеринбург', region: 'Свердловская обл.' }] },
    });
    api.postApi.mockResolvedValue({ ok: false, message: 'Город не найден', code: 'NOT_FOUND' });
    draw(stateWith());
    act(() => button('Изменить').click());
    await settleLazy();
    await type('Екат');
    await act(async () => vi.advanceTimersByTimeAsync(250));
    await settleLazy();
    await key('ArrowDown');
    await key('Enter');
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Город не найден');
    expect(api.postRpc).not.toHaveBeenCalled();
    expect(field()).not.toBeNull();
  });
});
