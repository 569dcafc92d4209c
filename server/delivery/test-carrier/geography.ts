import { CITIES, CITY_CENTRES, PICKUP_STREETS } from '../../../db/seed/catalog-data';
import type { CarrierPoint, CarrierQuote, CarrierTown, Parcel } from '../../../domain/delivery/carrier';
import { distanceKm } from '../../../domain/regions/nearest-town';

/**
 * The test carrier's map: a fixed list of real Russian towns (code, name, region, centre, post index), the seed's
 * cities under their own codes among them, so that the offline shop can be ordered from to any of them and every
 * answer is the same on every run.
 */
const TOWNS: readonly [code: string, name: string, region: string, lat: number, lon: number, postcode: string][] = [
  ['moskva', 'Москва', '', 55.7558, 37.6173, '101000'],
  ['sankt-peterburg', 'Санкт-Петербург', '', 59.9343, 30.3351, '190000'],
  ['ekaterinburg', 'Екатеринбург', 'Свердловская обл.', 56.8389, 60.6057, '620000'],
  ['novosibirsk', 'Новосибирск', 'Новосибирская обл.', 55.0084, 82.9357, '630000'],
  ['kazan', 'Казань', 'Респ. Татарстан', 55.7961, 49.1064, '420000'],
  ['nizhnij-novgorod', 'Нижний Новгород', 'Нижегородская обл.', 56.2965, 43.9361, '603000'],
  ['krasnodar', 'Краснодар', 'Краснодарский край', 45.0355, 38.9753, '350000'],
  ['samara', 'Самара', 'Самарская обл.', 53.1959, 50.1002, '443000'],
  ['voronezh', 'Воронеж', 'Воронежская обл.', 51.6606, 39.2006, '394000'],
  ['rostov-na-donu', 'Ростов-на-Дону', 'Ростовская обл.', 47.2357, 39.7015, '344000'],
  ['perm', 'Пермь', 'Пермский край', 58.0105, 56.2502, '614000'],
  ['ufa', 'Уфа', 'Респ. Башкортостан', 54.7388, 55.9721, '450000'],
  ['chelyabinsk', 'Челябинск', 'Челябинская обл.', 55.1644, 61.4368, '454000'],
  ['omsk', 'Омск', 'Омская обл.', 54.9885, 73.3242, '644000'],
  ['krasnoyarsk', 'Красноярск', 'Красноярский край', 56.0153, 92.8932, '660000'],
  ['volgograd', 'Волгоград', 'Волгоградская обл.', 48.708, 44.5133, '400000'],
  ['saratov', 'Саратов', 'Саратовская обл.', 51.5331, 46.0342, '410000'],
  ['tyumen', 'Тюмень', 'Тюменская обл.', 57.1522, 65.5272, '625000'],
  ['tomsk', 'Томск', 'Томская обл.', 56.4846, 84.9476, '634000'],
  ['izhevsk', 'Ижевск', 'Удмуртская Респ.', 56.8526, 53.2045, '426000'],
  ['barnaul', 'Барнаул', 'Алтайский край', 53.3548, 83.7698, '656000'],
  ['irkutsk', 'Иркутск', 'Иркутская обл.', 52.2869, 104.305, '664000'],
  ['ulyanovsk', 'Ульяновск', 'Ульяновская обл.', 54.3142, 48.4031, '432000'],
  ['khabarovsk', 'Хабаровск', 'Хабаровский край', 48.4802, 135.0719, '680000'],
  ['vladivostok', 'Владивосток', 'Приморский край', 43.1155, 131.8855, '690000'],
  ['yaroslavl', 'Ярославль', 'Ярославская обл.', 57.6261, 39.8845, '150000'],
  ['makhachkala', 'Махачкала', 'Респ. Дагестан', 42.9849, 47.5047, '367000'],
  ['orenburg', 'Оренбург', 'Оренбургская обл.', 51.7682, 55.097, '460000'],
  ['kemerovo', 'Кемерово', 'Кемеровская обл.', 55.3547, 86.0873, '650000'],
  ['novokuznetsk', 'Новокузнецк', 'Кемеровская обл.', 53.7557, 87.1099, '654000'],
  ['ryazan', 'Рязань', 'Рязанская обл.', 54.6292, 39.7364, '390000'],
  ['astrakhan', 'Астрахань', 'Астраханская обл.', 46.3479, 48.0336, '414000'],
  ['naberezhnye-chelny', 'Набережные Челны', 'Респ. Татарстан', 55.7436, 52.3958, '423800'],
  ['penza', 'Пенза', 'Пензенская обл.', 53.1959, 45.0183, '440000'],
  ['kirov', 'Киров', 'Кировская обл.', 58.6035, 49.668, '610000'],
  ['lipetsk', 'Липецк', 'Липецкая обл.', 52.6088, 39.5992, '398000'],
  ['cheboksary', 'Чебоксары', 'Чувашская Респ.', 56.1322, 47.2519, '428000'],
  ['kaliningrad', 'Калининград', 'Калининградская обл.', 54.7104, 20.4522, '236000'],
  ['tula', 'Тула', 'Тульская обл.', 54.1931, 37.6173, '300000'],
  ['kursk', 'Курск', 'Курская обл.', 51.7304, 36.1926, '305000'],
  ['stavropol', 'Ставрополь', 'Ставропольский край', 45.0428, 41.9734, '355000'],
  ['sochi', 'Сочи', 'Краснодарский край', 43.5855, 39.7231, '354000'],
  ['tver', 'Тверь', 'Тверская обл.', 56.8587, 35.9176, '170000'],
  ['ivanovo', 'Иваново', 'Ивановская обл.', 57.0004, 40.9739, '153000'],
  ['bryansk', 'Брянск', 'Брянская обл.', 53.2434, 34.3636, '241000'],
  ['belgorod', 'Белгород', 'Белгородская обл.', 50.5997, 36.5983, '308000'],
  ['surgut', 'Сургут', 'Ханты-Мансийский АО', 61.254, 73.3962, '628400'],
  ['vladimir', 'Владимир', 'Владимирская обл.', 56.1291, 40.4066, '600000'],
  ['arkhangelsk', 'Архангельск', 'Архангельская обл.', 64.5393, 40.5187, '163000'],
  ['chita', 'Чита', 'Забайкальский край', 52.0515, 113.4712, '672000'],
  ['smolensk', 'Смоленск', 'Смоленская обл.', 54.7826, 32.0453, '214000'],
  ['kaluga', 'Калуга', 'Калужская обл.', 54.5293, 36.2754, '248000'],
  ['murmansk', 'Мурманск', 'Мурманская обл.', 68.9585, 33.0827, '183000'],
  ['vologda', 'Вологда', 'Вологодская обл.', 59.2181, 39.8886, '160000'],
  ['yakutsk', 'Якутск', 'Респ. Саха (Якутия)', 62.0355, 129.6755, '677000'],
  ['petrozavodsk', 'Петрозаводск', 'Респ. Карелия', 61.7849, 34.3469, '185000'],
  ['syktyvkar', 'Сыктывкар', 'Респ. Коми', 61.6688, 50.8364, '167000'],
  ['velikij-novgorod', 'Великий Новгород', 'Новгородская обл.', 58.5215, 31.2755, '173000'],
  ['pskov', 'Псков', 'Псковская обл.', 57.8194, 28.3318, '180000'],
  ['kostroma', 'Кострома', 'Костромская обл.', 57.7679, 40.9269, '156000'],
  ['tambov', 'Тамбов', 'Тамбовская обл.', 52.7212, 41.4523, '392000'],
  ['orel', 'Орёл', 'Орловская обл.', 52.9703, 36.0635, '302000'],
  ['kurgan', 'Курган', 'Курганская обл.', 55.441, 65.3411, '640000'],
  ['magnitogorsk', 'Магнитогорск', 'Челябинская обл.', 53.4072, 58.9791, '455000'],
  ['nizhnij-tagil', 'Нижний Тагил', 'Свердловская обл.', 57.9101, 59.9813, '622000'],
  ['podolsk', 'Подольск', 'Московская обл.', 55.4312, 37.5446, '142100'],
  ['khimki', 'Химки', 'Московская обл.', 55.8887, 37.4304, '141400'],
  ['balashikha', 'Балашиха', 'Московская обл.', 55.7963, 37.9382, '143900'],
];

export const TEST_TOWNS: readonly CarrierTown[] = TOWNS.map(([code, name, region, lat, lon, postcode]) => ({
  code,
  name,
  region,
  lat,
  lon,
  postcode,
}));

/** Where the shop's parcels leave from: Moscow, the seed's first city. */
export const TEST_FROM = TEST_TOWNS[0] as CarrierTown;

/** How names are compared: lower case, «ё» as «е», spaces squeezed. */
export const nameKey = (text: string) => text.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();

/** Towns whose names start with the query (any case, «ё» as «е»), in the list's order (the biggest first), at most 20. */
export function townsStarting(query: string): CarrierTown[] {
  const key = nameKey(query);
  if (!key) return [];
  return TEST_TOWNS.filter((t) => nameKey(t.name).startsWith(key)).slice(0, 20);
}

export const townByCode = (code: string) => TEST_TOWNS.find((t) => t.code === code) ?? null;

/** A small stable number of a text (FNV-1a): what varies between towns without any randomness. */
function hashOf(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619);
  return h >>> 0;
}

const PHONE = '+7 (800) 100-20-30';
const STREETS = ['ул. Ленина', 'ул. Советская', 'пр. Мира', 'ул. Гагарина', 'ул. Кирова', 'пр. Победы', 'ул. Пушкина'];
const WEEK = 'пн–сб 10:00–20:00, вс 11:00–18:00';
const DAILY = 'ежедневно 09:00–21:00';

/** The heaviest parcel the test carrier's locker takes, grams. */
export const LOCKER_WEIGHT_MAX = 5000;

const round6 = (n: number) => Number(n.toFixed(6));

/** A seed city's points: the seeded rows (db/seed/catalog.ts `buildPickupPoints`), with what the carrier adds. */
function seededPoints(town: CarrierTown): CarrierPoint[] | null {
  const centre = CITY_CENTRES[town.code];
  const streets = PICKUP_STREETS[town.code];
  const cityId = CITIES.findIndex((c) => c.code === town.code) + 1;
  if (!centre || !streets || cityId === 0) return null;
  const [lat, lon] = centre;
  return streets.map((street, n) => ({
    code: `${town.code}-${n + 1}`,
    kind: 'point',
    name: `Пункт выдачи «Снежный экспресс» № ${cityId}${n + 1}`,
    address: `${town.name}, ${street}`,
    lat: round6(lat + Math.sin(n * 2.1) * 0.05),
    lon: round6(lon + Math.cos(n * 2.1) * 0.08),
    hours: n % 2 ? DAILY : WEEK,
    phone: PHONE,
    fittingRoom: n % 2 === 0,
    tryOn: n % 2 === 0,
    card: true,
    cash: true,
    cashOnReceipt: true,
    weightMax: null,
  }));
}

/**
 * A town's points: the seeded ones for the seed's cities; for any other, 4–8 around its centre — the first with a
 * fitting room, the second a locker with a weight limit (no cash there), the third a point without cash, the rest
 * alternating with and without a fitting room.
 */
export function pointsOf(town: CarrierTown): CarrierPoint[] {
  const known = townByCode(town.code);
  if (!known || known.lat === null || known.lon === null) return [];
  const seeded = seededPoints(known);
  if (seeded) return seeded;
  const h = hashOf(known.code);
  const count = 4 + (h % 5);
  return Array.from({ length: count }, (_, i): CarrierPoint => {
    const locker = i === 1;
    const fittingRoom = i === 0 || (i >= 3 && i % 2 === 1);
    const street = STREETS[(h + i) % STREETS.length] as string;
    return {
      code: `${known.code}-${i + 1}`,
      kind: locker ? 'locker' : 'point',
      name: `${locker ? 'Постамат' : 'Пункт выдачи'} «Снежный экспресс» № ${(h % 90) + 10}${i + 1}`,
      address: `${known.name}, ${street}, ${((h >>> (i + 2)) % 120) + 1}`,
      lat: round6((known.lat as number) + Math.sin(i * 2.1) * 0.03 * (1 + i / 8)),
      lon: round6((known.lon as number) + Math.cos(i * 2.1) * 0.05 * (1 + i / 8)),
      hours: locker ? 'круглосуточно' : i % 2 ? DAILY : WEEK,
      phone: locker ? '' : PHONE,
      fittingRoom,
      tryOn: fittingRoom,
      card: true,
      cash: !locker && i !== 2,
      cashOnReceipt: true,
      weightMax: locker ? LOCKER_WEIGHT_MAX : 30_000,
    };
  });
}

/** Kopecks, rounded up to whole tens of roubles as a carrier's price list is. */
const tens = (roubles: number) => Math.ceil(roubles / 10) * 1000;

/**
 * The test carrier's prices and days: a base for a parcel up to 3 kg (a courier dearer than a point, a locker the
 * cheapest), more for each further kilogram and for the distance between the towns' centres; a day for the same
 * town, one more each 700 km. A locker takes at most 20 kg.
 */
export function quoteOf(parcel: Parcel, from: CarrierTown, to: CarrierTown): CarrierQuote[] {
  const a = townByCode(from.code) ?? from;
  const b = townByCode(to.code) ?? to;
  const km =
    a.lat === null || a.lon === null || b.lat === null || b.lon === null
      ? 1000
      : distanceKm({ lat: a.lat, lon: a.lon }, { lat: b.lat, lon: b.lon });
  const extraKg = Math.max(0, Math.ceil((parcel.weight - 3000) / 1000));
  const days = km < 50 ? 1 : 1 + Math.ceil(km / 700);
  const quotes: CarrierQuote[] = [
    { kind: 'courier', price: tens(390 + 50 * extraKg + km * 0.15), daysMin: days, daysMax: days + 1 },
    { kind: 'point', price: tens(250 + 40 * extraKg + km * 0.12), daysMin: days, daysMax: days + 2 },
  ];
  if (parcel.weight <= 20_000)
    quotes.push({ kind: 'locker', price: tens(200 + 30 * extraKg + km * 0.1), daysMin: days, daysMax: days + 2 });
  return quotes;
}
