import { describe, expect, it } from 'vitest';
import { addInput, offerInput, quantityInput, stateInput } from './basket.schemas';

const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('basket inputs', () => {
  it('reads offerId from a form string or a JSON number', () => {
    expect(offerInput.parse({ offerId: '42' })).toEqual({ offerId: 42 });
    expect(offerInput.parse({ offerId: 42 })).toEqual({ offerId: 42 });
    expect(offerInput.parse({ offerId: ' 7 ' })).toEqual({ offerId: 7 });
  });

  it('refuses a missing, empty, non-numeric, negative, fractional or huge offerId with a Russian message', () => {
    expect(message(offerInput.safeParse({}))).toBe('Не выбран товар: укажите offerId.');
    expect(message(offerInput.safeParse({ offerId: '' }))).toBe('Не выбран товар: укажите offerId.');
    for (const bad of ['abc', '-5', '0', '1.5', '99999999999', 'Infinity', true, null, { a: 1 }]) {
      expect(message(offerInput.safeParse({ offerId: bad }))).toBe(
        'Неверный товар: offerId должен быть целым положительным числом.',
      );
    }
  });

  it('takes an optional quantity between 1 and 99', () => {
    expect(addInput.parse({ offerId: '1' })).toEqual({ offerId: 1 });
    expect(addInput.parse({ offerId: '1', quantity: '3' })).toEqual({ offerId: 1, quantity: 3 });
    expect(addInput.safeParse({ offerId: '1', quantity: '100' }).success).toBe(false);
    expect(quantityInput.safeParse({ id: '1', quantity: '0' }).success).toBe(false);
    expect(message(quantityInput.safeParse({ id: '1' }))).toBe('Укажите количество.');
  });

  it('accepts the state call with or without its method name, and no other method', () => {
    expect(stateInput.parse({ method: 'sale.basket.state' })).toEqual({ method: 'sale.basket.state' });
    expect(stateInput.parse({})).toEqual({});
    expect(stateInput.safeParse({ method: 'sale.basket.add' }).success).toBe(false);
  });
});
