import { describe, expect, it } from 'vitest';
import { cityOfAddress } from './city-of-address';
import type { City } from './ports';

const city = (id: number, name: string): City => ({
  id,
  code: `c${id}`,
  name,
  fullName: name,
  locationId: '',
  phones: [],
  timeZone: 'Europe/Moscow',
  hasShops: true,
});
const cities = [
  city(1, 'Москва'),
  city(2, 'Санкт-Петербург'),
  city(3, 'Нижний Новгород'),
  city(4, 'Новгород'),
  city(5, 'Ростов-на-Дону'),
  city(6, 'Орёл'),
];

describe('cityOfAddress', () => {
  it('finds the city an address names, however it is written', () => {
    expect(cityOfAddress('Москва, ул. Тверская, 7', cities)?.id).toBe(1);
    expect(cityOfAddress('Россия, г. Санкт-Петербург, Невский пр., 88', cities)?.id).toBe(2);
    expect(cityOfAddress('  г.Ростов-на-Дону  ', cities)?.id).toBe(5);
    expect(cityOfAddress('МОСКВА', cities)?.id).toBe(1);
    expect(cityOfAddress('Орел, ул. Ленина', cities)?.id).toBe(6);
  });

  it('prefers the longer name, and matches whole words only', () => {
    expect(cityOfAddress('Нижегородская обл., Нижний Новгород, Большая Покровская', cities)?.id).toBe(3);
    expect(cityOfAddress('Великий Новгород, ул. Людогоща', cities)?.id).toBe(4);
    expect(cityOfAddress('Московская обл., Подольск', cities)).toBeNull();
    expect(cityOfAddress('Москворецкая набережная', cities)).toBeNull();
  });

  it('finds nothing in an address of another city, or in none', () => {
    expect(cityOfAddress('Тверь, Советская 1', cities)).toBeNull();
    expect(cityOfAddress('', cities)).toBeNull();
    expect(cityOfAddress('<script>alert(1)</script>', cities)).toBeNull();
  });
});
