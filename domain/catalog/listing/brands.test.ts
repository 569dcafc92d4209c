import { describe, expect, it } from 'vitest';
import { brandLetter, groupBrands } from './brands';
import type { BrandInfo } from './listing.service';

const brand = (name: string, id = 0): BrandInfo => ({
  id,
  code: name.toLowerCase(),
  name,
  text: '',
  count: 1,
  menCount: 0,
});

describe('brand list by first letter', () => {
  it('puts Cyrillic А–Я first, then Latin A–Z, each letter in order with its brands by name', () => {
    const groups = groupBrands(
      ['Nordvik', 'Север', 'arctic Line', 'Белый медведь', 'Волга', 'Alpen Haus', 'Ёлка', '3 Сезона'].map(brand),
    );
    expect(groups.map((g) => g.name)).toEqual(['А–Я', 'A–Z', '0–9']);
    expect(groups[0]?.letters.map((l) => [l.letter, l.brands.map((b) => b.name)])).toEqual([
      ['Б', ['Белый медведь']],
      ['В', ['Волга']],
      ['Е', ['Ёлка']],
      ['С', ['Север']],
    ]);
    expect(groups[1]?.letters.map((l) => [l.letter, l.brands.map((b) => b.name)])).toEqual([
      ['A', ['Alpen Haus', 'arctic Line']],
      ['N', ['Nordvik']],
    ]);
    expect(groups[2]?.letters.map((l) => l.letter)).toEqual(['3']);
  });

  it('leaves out empty alphabets', () => {
    expect(groupBrands([brand('Taiga')]).map((g) => g.name)).toEqual(['A–Z']);
    expect(groupBrands([])).toEqual([]);
  });

  it('reads the letter case-insensitively and folds Ё into Е', () => {
    expect(brandLetter(' taiga')).toBe('T');
    expect(brandLetter('ёж')).toBe('Е');
  });
});
