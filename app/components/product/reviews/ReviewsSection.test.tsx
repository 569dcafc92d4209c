// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewJson, ReviewsPayload } from '../../../../contract/reviews';
import { ReviewsSection } from './ReviewsSection';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const review = (id: number, over: Partial<ReviewJson> = {}): ReviewJson => ({
  id,
  authorName: `Покупатель ${id}`,
  rating: 5,
  text: `Текст отзыва ${id}`,
  fit: 'true',
  size: '46',
  height: 170,
  photos: [],
  date: '2026-11-20T10:00:00.000Z',
  answer: null,
  ...over,
});

const payload = (over: Partial<ReviewsPayload> = {}): ReviewsPayload => ({
  productId: 7,
  items: Array.from({ length: 10 }, (_, i) => review(i + 1)),
  rating: { average: 4.6, count: 12 },
  fit: { small: 6, true: 2, large: 1 },
  navigation: { limit: 10, count: 12, page: 1, pageCount: 2 },
  sort: 'newest',
  photos: false,
  ...over,
});

let root: Root;
let container: HTMLDivElement;
let fetchMock: ReturnType<typeof vi.fn>;
const answer = (data: ReviewsPayload) =>
  Promise.resolve(
    new Response(JSON.stringify({ status: 'ok', data }), { headers: { 'content-type': 'application/json' } }),
  );

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

const render = async (initial: ReviewsPayload | null, rating = initial?.rating ?? null) => {
  await act(async () =>
    root.render(
      <ReviewsSection productId={7} productName="Парка Nordvik" rating={rating} initial={initial} imgVersion="1" />,
    ),
  );
};
const articles = () => container.querySelectorAll('article');
const button = (text: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === text) as HTMLButtonElement | undefined;
const askedFor = (call: number) => new URL(String(fetchMock.mock.calls[call]?.[0]), 'http://shop.test').searchParams;

describe('the «Отзывы» block', () => {
  it('shows the count, the average, the fit verdict with its shares and the first page', async () => {
    await render(
      payload({ items: [review(1, { answer: 'Спасибо!', fit: 'small', height: null }), ...payload().items.slice(1)] }),
    );
    const section = container.querySelector('section') as HTMLElement;
    const heading = container.querySelector(`#${section.getAttribute('aria-labelledby')}`);
    expect(heading?.textContent).toBe('Отзывы 12');
    expect(container.querySelector('[role="img"][aria-label="Рейтинг 4,6 из 5"]')).not.toBeNull();
    expect(container.textContent).toContain('Чаще берут на размер больше');
    expect(container.textContent).toContain('67\u00a0%');
    expect(articles()).toHaveLength(10);
    const first = articles()[0] as HTMLElement;
    expect(first.textContent).toContain('Размер 46 · Маломерит');
    expect(first.textContent).toContain('Ответ магазинаСпасибо!');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('«Показать ещё» adds the next page under the first and goes when none are left', async () => {
    await render(payload());
    fetchMock.mockReturnValueOnce(
      answer(payload({ items: [review(11), review(12)], navigation: { limit: 10, count: 12, page: 2, pageCount: 2 } })),
    );
    await act(async () => button('Показать ещё')?.click());
    expect(askedFor(0).get('page')).toBe('2');
    expect(askedFor(0).get('productId')).toBe('7');
    expect(articles()).toHaveLength(12);
    expect(button('Показать ещё')).toBeUndefined();
  });

  it('«С фото» and the sort ask for the first page again and replace the list', async () => {
    await render(payload());
    const photo = review(3, { photos: [{ file: 'a.jpg', thumb: '/t/a.jpg', detail: '/d/a.jpg', source: '/s/a.jpg' }] });
    fetchMock.mockReturnValueOnce(
      answer(payload({ items: [photo], photos: true, navigation: { limit: 10, count: 1, page: 1, pageCount: 1 } })),
    );
    const box = container.querySelector('input[type="checkbox"]') as HTMLInputElement;
    await act(async () => box.click());
    expect(askedFor(0).get('photos')).toBe('1');
    expect(articles()).toHaveLength(1);
    expect(articles()[0]?.querySelector('img')?.getAttribute('src')).toBe('/t/a.jpg');

    fetchMock.mockReturnValueOnce(answer(payload({ items: [review(9, { rating: 1 })], sort: 'rating_asc' })));
    const select = container.querySelector('select') as HTMLSelectElement;
    await act(async () => {
      select.value = 'rating_asc';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(askedFor(1).get('sort')).toBe('rating_asc');
    expect(askedFor(1).get('photos')).toBe('1');
    expect(articles()[0]?.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('Рейтинг 1 из 5');
  });

  it('shows the call’s message when it fails, and keeps the reviews', async () => {
    await render(payload());
    fetchMock.mockReturnValueOnce(
      Promise.resolve(
        new Response(JSON.stringify({ status: 'error', errors: [{ message: 'Сервис недоступен', code: 'X' }] }), {
          status: 503,
        }),
      ),
    );
    await act(async () => button('Показать ещё')?.click());
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Сервис недоступен');
    expect(articles()).toHaveLength(10);
  });

  it('asks for the reviews of another colour, whose are not in the page', async () => {
    fetchMock.mockReturnValueOnce(answer(payload({ items: [review(50)], rating: { average: 5, count: 1 } })));
    await render(payload({ productId: 8 }), { average: 5, count: 1 });
    expect(askedFor(0).get('productId')).toBe('7');
    expect(articles()).toHaveLength(1);
  });

  it('says there are no reviews yet for a product without any', async () => {
    await render(payload({ items: [], rating: { average: 0, count: 0 }, fit: { small: 0, true: 0, large: 0 } }), null);
    expect(container.textContent).toContain('Отзывов пока нет…');
    expect(container.querySelector('h2')?.textContent).toBe('Отзывы');
    expect(articles()).toHaveLength(0);
  });
});
