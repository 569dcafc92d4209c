import { data } from 'react-router';
import { type ProductFilter, productFilterInput } from '../../domain/catalog/admin/admin.schemas';

// Apart from app/lib/admin-catalog.ts: the pages' JavaScript carries no schema module (zod), only their loaders do.

/** The catalogue list's filter from the page's address; a bad one is a 400 with its Russian message. */
export function catalogFilter(params: URLSearchParams): ProductFilter {
  const parsed = productFilterInput.safeParse(Object.fromEntries(params));
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? 'Проверьте фильтр.', { status: 400 });
  return parsed.data;
}
