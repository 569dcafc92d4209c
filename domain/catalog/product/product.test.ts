import { describe, expect, it } from 'vitest';
import { photoModelText } from './product';

describe('photo-model data in words', () => {
  it('says height, size and volumes', () => {
    expect(
      photoModelText([
        { code: 'RAZMER_IZDELIYA_NA_FOTOMODELI', value: '46' },
        { code: 'ROST_FOTOMODELI', value: '176' },
        { code: 'OBEMY_FOTOMODELI', value: '84-62-90' },
      ]),
    ).toBe('Рост фотомодели 176\u00a0см, на фотомодели размер 46, параметры 84-62-90');
  });

  it('leaves out what is missing and starts with a capital letter', () => {
    expect(
      photoModelText([
        { code: 'ROST_FOTOMODELI', value: '188' },
        { code: 'RAZMER_IZDELIYA_NA_FOTOMODELI', value: '52' },
      ]),
    ).toBe('Рост фотомодели 188\u00a0см, на фотомодели размер 52');
    expect(photoModelText([{ code: 'RAZMER_IZDELIYA_NA_FOTOMODELI', value: 'M' }])).toBe('На фотомодели размер M');
    expect(photoModelText([{ code: 'OBEMY_FOTOMODELI', value: '84-62-90' }])).toBe('Параметры фотомодели 84-62-90');
  });

  it('gives null without photo-model data (accessories)', () => {
    expect(photoModelText([])).toBeNull();
    expect(
      photoModelText([
        { code: 'ROST_FOTOMODELI', value: '  ' },
        { code: 'material', value: 'wool' },
      ]),
    ).toBeNull();
  });
});
