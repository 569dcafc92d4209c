// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductOffer } from '../../../domain/catalog/product/product';
import { ReserveForm } from './ReserveForm';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('~/lib/visitor', () => ({ currentSessid: async () => 'sess', useVisitor: () => null }));

const offer = { id: 30, sizeName: '48' } as ProductOffer;
let root: Root;

async function open(body: string, status: number) {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body, { status }));
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root.render(<ReserveForm productName="Пуховик" offer={offer} />));
  await act(async () => {});
  return container.querySelector('[role="alert"] p')?.textContent;
}

afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the reservation’s shops failing to load (spec §8)', () => {
  it('says «Не удалось загрузить данные» for an answer that is not the API’s', async () => {
    expect(await open('<html>502 Bad Gateway</html>', 502)).toBe('Не удалось загрузить данные');
  });

  it('shows the server’s own refusal as it is', async () => {
    const refusal = JSON.stringify({
      status: 'error',
      errors: [{ message: 'Этот размер нельзя отложить.', code: 'X' }],
    });
    expect(await open(refusal, 409)).toBe('Этот размер нельзя отложить.');
  });
});
