// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddressSuggestion } from '../../../domain/delivery/address-suggestions';
import { AddressForm } from './AddressForm';
import { settleLazy } from '../../../tests/support/settle-lazy';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const shop = vi.hoisted(() => ({
  keys: [] as string[],
  asked: [] as { name: string; fields: Record<string, unknown> }[],
  answer: { suggestions: [] as unknown[] },
}));
vi.mock('~/lib/api', () => ({
  pageOptions: () => ({ imgVersion: '1', siteId: 's1', addressKeys: shop.keys }),
  postApi: async (name: string, fields: Record<string, unknown>) => {
    shop.asked.push({ name, fields });
    return { ok: true, data: shop.answer };
  },
}));

const HOUSE: AddressSuggestion = {
  value: 'ул Ленина, д 5 к 2, кв 7',
  full: '620014, Свердловская обл, г Екатеринбург, ул Ленина, д 5 к 2, кв 7',
  street: 'ул Ленина',
  house: '5 к 2',
  flat: '7',
  postcode: '620014',
  city: 'Екатеринбург',
  region: 'Свердловская обл',
  lat: null,
  lon: null,
  houseLevel: true,
};
const STREET: AddressSuggestion = {
  ...HOUSE,
  value: 'ул Ленинградская',
  full: 'Свердловская обл, г Екатеринбург, ул Ленинградская',
  street: 'ул Ленинградская',
  house: '',
  flat: null,
  postcode: null,
  houseLevel: false,
};

let root: Root;
let saved: Record<string, string>[];

async function render(type: 'COURIER' | 'POCHTA' = 'COURIER') {
  await act(async () =>
    root.render(
      <AddressForm
        type={type}
        open
        city="Екатеринбург"
        onSave={async (fields) => {
          saved.push(fields);
          return null;
        }}
      />,
    ),
  );
  await settleLazy();
}

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
const names = () => [...document.querySelectorAll('input')].map((i) => i.name);
const options = () => [...document.querySelectorAll('[role="option"]')];
const listbox = () => document.querySelector('[role="listbox"]') as HTMLElement;

/** Types as a browser does: the native value, then the input event React listens to. */
async function typeInto(field: HTMLInputElement, text: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setValue?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settleLazy();
}
async function press(field: HTMLElement, key: string) {
  await act(async () => {
    field.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
  await settleLazy();
}
const wait = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  shop.keys = [];
  shop.asked.length = 0;
  shop.answer = { suggestions: [HOUSE, STREET] };
  saved = [];
  document.body.innerHTML = '<div id="root"></div>';
  root = createRoot(document.getElementById('root') as HTMLElement);
});
afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

describe('the courier address form', () => {
  it('without address keys: the plain fields as before, and nothing is asked', async () => {
    await render();
    expect(names()).toEqual(['city', 'street', 'house', 'flat', 'entrance', 'floor', 'intercom', 'comment']);
    expect(document.querySelector('[role="combobox"]')).toBeNull();
    await typeInto(input('street'), 'Ленина');
    await wait(1000);
    expect(shop.asked).toEqual([]);
  });

  it('with keys: the street is a combobox with an index field; asks 300 ms after the last key, from 3 letters', async () => {
    shop.keys = ['key'];
    await render();
    expect(names()).toEqual([
      'city',
      'street',
      'house',
      'flat',
      'postcode',
      'entrance',
      'floor',
      'intercom',
      'comment',
    ]);
    const street = input('street');
    expect(street.getAttribute('role')).toBe('combobox');
    expect(street.getAttribute('aria-autocomplete')).toBe('list');
    expect(street.getAttribute('aria-controls')).toBe(listbox().id);
    expect(street.getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector(`label[for="${street.id}"]`)?.textContent).toBe('Улица');
    await typeInto(street, 'Ле');
    await wait(1000);
    expect(shop.asked).toEqual([]);
    await typeInto(street, 'Лен');
    await wait(200);
    await typeInto(street, 'Ленин');
    await wait(299);
    expect(shop.asked).toEqual([]);
    await wait(1);
    expect(shop.asked).toEqual([{ name: 'deliveryAddressSuggest', fields: { query: 'Ленин', city: 'Екатеринбург' } }]);
    expect(street.getAttribute('aria-expanded')).toBe('true');
    expect(listbox().hidden).toBe(false);
    expect(options().map((o) => o.textContent)).toEqual(['ул Ленина, д 5 к 2, кв 7', 'ул Ленинградская']);
  });

  it('arrow keys move through the list, Escape closes it, Enter chooses: street, house, flat and index filled', async () => {
    shop.keys = ['key'];
    await render();
    const street = input('street');
    await typeInto(street, 'Ленина 5');
    await wait(300);
    const [first, second] = options() as [HTMLElement, HTMLElement];
    await press(street, 'ArrowDown');
    expect(street.getAttribute('aria-activedescendant')).toBe(first.id);
    expect(first.getAttribute('aria-selected')).toBe('true');
    await press(street, 'ArrowDown');
    expect(street.getAttribute('aria-activedescendant')).toBe(second.id);
    await press(street, 'ArrowUp');
    expect(street.getAttribute('aria-activedescendant')).toBe(first.id);
    await press(street, 'Escape');
    expect(street.getAttribute('aria-expanded')).toBe('false');
    expect(street.getAttribute('aria-activedescendant')).toBeNull();
    await press(street, 'ArrowDown');
    expect(street.getAttribute('aria-expanded')).toBe('true');
    await press(street, 'Enter');
    expect(street.getAttribute('aria-expanded')).toBe('false');
    expect([street.value, input('house').value, input('flat').value, input('postcode').value]).toEqual([
      'ул Ленина',
      '5 к 2',
      '7',
      '620014',
    ]);
    await wait(1000);
    expect(shop.asked).toHaveLength(1);
    await act(async () => (document.querySelector('fieldset button') as HTMLButtonElement).click());
    await settleLazy();
    expect(saved[0]).toMatchObject({
      type: 'COURIER',
      city: 'Екатеринбург',
      street: 'ул Ленина',
      house: '5 к 2',
      flat: '7',
      postcode: '620014',
    });
  });

  it('a street without a house goes into the field and the search goes on for its houses', async () => {
    shop.keys = ['key'];
    await render();
    const street = input('street');
    await typeInto(street, 'Ленингр');
    await wait(300);
    shop.answer = { suggestions: [{ ...HOUSE, street: 'ул Ленинградская', house: '3', flat: null }] };
    const streetOnly = options()[1] as HTMLElement;
    await act(async () => {
      streetOnly.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
    });
    await settleLazy();
    expect(street.value).toBe('ул Ленинградская ');
    expect(input('house').value).toBe('');
    expect(document.getElementById(street.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/дом/);
    await wait(300);
    expect(shop.asked.at(-1)?.fields).toEqual({ query: 'ул Ленинградская', city: 'Екатеринбург' });
    await press(street, 'ArrowDown');
    await press(street, 'Enter');
    expect([street.value, input('house').value, input('postcode').value]).toEqual(['ул Ленинградская', '3', '620014']);
  });

  it('the Russian Post form is unchanged by the keys', async () => {
    shop.keys = ['key'];
    await render('POCHTA');
    expect(names()).toEqual(['postcode', 'city', 'street', 'house', 'flat']);
    expect(document.querySelector('[role="combobox"]')).toBeNull();
  });
});
