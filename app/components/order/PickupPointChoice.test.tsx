// @vitest-environment jsdom
import axe from 'axe-core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PickupPoint } from '../../../domain/delivery/pickup';
import type { OrderPageData } from '../../../domain/order/checkout.types';
import { pointQuote, quoteText } from './delivery-quote';
import { PickupPointChoice } from './PickupPointChoice';
import type { Checkout } from './useCheckout';
import { settleLazy } from '../../../tests/support/settle-lazy';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** 45 points over Moscow: every third has a fitting room, every fifth is a locker, the even ones take cards. */
const POINTS: PickupPoint[] = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  cityId: 1,
  code: `MSK${i + 1}`,
  name: i % 5 === 4 ? `Постамат ${i + 1}` : `Пункт ${i + 1}`,
  address: `Москва, ул. Тестовая, ${i + 1}`,
  hours: 'Пн–Вс 10:00–21:00',
  phone: '+7 495 000-00-00',
  lat: 55.6 + (i % 9) * 0.03,
  lon: 37.4 + Math.floor(i / 9) * 0.06,
  kind: i % 5 === 4 ? 'locker' : 'point',
  fittingRoom: i % 3 === 0,
  tryOn: i % 3 === 0,
  card: i % 2 === 1,
  cash: i % 5 !== 4,
  cashOnReceipt: i % 5 !== 4,
  weightMax: i % 5 === 4 ? 15000 : null,
}));

function stateWith(patch: Partial<OrderPageData> = {}): OrderPageData {
  return {
    city: { id: 1, name: 'Москва', region: '', isOther: false },
    pickupPointList: POINTS,
    deliveryPickupPoint: null,
    deliveryQuotes: {
      COURIER: { price: 450, daysMin: 1, daysMax: 2 },
      PICKUP: { price: 350, daysMin: 2, daysMax: 4 },
      LOCKER: { price: 0, daysMin: 1, daysMax: 1 },
      POCHTA: null,
    },
    ...patch,
  } as OrderPageData;
}

let root: Root;
const refresh = vi.fn();
async function draw(state: OrderPageData) {
  // The delivery choice's own line (DeliveryChoice): the point's kind priced as the tabs are.
  const quoteLine = (point: PickupPoint) => {
    const quote = pointQuote(state, point);
    return quote && quoteText(quote);
  };
  act(() =>
    root.render(<PickupPointChoice checkout={{ state, refresh } as unknown as Checkout} quoteLine={quoteLine} />),
  );
  await settleLazy();
}

beforeEach(() => {
  refresh.mockReset();
  // No maps key on the page: the shop's own map.
  document.body.innerHTML = '<form><div id="root"></div></form>';
  root = createRoot(document.getElementById('root') as HTMLElement);
});
afterEach(() => act(() => root.unmount()));

const cards = () => [...document.querySelectorAll('li label')] as HTMLLabelElement[];
const radio = (i: number) => document.querySelectorAll<HTMLInputElement>('li label input')[i] as HTMLInputElement;
const names = () => cards().map((c) => c.querySelector('span span')?.textContent);
const button = (text: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent?.startsWith(text)) as HTMLButtonElement;
const click = (element: HTMLElement) => act(() => element.click());

describe('the pickup points: list, filters and map', () => {
  it('pages the list by 20 with «Показать ещё», so thousands of points are never rendered at once', async () => {
    await draw(stateWith());
    expect(cards()).toHaveLength(20);
    expect(button('Показать ещё').textContent).toContain('показано 20 из 45');
    click(button('Показать ещё'));
    expect(cards()).toHaveLength(40);
    click(button('Показать ещё'));
    expect(cards()).toHaveLength(45);
    expect(button('Показать ещё')).toBeUndefined();
  });

  it('shows each point with its address, hours, phone, badges and its kind’s price and days', async () => {
    await draw(stateWith());
    const [first, , , , fifth, , , , , tenth] = cards();
    expect(first?.textContent).toContain('Пункт 1');
    expect(first?.textContent).toContain('Москва, ул. Тестовая, 1');
    expect(first?.textContent).toContain('Пн–Вс 10:00–21:00');
    expect(first?.textContent).toContain('+7 495 000-00-00');
    const badges = (card?: HTMLElement) =>
      [...(card?.querySelectorAll('span span span') ?? [])].map((b) => b.textContent);
    expect(badges(first)).toEqual(['Примерочная', 'Оплата наличными']);
    expect(first?.textContent).toContain('350\u00a0₽ · 2–4\u00a0дня');
    expect(badges(fifth)).toEqual(['Постамат']);
    expect(fifth?.textContent).toContain('Бесплатно · 1\u00a0день');
    expect(badges(tenth)).toEqual(['Примерочная', 'Постамат', 'Оплата картой']);
  });

  it('narrows the list and the map with the filters, which add up and are toggle buttons', async () => {
    await draw(stateWith());
    const fitting = button('Есть примерочная');
    expect(fitting.getAttribute('aria-pressed')).toBe('false');
    click(fitting);
    expect(fitting.getAttribute('aria-pressed')).toBe('true');
    // Ids 1, 4, 7, … 43: fifteen points with a fitting room.
    expect(names()).toHaveLength(15);
    expect(names().every((n) => Number(n?.split(' ')[1]) % 3 === 1)).toBe(true);
    click(button('Оплата картой'));
    // A fitting room and cards: i % 3 === 0 and i odd → ids 4, 10, 16, …, 40.
    expect(names()).toEqual(['Пункт 4', 'Постамат 10', 'Пункт 16', 'Пункт 22', 'Пункт 28', 'Пункт 34', 'Постамат 40']);
    click(button('Оплата картой'));
    click(button('Есть примерочная'));
    click(button('Постамат'));
    expect(names().every((n) => n?.startsWith('Постамат'))).toBe(true);
    expect(names()).toHaveLength(9);
    // The map holds only the filtered points too.
    const onMap = [...document.querySelectorAll('section button')]
      .map((b) => b.getAttribute('aria-label') ?? '')
      .filter((l) => l !== 'Приблизить' && l !== 'Отдалить');
    const counted = onMap.reduce((n, l) => n + (l.startsWith('Постамат') ? 1 : Number.parseInt(l, 10)), 0);
    expect(counted).toBe(9);
  });

  it('says when the filters leave nothing and resets them', async () => {
    await draw(stateWith({ pickupPointList: POINTS.filter((p) => p.kind === 'point') }));
    click(button('Постамат'));
    expect(document.body.textContent).toContain('Нет пунктов с такими условиями');
    click(button('Сбросить фильтры'));
    expect(cards()).toHaveLength(20);
  });

  it('sets the order’s point from the list and from the map, and shows the chosen point in both', async () => {
    await draw(stateWith());
    act(() => radio(2).click());
    expect(refresh).toHaveBeenCalledWith({ deliveryPickupPointId: 3 });
    // The server answers the point chosen (here one beyond the first page): the list shows it first, checked.
    const chosen = POINTS[37] as PickupPoint;
    await draw(stateWith({ deliveryPickupPoint: chosen }));
    expect(names()[0]).toBe('Пункт 38');
    expect(radio(0).checked).toBe(true);
    expect(document.querySelector('[role="status"]')?.textContent).toBe(`Выбран пункт: Пункт 38, ${chosen.address}`);
    const marker = document.querySelector(`section button[aria-label="Пункт 38, ${chosen.address}"]`);
    expect(marker?.getAttribute('aria-pressed')).toBe('true');
  });

  it('a marker on the map chooses its point', async () => {
    const apart = [POINTS[0], POINTS[8], POINTS[44]] as PickupPoint[];
    await draw(stateWith({ pickupPointList: apart, deliveryPickupPoint: POINTS[0] as PickupPoint }));
    click(document.querySelector(`section button[aria-label="Пункт 9, ${POINTS[8]?.address}"]`) as HTMLButtonElement);
    expect(refresh).toHaveBeenCalledWith({ deliveryPickupPointId: 9 });
  });

  it('says when the town has no points', async () => {
    await draw(stateWith({ pickupPointList: [] }));
    expect(document.body.textContent).toContain('В вашем городе пока нет пунктов выдачи.');
  });

  it('has no serious accessibility violations (axe)', async () => {
    await draw(stateWith({ deliveryPickupPoint: POINTS[0] as PickupPoint }));
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
