// @vitest-environment jsdom
import { shopFetch } from '../../../tests/support/shop-fetch';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Basket, BasketLine } from '../../../domain/basket/basket';
import { BuyButtons, type BuyButtonsProps } from './BuyButtons';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function line(offerId: number, quantity = 1): BasketLine {
  return {
    id: offerId * 10,
    quantity,
    lineTotal: 100_000 * quantity,
    maxQuantity: 5,
    canBuy: true,
    product: {
      id: 1,
      name: 'Пуховик',
      brandName: 'Норд',
      category: 'пуховик',
      color: 'Чёрный',
      url: '/product/p/',
      image: null,
    },
    offer: { id: offerId, sizeId: '48', sizeName: '48', price: 100_000, oldPrice: null, colorName: 'Чёрный' },
  };
}

function basket(available: BasketLine[], delay: BasketLine[] = []): Basket {
  return {
    available,
    delay,
    availableCount: available.reduce((s, l) => s + l.quantity, 0),
    delayCount: delay.length,
    delayUrl: '/lk/like/',
    cartUrl: '/basket/',
    totals: { quantity: 0, base: 0, discount: 0, discountPercent: 0, total: 0 },
  };
}

let root: Root;
let container: HTMLDivElement;
let answers: Record<string, unknown>;

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(
      shopFetch('S', (url) =>
        Promise.resolve(new Response(JSON.stringify(answers[url] ?? { status: 'ok', data: {} }))),
      ),
    ),
  );
});
afterEach(() => {
  act(() => root.unmount());
  vi.unstubAllGlobals();
});

function render(props: BuyButtonsProps) {
  act(() =>
    root.render(
      <MemoryRouter>
        <BuyButtons {...props} />
      </MemoryRouter>,
    ),
  );
}

const button = (name: RegExp) =>
  [...container.querySelectorAll('button')].find((b) =>
    name.test(b.textContent + (b.getAttribute('aria-label') ?? '')),
  ) as HTMLButtonElement;

describe('BuyButtons', () => {
  it('asks for a size while none is chosen', () => {
    render({ offerId: null, canBuy: false, reason: null });
    expect(button(/В корзину/).disabled).toBe(true);
    expect(button(/Отложить/).disabled).toBe(true);
    expect(container.textContent).toContain('Выберите размер');
  });

  it('is disabled with the reason when the offer cannot be bought online', () => {
    render({ offerId: 5, canBuy: false, reason: 'Есть только в магазинах' });
    expect(button(/В корзину/).disabled).toBe(true);
    expect(container.textContent).toContain('Есть только в магазинах');
    expect(button(/В корзину/).getAttribute('aria-describedby')).toBeTruthy();
  });

  it('lets a size that cannot be bought online be delayed, to watch it', async () => {
    answers['/api/v2/sale/wishlist/add/'] = {
      status: 'ok',
      data: { basket: basket([], [{ ...line(5), canBuy: false, maxQuantity: 0 }]) },
    };
    render({ offerId: 5, canBuy: false, reason: 'Этого размера сейчас нет в наличии' });
    expect(button(/Отложить/).disabled).toBe(false);
    await act(async () => button(/Отложить/).click());
    expect(button(/Убрать из отложенных/).getAttribute('aria-pressed')).toBe('true');
  });

  it('adds the chosen size and confirms with a link to the basket', async () => {
    answers['/api/v2/sale/basket/add/'] = { status: 'ok', data: { basket: basket([line(5)]) } };
    render({ offerId: 5, canBuy: true, reason: null });
    await act(async () => button(/В корзину/).click());
    expect(container.querySelector('[role="status"]')?.textContent).toContain('Добавлено в корзину');
    expect(container.querySelector('a[href="/basket/"]')?.textContent).toBe('Перейти в корзину');
  });

  it('shows the server’s message when the add is refused', async () => {
    answers['/api/v2/sale/basket/add/'] = {
      status: 'error',
      errors: [{ message: 'В наличии только 1 шт.', code: 'QUANTITY_LIMIT' }],
    };
    render({ offerId: 5, canBuy: true, reason: null });
    await act(async () => button(/В корзину/).click());
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('В наличии только 1 шт.');
  });

  it('toggles the heart with the wishlist', async () => {
    answers['/api/v2/sale/wishlist/add/'] = { status: 'ok', data: { basket: basket([], [line(5)]) } };
    answers['/api/v2/sale/wishlist/delete/'] = { status: 'ok', data: { basket: basket([]) } };
    render({ offerId: 5, canBuy: true, reason: null });
    expect(button(/Отложить/).getAttribute('aria-pressed')).toBe('false');
    await act(async () => button(/Отложить/).click());
    expect(button(/Убрать из отложенных/).getAttribute('aria-pressed')).toBe('true');
    await act(async () => button(/Убрать из отложенных/).click());
    expect(button(/Отложить/).getAttribute('aria-pressed')).toBe('false');
  });
});
