/** The spec's sort state (§3: value, list, default). `default_desc` is popularity and never appears in a URL. */

export const SORT_LIST = [
  { value: 'default_desc', name: 'По популярности' },
  { value: 'price_asc', name: 'Сначала дешевле' },
  { value: 'price_desc', name: 'Сначала дороже' },
  { value: 'new_desc', name: 'Сначала новинки' },
  { value: 'discount_desc', name: 'По размеру скидки' },
] as const;

export type SortValue = (typeof SORT_LIST)[number]['value'];

export const DEFAULT_SORT: SortValue = 'default_desc';

export interface SortState {
  value: SortValue;
  list: { value: SortValue; name: string }[];
  default: SortValue;
}

export function isSortValue(value: string): value is SortValue {
  return SORT_LIST.some((s) => s.value === value);
}

/** The sort a `?sort=` value asks for: absent or empty means the default; null for an unknown value. */
export function parseSort(raw: string | null | undefined): SortValue | null {
  if (raw == null || raw === '') return DEFAULT_SORT;
  return isSortValue(raw) ? raw : null;
}

export function sortState(value: SortValue): SortState {
  return { value, list: SORT_LIST.map((s) => ({ ...s })), default: DEFAULT_SORT };
}

export function sortName(value: SortValue): string {
  return SORT_LIST.find((s) => s.value === value)?.name ?? '';
}
