import { describe, expect, it } from 'vitest';
import { adviseForProduct } from './product-advice';
import { reviewFitShift } from './review-fit';

const body = { gender: 'woman' as const, height: 168, chest: 86, waist: 68, hips: 94 };
const coat = { category: 'пальто', modelProps: [], sizes: ['42', '44', '46', '48', '50'] };

describe('size advice from reviews’ fit', () => {
  it('moves nothing with too few reviews, however they agree', () => {
    expect(reviewFitShift({ small: 4, true: 0, large: 0 }).steps).toBe(0);
    expect(reviewFitShift(null).steps).toBe(0);
  });

  it('moves one size up when a clear majority of at least five says it runs small', () => {
    expect(reviewFitShift({ small: 3, true: 2, large: 0 })).toEqual({
      steps: 1,
      reason: 'Модель маломерит — по отзывам покупателей советуем на размер больше.',
    });
    expect(reviewFitShift({ small: 0, true: 2, large: 3 }).steps).toBe(-1);
  });

  it('moves nothing when the answers are split below 60 %', () => {
    expect(reviewFitShift({ small: 5, true: 4, large: 1 }).steps).toBe(0);
    expect(reviewFitShift({ small: 3, true: 0, large: 3 }).steps).toBe(0);
  });

  it('the product’s advice moves by a size step and says why', () => {
    const plain = adviseForProduct(body, coat);
    const small = adviseForProduct(body, { ...coat, reviewShift: reviewFitShift({ small: 5, true: 1, large: 0 }) });
    expect(small.size).toBe(plain.size + 2);
    expect(small.text).toContain('Модель маломерит — по отзывам покупателей советуем на размер больше.');
    const large = adviseForProduct(body, { ...coat, reviewShift: reviewFitShift({ small: 0, true: 2, large: 4 }) });
    expect(large.size).toBe(plain.size - 2);
    expect(large.text).toContain('большемерит');
    const split = adviseForProduct(body, { ...coat, reviewShift: reviewFitShift({ small: 3, true: 3, large: 0 }) });
    expect(split).toEqual(plain);
  });

  it('the buyers’ word replaces the photo model’s, never adds to it', () => {
    // The photo model wears 46 with 44's measures: the model alone says «runs small».
    const modelProps = [
      { code: 'RAZMER_IZDELIYA_NA_FOTOMODELI', value: '46' },
      { code: 'ROST_FOTOMODELI', value: '168' },
      { code: 'OBEMY_FOTOMODELI', value: '86-68-94' },
    ];
    const byModel = adviseForProduct(body, { ...coat, modelProps });
    const both = adviseForProduct(body, {
      ...coat,
      modelProps,
      reviewShift: reviewFitShift({ small: 6, true: 0, large: 0 }),
    });
    expect(both.size).toBe(byModel.size);
    expect(both.text).toContain('по отзывам покупателей');
  });
});
