import type { GarmentKind } from './images';

/** Reference data of the demo catalogue: what a real outerwear retailer would carry. */

export const COLORS = [
  { code: 'black', name: 'Чёрный', hex: '#1d1d1f' },
  { code: 'graphite', name: 'Графитовый', hex: '#3e4249' },
  { code: 'navy', name: 'Тёмно-синий', hex: '#1f2b46' },
  { code: 'blue', name: 'Синий', hex: '#2f5e9e' },
  { code: 'khaki', name: 'Хаки', hex: '#6e6b4a' },
  { code: 'olive', name: 'Оливковый', hex: '#56613b' },
  { code: 'beige', name: 'Бежевый', hex: '#d5c2a4' },
  { code: 'camel', name: 'Кэмел', hex: '#b08556' },
  { code: 'brown', name: 'Коричневый', hex: '#5d4235' },
  { code: 'red', name: 'Красный', hex: '#b3261e' },
  { code: 'burgundy', name: 'Бордовый', hex: '#6b1f2c' },
  { code: 'white', name: 'Белый', hex: '#f2f0eb' },
  { code: 'grey', name: 'Серый', hex: '#8b8e93' },
  { code: 'pink', name: 'Розовый', hex: '#e3a8b3' },
  { code: 'green', name: 'Зелёный', hex: '#2f5e4e' },
] as const;

export const BRANDS = [
  [
    'nordvik',
    'Nordvik',
    'Скандинавский бренд тёплой городской одежды: лаконичные пуховики на натуральном пуху для морозной зимы.',
  ],
  [
    'arctic-line',
    'Arctic Line',
    'Экспедиционные парки и пуховики, проверенные в Арктике: мембраны, проклеенные швы, температурный рейтинг до −40 °C.',
  ],
  ['sever', 'Север', 'Российская марка, которая шьёт в Иваново: пальто из шерсти и пуховики с классическим силуэтом.'],
  ['taiga', 'Taiga', 'Функциональная одежда для города и леса: парки с капюшонами, съёмная подкладка, много карманов.'],
  ['baltica', 'Baltica', 'Демисезонные куртки и тренчи с морским характером: ветрозащита и спокойные цвета.'],
  ['urban-frost', 'Urban Frost', 'Стритвир для зимы: объёмные пуховики, яркие цвета и свободный крой.'],
  ['polar-fox', 'Polar Fox', 'Тёплые аксессуары из шерсти мериноса и кашемира: шапки, шарфы и перчатки.'],
  ['ural-wear', 'Ural Wear', 'Практичные куртки и жилеты на синтетическом утеплителе для активной жизни.'],
  ['finnwald', 'Finnwald', 'Финская школа кроя: пальто и парки, которые служат десятилетиями.'],
  ['snow-pine', 'Snow Pine', 'Лёгкие пуховики и стёганые жилеты для межсезонья и путешествий.'],
  ['volga', 'Волга', 'Классика на каждый день: пальто, куртки и аксессуары по честной цене.'],
  ['kamchatka', 'Kamchatka', 'Экстремально тёплые пуховики с гусиным пухом 800 fill power.'],
  ['alpen-haus', 'Alpen Haus', 'Альпийская эстетика: шерсть, твид, натуральный мех на капюшонах.'],
  ['moscow-tweed', 'Moscow Tweed', 'Пальто и жакеты из британского твида, сшитые в Москве.'],
  ['belyj-medved', 'Белый медведь', 'Детище сибирских мастеров: пуховики для самых холодных зим.'],
  ['ladoga', 'Ладога', 'Минималистичные парки и пальто в природных оттенках.'],
  ['mistral', 'Mistral', 'Французская лёгкость: стёганые куртки, шарфы и яркие акценты.'],
] as const;

export interface KindInfo {
  kind: GarmentKind;
  /** Section code and name, shared by the men's and women's trees. */
  code: string;
  section: string;
  /** One item, for descriptions and the product's category: «Пуховик», «Парка». */
  singular: string;
  noun: { woman: string; man: string };
  group: 'outerwear' | 'accessories';
  price: [number, number];
  letterSizes?: boolean;
  descriptors: string[];
}

export const KINDS: KindInfo[] = [
  {
    kind: 'down-jacket',
    code: 'puhoviki',
    section: 'Пуховики',
    singular: 'Пуховик',
    noun: { woman: 'Пуховик женский', man: 'Пуховик мужской' },
    group: 'outerwear',
    price: [12000, 90000],
    descriptors: ['стёганый', 'с капюшоном', 'удлинённый', 'оверсайз', 'на натуральном пуху', 'матовый', 'с поясом'],
  },
  {
    kind: 'parka',
    code: 'parki',
    section: 'Парки',
    singular: 'Парка',
    noun: { woman: 'Парка женская', man: 'Парка мужская' },
    group: 'outerwear',
    price: [10000, 60000],
    descriptors: ['утеплённая', 'с мехом', 'с капюшоном', 'удлинённая', 'мембранная', 'городская'],
  },
  {
    kind: 'coat',
    code: 'palto',
    section: 'Пальто',
    singular: 'Пальто',
    noun: { woman: 'Пальто женское', man: 'Пальто мужское' },
    group: 'outerwear',
    price: [9000, 70000],
    descriptors: ['шерстяное', 'двубортное', 'прямого кроя', 'утеплённое', 'классическое', 'из твида'],
  },
  {
    kind: 'jacket',
    code: 'kurtki',
    section: 'Куртки',
    singular: 'Куртка',
    noun: { woman: 'Куртка женская', man: 'Куртка мужская' },
    group: 'outerwear',
    price: [6000, 40000],
    descriptors: ['демисезонная', 'стёганая', 'ветровка', 'бомбер', 'с капюшоном', 'укороченная'],
  },
  {
    kind: 'vest',
    code: 'zhilety',
    section: 'Жилеты',
    singular: 'Жилет',
    noun: { woman: 'Жилет женский', man: 'Жилет мужской' },
    group: 'outerwear',
    price: [4000, 20000],
    descriptors: ['стёганый', 'пуховый', 'лёгкий', 'с воротником-стойкой'],
  },
  {
    kind: 'hat',
    code: 'shapki',
    section: 'Шапки',
    singular: 'Шапка',
    noun: { woman: 'Шапка женская', man: 'Шапка мужская' },
    group: 'accessories',
    price: [3000, 9000],
    letterSizes: true,
    descriptors: ['вязаная', 'из мериноса', 'с отворотом', 'с помпоном', 'кашемировая'],
  },
  {
    kind: 'scarf',
    code: 'sharfy',
    section: 'Шарфы',
    singular: 'Шарф',
    noun: { woman: 'Шарф женский', man: 'Шарф мужской' },
    group: 'accessories',
    price: [3000, 12000],
    letterSizes: true,
    descriptors: ['шерстяной', 'кашемировый', 'объёмный', 'в рубчик'],
  },
  {
    kind: 'gloves',
    code: 'perchatki',
    section: 'Перчатки',
    singular: 'Перчатки',
    noun: { woman: 'Перчатки женские', man: 'Перчатки мужские' },
    group: 'accessories',
    price: [3000, 10000],
    letterSizes: true,
    descriptors: ['кожаные', 'утеплённые', 'сенсорные', 'из замши'],
  },
];

export const GENDERS = [
  { code: 'women', key: 'woman' as const, name: 'Женщинам', sizes: [40, 42, 44, 46, 48, 50, 52, 54] },
  { code: 'man', key: 'man' as const, name: 'Мужчинам', sizes: [44, 46, 48, 50, 52, 54, 56, 58, 60, 62] },
];

export const GROUPS = {
  outerwear: { code: 'verkhnyaya-odezhda', name: 'Верхняя одежда' },
  accessories: { code: 'aksessuary', name: 'Аксессуары' },
} as const;

export const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

export const CITIES = [
  {
    code: 'moskva',
    locationId: '7700000000000',
    name: 'Москва',
    fullName: 'г. Москва',
    phones: ['+7 (495) 120-45-67', '8 (800) 555-35-35'],
    shops: 6,
  },
  {
    code: 'sankt-peterburg',
    locationId: '7800000000000',
    name: 'Санкт-Петербург',
    fullName: 'г. Санкт-Петербург',
    phones: ['+7 (812) 407-18-20', '8 (800) 555-35-35'],
    shops: 4,
  },
  {
    code: 'ekaterinburg',
    locationId: '6600000100000',
    name: 'Екатеринбург',
    fullName: 'Свердловская обл., г. Екатеринбург',
    phones: ['+7 (343) 288-10-40'],
    shops: 2,
  },
  {
    code: 'novosibirsk',
    locationId: '5400000100000',
    name: 'Новосибирск',
    fullName: 'Новосибирская обл., г. Новосибирск',
    phones: ['+7 (383) 209-33-11'],
    shops: 2,
  },
  {
    code: 'kazan',
    locationId: '1600000100000',
    name: 'Казань',
    fullName: 'Респ. Татарстан, г. Казань',
    phones: ['+7 (843) 211-50-05'],
    shops: 2,
  },
  {
    code: 'nizhnij-novgorod',
    locationId: '5200000100000',
    name: 'Нижний Новгород',
    fullName: 'Нижегородская обл., г. Нижний Новгород',
    phones: ['+7 (831) 233-03-30'],
    shops: 2,
  },
  {
    code: 'krasnodar',
    locationId: '2300000100000',
    name: 'Краснодар',
    fullName: 'Краснодарский край, г. Краснодар',
    phones: ['+7 (861) 203-45-45'],
    shops: 2,
  },
  {
    code: 'samara',
    locationId: '6300000100000',
    name: 'Самара',
    fullName: 'Самарская обл., г. Самара',
    phones: ['+7 (846) 215-15-16'],
    shops: 2,
  },
  // Cities without a shop of their own: orders are delivered there (spec Region `isOther`).
  {
    code: 'voronezh',
    locationId: '3600000100000',
    name: 'Воронеж',
    fullName: 'Воронежская обл., г. Воронеж',
    phones: ['8 (800) 555-35-35'],
    shops: 0,
  },
  {
    code: 'rostov-na-donu',
    locationId: '6100000100000',
    name: 'Ростов-на-Дону',
    fullName: 'Ростовская обл., г. Ростов-на-Дону',
    phones: ['8 (800) 555-35-35'],
    shops: 0,
  },
  {
    code: 'perm',
    locationId: '5900000100000',
    name: 'Пермь',
    fullName: 'Пермский край, г. Пермь',
    phones: ['8 (800) 555-35-35'],
    shops: 0,
  },
  {
    code: 'ufa',
    locationId: '0200000100000',
    name: 'Уфа',
    fullName: 'Респ. Башкортостан, г. Уфа',
    phones: ['8 (800) 555-35-35'],
    shops: 0,
  },
] as const;

/** The cities' clocks; the ones not listed keep Moscow time. */
export const CITY_TIME_ZONES: Record<string, string> = {
  ekaterinburg: 'Asia/Yekaterinburg',
  perm: 'Asia/Yekaterinburg',
  ufa: 'Asia/Yekaterinburg',
  novosibirsk: 'Asia/Novosibirsk',
  samara: 'Europe/Samara',
};

/** Shop hours of the demo: most keep mall hours, the first Moscow shop stays open past midnight on weekends. */
export const SHOP_WEEKS = {
  mall: {
    mon: ['10:00', '22:00'],
    tue: ['10:00', '22:00'],
    wed: ['10:00', '22:00'],
    thu: ['10:00', '22:00'],
    fri: ['10:00', '22:00'],
    sat: ['10:00', '22:00'],
    sun: ['10:00', '22:00'],
  },
  street: {
    mon: ['10:00', '21:00'],
    tue: ['10:00', '21:00'],
    wed: ['10:00', '21:00'],
    thu: ['10:00', '21:00'],
    fri: ['10:00', '21:00'],
    sat: ['11:00', '20:00'],
    sun: ['11:00', '20:00'],
  },
  late: {
    mon: ['10:00', '22:00'],
    tue: ['10:00', '22:00'],
    wed: ['10:00', '22:00'],
    thu: ['10:00', '22:00'],
    fri: ['10:00', '01:00'],
    sat: ['10:00', '01:00'],
    sun: ['10:00', '22:00'],
  },
} as const;

/** Every shop's holidays: a short New Year's Eve, closed on the first of January. */
export const SHOP_HOLIDAYS = [
  { date: '2026-12-31', hours: ['10:00', '18:00'] },
  { date: '2027-01-01', hours: null },
] as const;

/** City centres, for plausible shop coordinates. */
export const CITY_CENTRES: Record<string, [number, number]> = {
  moskva: [55.7558, 37.6173],
  'sankt-peterburg': [59.9343, 30.3351],
  ekaterinburg: [56.8389, 60.6057],
  novosibirsk: [55.0084, 82.9357],
  kazan: [55.7961, 49.1064],
  'nizhnij-novgorod': [56.2965, 43.9361],
  krasnodar: [45.0355, 38.9753],
  samara: [53.1959, 50.1002],
};

/** Where the delivery partner's pickup points stand: streets of each city, three or four a city. */
export const PICKUP_STREETS: Record<string, readonly string[]> = {
  moskva: ['ул. Тверская, 18', 'ул. Профсоюзная, 56', 'Щёлковское ш., 75', 'ул. Новый Арбат, 21'],
  'sankt-peterburg': ['Невский пр., 88', 'Московский пр., 143', 'ул. Савушкина, 36', 'пр. Просвещения, 19'],
  ekaterinburg: ['ул. Малышева, 51', 'ул. Вайнера, 9', 'ул. Репина, 94'],
  novosibirsk: ['Красный пр., 29', 'ул. Богдана Хмельницкого, 11', 'ул. Ленина, 48'],
  kazan: ['ул. Баумана, 44', 'пр. Победы, 141', 'ул. Декабристов, 85'],
  'nizhnij-novgorod': ['ул. Большая Покровская, 20', 'пр. Гагарина, 35', 'Московское ш., 12'],
  krasnodar: ['ул. Красная, 154', 'ул. Северная, 326', 'ул. Ставропольская, 107'],
  samara: ['ул. Куйбышева, 90', 'Московское ш., 41', 'ул. Ново-Садовая, 160'],
};

export const MALLS = [
  ['ТЦ «Атриум»', 'ул. Земляной Вал, 33', 'Курская'],
  ['ТРЦ «Авиапарк»', 'Ходынский бульвар, 4', 'ЦСКА'],
  ['ТЦ «Европейский»', 'пл. Киевского Вокзала, 2', 'Киевская'],
  ['ТРЦ «Мега Белая Дача»', 'Котельники, 1-й Покровский проезд, 5', 'Котельники'],
  ['ТЦ «Метрополис»', 'Ленинградское ш., 16А, стр. 4', 'Войковская'],
  ['ТРЦ «Колумбус»', 'ул. Кировоградская, 13А', 'Пражская'],
  ['ТРК «Галерея»', 'Лиговский пр., 30А', 'Площадь Восстания'],
  ['ТРЦ «Мега Дыбенко»', 'Мурманское ш., 12-й км', 'Улица Дыбенко'],
  ['ТК «Невский Центр»', 'Невский пр., 114–116', 'Маяковская'],
  ['ТРК «Питерлэнд»', 'Приморский пр., 72', 'Беговая'],
  ['ТРЦ «Гринвич»', 'ул. 8 Марта, 46', null],
  ['ТРЦ «Мега»', 'ул. Металлургов, 87', null],
  ['ТРЦ «Аура»', 'ул. Военная, 5', 'Красный проспект'],
  ['ТРЦ «Галерея Новосибирск»', 'ул. Гоголя, 13', 'Сибирская'],
  ['ТРЦ «Кольцо»', 'ул. Петербургская, 1', 'Площадь Тукая'],
  ['ТРК «Парк Хаус»', 'пр. Хусаина Ямашева, 46', null],
  ['ТРЦ «Небо»', 'ул. Бетанкура, 1', null],
  ['ТРЦ «Фантастика»', 'ул. Родионова, 187В', null],
  ['ТРЦ «Красная Площадь»', 'ул. Дзержинского, 100', null],
  ['ТРЦ «OZ Молл»', 'ул. Крылатая, 2', null],
  ['ТРЦ «Космопорт»', 'ул. Дыбенко, 30', null],
  ['ТЦ «Гудок»', 'ул. Красноармейская, 131', 'Алабинская'],
] as const;

/**
 * One packed unit's weight (grams) and size (cm) per section code: the groups' defaults, and the kinds that differ.
 * The accessories' leaves (hats, scarves, gloves) take their group's. Migration 0041 sets the same on a shop that
 * started from this demo.
 */
export const SECTION_PARCELS: Record<string, { weight: number; length: number; width: number; height: number }> = {
  'verkhnyaya-odezhda': { weight: 1200, length: 50, width: 40, height: 12 },
  puhoviki: { weight: 1500, length: 50, width: 40, height: 15 },
  parki: { weight: 1600, length: 55, width: 40, height: 15 },
  palto: { weight: 1800, length: 60, width: 45, height: 12 },
  kurtki: { weight: 900, length: 45, width: 35, height: 10 },
  zhilety: { weight: 500, length: 40, width: 30, height: 8 },
  aksessuary: { weight: 200, length: 25, width: 20, height: 5 },
};
