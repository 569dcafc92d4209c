import { describe, expect, it } from 'vitest';
import { parcelFrom1C } from './parcel-requisites';

describe('a 1C product’s weight and size', () => {
  it('reads `Вес` in kilograms as grams, the element before the requisite, «1,5» and «1 500» alike', () => {
    expect(parcelFrom1C('1,5', { Вес: '9' })).toEqual({ facts: { weight: 1500 }, problems: [] });
    expect(parcelFrom1C(null, { ' вес ': '0,250' })).toEqual({ facts: { weight: 250 }, problems: [] });
    expect(parcelFrom1C('', { Вес: '2' }).facts.weight).toBe(2000);
  });

  it('reads «Длина», «Ширина», «Высота» in centimetres, rounded up', () => {
    expect(parcelFrom1C(null, { Длина: '52', Ширина: '40,1', Высота: '15' }).facts).toEqual({
      length: 52,
      width: 41,
      height: 15,
    });
  });

  it('leaves out what is missing or zero (1C’s «not filled»), without a problem', () => {
    expect(parcelFrom1C(null, {})).toEqual({ facts: {}, problems: [] });
    expect(parcelFrom1C('0', { Длина: '0,000', Ширина: '' })).toEqual({ facts: {}, problems: [] });
  });

  it('skips a value that is no number or beyond the bounds, with a problem in Russian', () => {
    const { facts, problems } = parcelFrom1C('тяжёлый', { Длина: '-3', Высота: '400', Ширина: '30' });
    expect(facts).toEqual({ width: 30 });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(
      /^Вес: значение «тяжёлый» пропущено — нужно число от 1 до 100\s000 граммов \(в 1С вес — в килограммах\); осталось прежнее\.$/,
    );
    expect(problems[1]).toBe('Длина: значение «-3» пропущено — нужно число от 1 до 300 сантиметров; осталось прежнее.');
    expect(problems[2]).toBe(
      'Высота: значение «400» пропущено — нужно число от 1 до 300 сантиметров; осталось прежнее.',
    );
    // 250 kg: a typo of grams for kilograms.
    expect(parcelFrom1C('250', {}).problems).toHaveLength(1);
  });
});
