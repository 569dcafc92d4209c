// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Town } from './town';
import { TOWNS_FAILED, TownSearch } from './TownSearch';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const TOWNS: Town[] = [
  { code: '250', name: 'Екатеринбург', region: 'Свердловская обл.' },
  { code: '1081', name: 'Екатериновка', region: 'Саратовская обл.' },
  { code: '44', name: 'Москва', region: 'Москва' },
];

let root: Root;
let fetchMock: ReturnType<typeof vi.fn>;
const onChoose = vi.fn();

/** The envelope the shop's API answers (spec §7). */
const envelope = (data: unknown) => new Response(JSON.stringify({ status: 'ok', data }), { status: 200 });

beforeEach(() => {
  vi.useFakeTimers();
  onChoose.mockReset();
  fetchMock = vi.fn(async (url: string) => {
    const q = new URL(url, 'http://shop.test').searchParams.get('q') ?? '';
    return envelope({ towns: TOWNS.filter((t) => t.name.startsWith(q)) });
  });
  vi.stubGlobal('fetch', fetchMock);
  document.body.innerHTML = '<div id="root"></div>';
  root = createRoot(document.getElementById('root') as HTMLElement);
  act(() => root.render(<TownSearch label="Город доставки" onChoose={onChoose} />));
});
afterEach(() => {
  act(() => root.unmount());
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const field = () => document.querySelector('input') as HTMLInputElement;
const listbox = () => document.querySelector('[role="listbox"]') as HTMLElement;
const options = () => [...document.querySelectorAll('[role="option"]')].map((o) => o.textContent);

/** Types as a shopper does: React sees an input event with the new value. */
async function type(text: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(field(), text);
    field().dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const key = (name: string) =>
  act(async () => {
    field().dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
  });
const wait = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

describe('the town of delivery by typing (a WAI-ARIA combobox)', () => {
  it('is a labelled combobox that owns its list box', () => {
    const input = field();
    expect(input.getAttribute('role')).toBe('combobox');
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Город доставки');
    expect(input.getAttribute('aria-controls')).toBe(listbox().id);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('asks from two letters, 250 ms after the last one, once for a quick run of letters', async () => {
    await type('Е');
    await wait(1000);
    expect(fetchMock).not.toHaveBeenCalled();
    await type('Ек');
    await wait(100);
    await type('Ека');
    await wait(249);
    expect(fetchMock).not.toHaveBeenCalled();
    await wait(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/v2/delivery/towns/?q=${encodeURIComponent('Ека')}`);
    expect(field().getAttribute('aria-expanded')).toBe('true');
    expect(options()).toEqual(['Екатеринбург, Свердловская обл.', 'Екатериновка, Саратовская обл.']);
  });

  it('moves through the towns with the arrows (round), chooses with Enter, and names the town «Name, Region»', async () => {
    await type('Екат');
    await wait(250);
    await key('ArrowDown');
    const first = document.querySelectorAll('[role="option"]')[0] as HTMLElement;
    expect(field().getAttribute('aria-activedescendant')).toBe(first.id);
    expect(first.getAttribute('aria-selected')).toBe('true');
    await key('ArrowDown');
    await key('ArrowDown');
    expect(field().getAttribute('aria-activedescendant')).toBe(first.id);
    await key('ArrowUp');
    await key('Enter');
    expect(onChoose).toHaveBeenCalledWith(TOWNS[1]);
    expect(field().value).toBe('Екатериновка, Саратовская обл.');
    expect(field().getAttribute('aria-expanded')).toBe('false');
    // The chosen name is not searched again.
    await wait(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('closes the list with Escape, keeping the text; a second Escape clears it', async () => {
    await type('Екат');
    await wait(250);
    await key('ArrowDown');
    await key('Escape');
    expect(field().getAttribute('aria-expanded')).toBe('false');
    expect(field().hasAttribute('aria-activedescendant')).toBe(false);
    expect(field().value).toBe('Екат');
    await key('Enter');
    expect(onChoose).not.toHaveBeenCalled();
    await key('Escape');
    expect(field().value).toBe('');
  });

  it('chooses a town by a click, and a federal city has no region after its name', async () => {
    await type('Мос');
    await wait(250);
    await act(async () => (document.querySelector('[role="option"]') as HTMLElement).click());
    expect(onChoose).toHaveBeenCalledWith(TOWNS[2]);
    expect(field().value).toBe('Москва');
  });

  it('when the call fails, only logs and says so in the list', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await type('Екат');
    await wait(250);
    expect(logged).toHaveBeenCalled();
    expect(document.querySelector('[role="status"]')?.textContent).toBe(TOWNS_FAILED);
    expect(options()).toEqual([]);
    // An error envelope says the same.
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ status: 'error', errors: [{ message: 'Сбой', code: 'X' }] })),
    );
    await type('Екате');
    await wait(250);
    expect(document.querySelector('[role="status"]')?.textContent).toBe(TOWNS_FAILED);
  });

  it('says so when no town is found', async () => {
    await type('Щщ');
    await wait(250);
    expect(document.querySelector('[role="status"]')?.textContent).toBe('Такого города не нашлось');
  });
});
