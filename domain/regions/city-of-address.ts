import type { City } from './ports';

/** Lower case, «ё» as «е», punctuation and the «г.» of a city as spaces: how names are compared. */
const words = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^a-zа-я0-9-]+/g, ' ')
    .replace(/(^| )г( |$)/g, ' ')
    .trim()} `;

/**
 * The city an address names (typed by the shopper or from the browser's geolocation through the maps service),
 * matched against the shop's cities by whole words: «Москва, Тверская 7» and «Россия, г. Нижний Новгород» find
 * theirs, «Новая Москва-река» does not. The longest name wins («Нижний Новгород» over a city called «Новгород»).
 */
export function cityOfAddress(address: string, cities: readonly City[]): City | null {
  const text = words(address);
  const found = cities.filter((c) => text.includes(words(c.name))).sort((a, b) => b.name.length - a.name.length);
  return found[0] ?? null;
}
