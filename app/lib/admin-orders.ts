import { data } from 'react-router';
import type { DeskFilter } from '../../domain/order/desk';
import { DELIVERY_NAMES, STATUS_NAMES } from '../../domain/order/process';
import { isDeskQueue } from '../../domain/order/queues';

/** The desk list's filters as the address keeps them: the names the list call and the CSV export take. */
export const FILTER_KEYS = ['queue', 'status', 'deliveryType', 'shopId', 'q', 'from', 'to', 'sort'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const SORTS = { new: 'Сначала новые', old: 'Сначала старые', total: 'По сумме' } as const;

const ID = /^\d{1,9}$/;

/** A real calendar day as `YYYY-MM-DD` (not 2026-02-30). */
function isDay(value: string | undefined): value is string {
  const at = value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  return !Number.isNaN(at) && new Date(at).toISOString().startsWith(value as string);
}

/** The filter the address asks for; a value the desk does not know is left out rather than refused. */
export function deskFilter(params: URLSearchParams): DeskFilter {
  const get = (key: string) => params.get(key)?.trim() || undefined;
  const status = get('status');
  const deliveryType = get('deliveryType');
  const sort = get('sort');
  const page = get('page');
  return {
    queue: isDeskQueue(get('queue')) ? (get('queue') as DeskFilter['queue']) : undefined,
    status: status && status in STATUS_NAMES ? (status as DeskFilter['status']) : undefined,
    deliveryType:
      deliveryType && deliveryType in DELIVERY_NAMES ? (deliveryType as DeskFilter['deliveryType']) : undefined,
    shopId: ID.test(get('shopId') ?? '') ? Number(get('shopId')) : undefined,
    q: get('q')?.slice(0, 100),
    from: isDay(get('from')) ? get('from') : undefined,
    to: isDay(get('to')) ? get('to') : undefined,
    sort: sort && sort in SORTS ? (sort as DeskFilter['sort']) : undefined,
    page: page && ID.test(page) && Number(page) > 0 ? Number(page) : undefined,
  };
}

/** The address's query of `filter` with `change` applied: only set values, in one order (tabs, pages, export). */
export function deskQuery(filter: DeskFilter, change: Partial<Record<FilterKey | 'page', string | number>> = {}) {
  const query = new URLSearchParams();
  for (const key of [...FILTER_KEYS, 'page'] as const) {
    const value = key in change ? change[key] : filter[key];
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** An order's id from the address, or a 404. */
export function orderId(param: string | undefined): number {
  if (!param || !ID.test(param)) throw data('Такого заказа нет.', { status: 404 });
  return Number(param);
}
