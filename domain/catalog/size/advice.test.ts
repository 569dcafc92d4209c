import { describe, expect, it } from 'vitest';
import { adviseSize } from './advice';

describe('adviseSize', () => {
  it('gives the smallest size every measure fits, with a layer under the coat', () => {
    expect(adviseSize({ gender: 'woman', height: 168, chest: 86, waist: 64, hips: 94 })).toEqual({
      size: 44,
      text: 'Размер 44: его определяет обхват груди — 86 см. По обхвату талии подошёл бы 42.',
    });
    // 88 cm of chest plus a sweater no longer fits a 44.
    expect(adviseSize({ gender: 'woman', height: 168, chest: 88, waist: 68, hips: 92 }).size).toBe(46);
  });

  it('says which measure decided when the hips need more than the chest', () => {
    expect(adviseSize({ gender: 'woman', height: 170, chest: 84, waist: 70, hips: 101 })).toEqual({
      size: 48,
      text: 'Размер 48: его определяет обхват бёдер — 101 см. По обхвату груди подошёл бы 44. По обхвату талии подошёл бы 44.',
    });
  });

  it('uses the men’s table for men and mentions a height outside the size’s range', () => {
    expect(adviseSize({ gender: 'man', height: 192, chest: 98, waist: 84, hips: 100 })).toEqual({
      size: 50,
      text: 'Размер 50: его определяет обхват груди — 98 см. По обхвату талии подошёл бы 48. По обхвату бёдер подошёл бы 48. Рост 192 см выше типового для размера (176–188): выбирайте удлинённые модели.',
    });
    expect(adviseSize({ gender: 'woman', height: 152, chest: 78, waist: 60, hips: 84 }).text).toContain(
      'Рост 152 см ниже типового для размера (158–164)',
    );
  });

  it('refuses a body larger than the table with a clear message', () => {
    expect(() => adviseSize({ gender: 'woman', height: 170, chest: 120, waist: 90, hips: 110 })).toThrow(
      'Такого размера в таблице нет: обхват груди 120 см больше, чем у размера 54.',
    );
  });
});
