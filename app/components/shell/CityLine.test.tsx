// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RootData } from '~/root';
import { CityLine } from './CityLine';
import { settleLazy } from '../../../tests/support/settle-lazy';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const api = vi.hoisted(() => ({ getApi: vi.fn(), postApi: vi.fn() }));
vi.mock('~/lib/api', () => api);

let root: Root;
const reload = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  // jsdom has no modal dialogs: open is enough here.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
  };
  vi.stubGlobal('location', { ...window.location, reload });
  api.getApi.mockResolvedValue({
    ok: true,
    data: { towns: [{ code: '250', name: 'Екатеринбург', region: 'Свердловская обл.' }] },
  });
  api.postApi.mockResolvedValue({ ok: true, data: { region: { id: 900 } } });
  document.body.innerHTML = '<div id="root"></div>';
  root = createRoot(document.getElementById('root') as HTMLElement);
  const city = { id: 1, name: 'Москва', phones: [], timeZone: 'Europe/Moscow' } as unknown as RootData['city'];
  const cities = [{ id: 1, name: 'Москва' }] as unknown as RootData['cities'];
  act(() => root.render(<CityLine city={city} cities={cities} />));
});
afterEach(() => {
  act(() => root.unmount());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the shell’s city choice (issue 42)', () => {
  it('finds any town of the carrier by typing and makes it the region, then reloads the page', async () => {
    expect(document.querySelector('input[role="combobox"]')).toBeNull();
    act(() => (document.querySelector('button[aria-haspopup="dialog"]') as HTMLButtonElement).click());
    await settleLazy();
    const field = document.querySelector('input[role="combobox"]') as HTMLInputElement;
    expect(document.querySelector(`label[for="${field.id}"]`)?.textContent).toBe('Найти город');
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, 'Екат');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await settleLazy();
    await act(async () => vi.advanceTimersByTimeAsync(250));
    await settleLazy();
    const press = (key: string) =>
      act(async () => {
        field.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      });
    await press('ArrowDown');
    await press('Enter');
    expect(api.postApi).toHaveBeenCalledWith('regionByAddress', { address: 'Екатеринбург, Свердловская обл.' });
    expect(reload).toHaveBeenCalled();
  });

  it('sends a federal city with the region the carrier gives it, though it shows its name once', async () => {
    api.getApi.mockResolvedValue({
      ok: true,
      data: { towns: [{ code: '137', name: 'Санкт-Петербург', region: 'Санкт-Петербург' }] },
    });
    act(() => (document.querySelector('button[aria-haspopup="dialog"]') as HTMLButtonElement).click());
    await settleLazy();
    const field = document.querySelector('input[role="combobox"]') as HTMLInputElement;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, 'Санкт');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await settleLazy();
    await act(async () => vi.advanceTimersByTimeAsync(250));
    await settleLazy();
    expect(document.querySelector('[role="option"]')?.textContent).toBe('Санкт-Петербург');
    await act(async () => (document.querySelector('[role="option"]') as HTMLElement).click());
    await settleLazy();
    expect(field.value).toBe('Санкт-Петербург');
    expect(api.postApi).toHaveBeenCalledWith('regionByAddress', { address: 'Санкт-Петербург, Санкт-Петербург' });
  });
});
