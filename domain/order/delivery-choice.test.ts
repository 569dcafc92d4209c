import { describe, expect, it } from 'vitest';
import { sameTown } from './delivery-choice';

describe('sameTown', () => {
  it('matches an address’s city to the carrier’s town however it is written', () => {
    for (const city of ['Томск', 'г. Томск', 'г.Томск', 'г Томск', 'Томск г', 'город Томск', ' томск '])
      expect(sameTown(city, 'Томск'), city).toBe(true);
    expect(sameTown('Орел', 'Орёл')).toBe(true);
    expect(sameTown('Санкт Петербург', 'Санкт-Петербург')).toBe(true);
  });

  it('tells another town apart, and a town whose name starts with «г»', () => {
    expect(sameTown('Москва', 'Томск')).toBe(false);
    expect(sameTown('Томская обл.', 'Томск')).toBe(false);
    expect(sameTown('Гатчина', 'Гатчина')).toBe(true);
    expect(sameTown('г. Гатчина', 'Гатчина')).toBe(true);
    expect(sameTown('Гатчина', 'Томск')).toBe(false);
  });
});
