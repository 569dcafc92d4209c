import { describe, expect, it } from 'vitest';
import { type PickupPoint, pointForAddress, pointTitle } from './pickup';

const point = (id: number, address: string): PickupPoint => ({
  id,
  cityId: 1,
  name: `Пункт ${id}`,
  address,
  hours: '',
  lat: 55,
  lon: 37,
  code: `p-${id}`,
  kind: 'point',
  phone: '',
  fittingRoom: false,
  tryOn: false,
  card: true,
  cash: true,
  cashOnReceipt: true,
  weightMax: null,
});
const points = [
  point(1, 'Москва, ул. Тверская, 18'),
  point(2, 'Москва, ул. Профсоюзная, 56'),
  point(3, 'Москва, ул. Новый Арбат, 21'),
];

describe('pointForAddress', () => {
  it('places an address on the street of a point, whatever its number and spelling of the street kind', () => {
    expect(pointForAddress(points, 'Москва, Профсоюзная улица, д. 3, кв. 10')?.id).toBe(2);
    expect(pointForAddress(points, 'г. Москва, ул. Новый Арбат 5')?.id).toBe(3);
  });

  it('answers the first point of the city when the address cannot be placed, and nothing without points', () => {
    expect(pointForAddress(points, 'Москва, Ленинский пр., 1')?.id).toBe(1);
    expect(pointForAddress(points, '')?.id).toBe(1);
    expect(pointForAddress([], 'Москва, ул. Тверская, 18')).toBeNull();
  });

  it('does not take a street for a part of a longer one', () => {
    expect(pointForAddress([point(5, 'Москва, ул. Арбат, 1'), ...points], 'Москва, ул. Новый Арбат, 2')?.id).toBe(3);
  });
});

describe('a point as a sentence names it', () => {
  it('says what it is before a bare name, and not twice when the carrier’s name says it', () => {
    expect(pointTitle('point', 'На Ленина')).toBe('пункт выдачи На Ленина');
    expect(pointTitle('locker', '5Post № 12')).toBe('постамат 5Post № 12');
    expect(pointTitle('point', 'Пункт выдачи «Снежный экспресс» № 951')).toBe('пункт выдачи «Снежный экспресс» № 951');
    expect(pointTitle('locker', 'Постамат № 3')).toBe('постамат № 3');
  });
});
