import { describe, expect, it } from 'vitest';
import { adviseForProduct, photoModel } from './product-advice';

const model = (size: string, height: string, volumes: string) => [
  { code: 'RAZMER_IZDELIYA_NA_FOTOMODELI', value: size },
  { code: 'ROST_FOTOMODELI', value: height },
  { code: 'OBEMY_FOTOMODELI', value: volumes },
];
const shopper = { gender: 'woman' as const, height: 170, chest: 84, waist: 64, hips: 92 };
const sizes = ['42', '44', '46', '48', '50'];

describe('adviseForProduct', () => {
  it('keeps the table size when the photo model wears the size her body takes', () => {
    // 84-62-90 with a coat's 2 cm: 44 by the table, and she wears a 44.
    const advice = adviseForProduct(shopper, { category: 'пальто', modelProps: model('44', '172', '84-62-90'), sizes });
    expect(advice).toEqual({
      size: 44,
      text: 'По таблице размер 44: его определяет обхват груди — 84 см. По обхвату талии подошёл бы 42. Пальто сидит ближе к фигуре: по груди оставили запас 2 см на тонкий свитер.',
    });
  });

  it('leaves more room under a down jacket than under a coat', () => {
    const body = { ...shopper, chest: 85 };
    expect(adviseForProduct(body, { category: 'пальто', modelProps: [], sizes }).size).toBe(44);
    expect(adviseForProduct(body, { category: 'Пуховик', modelProps: [], sizes }).size).toBe(46);
  });

  it('moves one size up when the model runs small and one down when it runs large', () => {
    const small = adviseForProduct(shopper, { category: 'пальто', modelProps: model('48', '172', '84-62-90'), sizes });
    expect(small.size).toBe(46);
    expect(small.text).toContain(
      'Модель маломерит: по меркам фотомодели подходит 44, а на ней размер 48 — советуем 46.',
    );
    const large = adviseForProduct(shopper, { category: 'пальто', modelProps: model('42', '172', '84-62-90'), sizes });
    expect(large.size).toBe(42);
    expect(large.text).toContain('Модель большемерит');
  });

  it('says how the length differs from the photo and when the model is not made in the size', () => {
    const advice = adviseForProduct(
      { ...shopper, height: 160 },
      { category: 'парка', modelProps: model('44', '178', '84-62-90'), sizes: ['46', '48'] },
    );
    expect(advice.size).toBe(44);
    expect(advice.text).toContain('Рост фотомодели 178 см: на вас изделие будет длиннее, чем на фото.');
    expect(advice.text).toContain('Этой модели нет в размере 44: самый маленький — 46, он сядет свободнее.');
    const tall = adviseForProduct(
      { ...shopper, height: 185, chest: 100, waist: 80, hips: 104 },
      {
        category: 'куртка',
        modelProps: model('44', '178', '84-62-90'),
        sizes: ['42', '44'],
      },
    );
    expect(tall.text).toContain('на вас изделие будет короче');
    expect(tall.text).toContain('Этой модели нет в размере 52: самый большой — 44.');
  });

  it('ignores photo-model props that are missing or not numbers', () => {
    expect(photoModel(model('M', '172', '84-62-90'))).toBeNull();
    expect(photoModel(model('44', '172', '84-62'))).toBeNull();
    expect(photoModel(model('44', '172', '84-62-90'))).toEqual({
      size: 44,
      height: 172,
      chest: 84,
      waist: 62,
      hips: 90,
    });
    const advice = adviseForProduct(shopper, { category: 'пальто', modelProps: model('48', '', '84-62-90'), sizes });
    expect(advice.size).toBe(44);
  });
});
