import { data } from 'react-router';
import type { ProductFilter } from '../../domain/catalog/admin/admin.schemas';
import { PARCEL_LIMITS } from '../../domain/catalog/admin/rules';

/** The catalogue list's filter fields, as the address and the bulk change's form carry them. */
export const PRODUCT_FILTERS = ['q', 'sectionId', 'brandId', 'published', 'inStock', 'hasPhotos'] as const;

/** The form fields of a filter (what the address and the bulk change's hidden fields carry). */
export function filterFields(filter: Partial<ProductFilter>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  }
  return out;
}

/** `?q=…&page=2` of a filter with `changes` over it; empty values dropped. */
export function catalogQuery(filter: Partial<ProductFilter>, changes: Record<string, string | number> = {}) {
  const params = new URLSearchParams(filterFields(filter));
  for (const [key, value] of Object.entries(changes)) {
    if (value === '' || value === undefined) params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Kopecks as an input's value in roubles: `1990`, `1990.50`. */
export const roublesField = (kopecks: number | null) =>
  kopecks === null ? '' : kopecks % 100 === 0 ? String(kopecks / 100) : (kopecks / 100).toFixed(2);

/** A product id from the path: a number, or the page's «not found». */
export function productIdParam(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw data('Товар не найден.', { status: 404 });
  return Number(value);
}

/**
 * The posted weight and size fields as the schemas read them: each as typed ('' = none of its own, by section), absent
 * ones left out; with `blankStays` (the bulk form) an empty one is left out too: it stays as it is.
 */
export const parcelFieldsOf = (form: { has(name: string): boolean; text(name: string): string }, blankStays = false) =>
  Object.fromEntries(
    Object.keys(PARCEL_LIMITS)
      .filter((fact) => form.has(fact) && !(blankStays && form.text(fact).trim() === ''))
      .map((fact) => [fact, form.text(fact)]),
  );
