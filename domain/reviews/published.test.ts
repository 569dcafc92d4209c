import { describe, expect, it } from 'vitest';
import { fitSummary, formatRating, ratingLabel, ratingOf } from './published';

describe('ratingOf', () => {
  it('averages to one decimal, and is null without reviews', () => {
    expect(ratingOf(0, 0)).toBeNull();
    expect(ratingOf(3, 14)).toEqual({ average: 4.7, count: 3 });
    expect(ratingOf(23, 72)).toEqual({ average: 3.1, count: 23 });
    expect(ratingOf(2, 9)).toEqual({ average: 4.5, count: 2 });
  });

  it('reads in Russian: a comma, no trailing zero', () => {
    expect(formatRating(4.5)).toBe('4,5');
    expect(formatRating(5)).toBe('5');
    expect(ratingLabel(3.1)).toBe('Рейтинг 3,1 из 5');
  });
});

describe('fitSummary', () => {
  it('says to take a size up when «маломерит» outnumbers each other answer, down for «большемерит»', () => {
    expect(fitSummary({ small: 5, true: 3, large: 1 })?.verdict).toBe('Чаще берут на размер больше');
    expect(fitSummary({ small: 1, true: 3, large: 5 })?.verdict).toBe('Чаще берут на размер меньше');
    expect(fitSummary({ small: 2, true: 5, large: 2 })?.verdict).toBe('Соответствует размеру');
  });

  it('calls a tie true to size', () => {
    expect(fitSummary({ small: 3, true: 3, large: 0 })?.verdict).toBe('Соответствует размеру');
    expect(fitSummary({ small: 3, true: 0, large: 3 })?.verdict).toBe('Соответствует размеру');
  });

  it('gives whole percents that sum to 100', () => {
    expect(fitSummary({ small: 1, true: 1, large: 1 })?.shares).toEqual({ small: 34, true: 33, large: 33 });
    expect(fitSummary({ small: 10, true: 4, large: 0 })?.shares).toEqual({ small: 71, true: 29, large: 0 });
    expect(fitSummary({ small: 12, true: 8, large: 5 })).toEqual({
      verdict: 'Чаще берут на размер больше',
      total: 25,
      shares: { small: 48, true: 32, large: 20 },
    });
  });

  it('is null without answers', () => {
    expect(fitSummary({ small: 0, true: 0, large: 0 })).toBeNull();
  });
});
