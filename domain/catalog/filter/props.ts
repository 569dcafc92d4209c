/**
 * The catalogue's filterable product props: the values a product stores by code, the names shoppers read, and the
 * tooltips of the filters that need a word of explanation.
 */

/** Filterable props: code, Russian name, and values as [code, name]. */
export const PROPS = {
  material: {
    name: 'Материал',
    values: [
      ['nylon', 'Нейлон'],
      ['polyester', 'Полиэстер'],
      ['polyamide', 'Полиамид'],
      ['wool', 'Шерсть'],
      ['cotton', 'Хлопок'],
      ['cashmere', 'Кашемир'],
      ['leather', 'Кожа'],
    ],
  },
  insulation: {
    name: 'Утеплитель',
    values: [
      ['down', 'Пух'],
      ['down-feather', 'Пух-перо'],
      ['synthetic', 'Синтепон'],
      ['thinsulate', 'Thinsulate'],
      ['none', 'Без утеплителя'],
    ],
  },
  length: {
    name: 'Длина',
    values: [
      ['short', 'Короткая'],
      ['mid', 'Средняя'],
      ['long', 'Удлинённая'],
    ],
  },
  season: {
    name: 'Сезон',
    values: [
      ['winter', 'Зима'],
      ['demi', 'Демисезон'],
    ],
  },
  hood: {
    name: 'Капюшон',
    values: [
      ['yes', 'С капюшоном'],
      ['no', 'Без капюшона'],
    ],
  },
} as const;

export type PropCode = keyof typeof PROPS;

/** Tooltips of the filters that need a word of explanation. */
export const FILTER_HINTS: Record<string, string> = {
  size: 'Российские размеры. В списке только размеры, которые есть в наличии.',
  insulation: 'Пух — самый тёплый и лёгкий. Синтепон и Thinsulate греют и во влажную погоду.',
  price: 'Цена с учётом скидки, в рублях.',
  shop: 'Товары, которые можно примерить и купить в магазине сегодня: есть хотя бы один размер.',
};
