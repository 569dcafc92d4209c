import type { SearchMatch } from '../catalog/listing/listing.service';
import type { RequestContext } from '../context';
import { type OrderStatus, orderNumber, STATUS_NAMES } from '../order/process';
import { requirePermission, roleMay, shopScope } from '../staff/permissions';
import { type DeskQuery, isEmptyQuery, parseDeskQuery } from './desk-query';
import { guestId } from '../customers/guests';

/** An order the search found. */
export interface OrderHit {
  id: number;
  status: OrderStatus;
  total: number;
  createdAt: string;
  name: string;
  phone: string;
  email: string;
  trackingNumber: string | null;
  place: string;
}

export interface ProductHit {
  id: number;
  name: string;
  article: string;
  brand: string;
  color: string;
  published: boolean;
  /** The size whose barcode or 1C id the query is, when it was found by one. */
  size: string | null;
}

/** A customer: an account, or a guest known only by the phone of their orders. */
export interface CustomerHit {
  /** The account's id; null for a guest. */
  id: number | null;
  /** A guest's latest order: the customers desk opens a guest's card by any of their orders. */
  guestOrderId?: number;
  name: string;
  phone: string | null;
  email: string;
  orders: number;
}

export interface Found<T> {
  rows: T[];
  /** How many match in all (the rows are the first of them). */
  total: number;
}

/** The search's SQL (db/repositories/desk-search.ts). */
export interface DeskSearchReads {
  orders(q: DeskQuery, options: { shopId?: number; limit: number }): Promise<Found<OrderHit>>;
  /** `match`: the query as the shop's own search reads it (stems, brands, colours, typos), or null. */
  products(q: DeskQuery, match: SearchMatch | null, limit: number): Promise<Found<ProductHit>>;
  /** Accounts first, then guests (orders without an account, by phone). */
  customers(q: DeskQuery, options: { guests: boolean; limit: number }): Promise<Found<CustomerHit>>;
}

/** One result as the box and the page show it: a title, a line under it, where it opens. */
export interface SearchItem {
  kind: 'order' | 'product' | 'customer';
  id: number | null;
  title: string;
  detail: string;
  href: string;
}

export interface SearchGroup {
  items: SearchItem[];
  total: number;
  /** The full list filtered by the same query. */
  more: string;
}

/** The search's answer: only the groups the member's role may see. */
export interface DeskSearchResult {
  q: string;
  orders?: SearchGroup;
  products?: SearchGroup;
  customers?: SearchGroup;
}

export interface DeskSearchService {
  search(ctx: RequestContext, text: string, limit?: number): Promise<DeskSearchResult>;
}

const roubles = (kopecks: number) => `${new Intl.NumberFormat('ru-RU').format(Math.round(kopecks / 100))} ₽`;
const phoneOf = (phone: string) =>
  /^7\d{10}$/.test(phone)
    ? `+7 (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9, 11)}`
    : phone;
const withQuery = (path: string, q: string) => `${path}?${new URLSearchParams({ q })}`;

export function orderItem(o: OrderHit): SearchItem {
  const who = [o.name, phoneOf(o.phone)].filter(Boolean).join(', ');
  const parts = [STATUS_NAMES[o.status], who, roubles(o.total)];
  if (o.trackingNumber) parts.push(`трек ${o.trackingNumber}`);
  return {
    kind: 'order',
    id: o.id,
    title: `Заказ № ${orderNumber(o.id)}`,
    detail: parts.join(' · '),
    href: `/admin/orders/${o.id}/`,
  };
}

export function productItem(p: ProductHit): SearchItem {
  const parts = [`арт. ${p.article}`, p.brand, p.color];
  if (p.size) parts.push(`размер ${p.size}`);
  if (!p.published) parts.push('снят с продажи');
  return {
    kind: 'product',
    id: p.id,
    title: p.name,
    detail: parts.filter(Boolean).join(' · '),
    href: `/admin/products/${p.id}/`,
  };
}

export function customerItem(c: CustomerHit): SearchItem {
  const orders = `заказов: ${c.orders}`;
  const parts = [c.phone ? phoneOf(c.phone) : '', c.email, orders];
  if (c.id === null)
    return {
      kind: 'customer',
      id: null,
      title: `${c.name || 'Покупатель'} (без аккаунта)`,
      detail: parts.filter(Boolean).join(' · '),
      href: c.guestOrderId
        ? `/admin/customers/${guestId(c.guestOrderId)}/`
        : withQuery('/admin/orders/', c.phone ?? ''),
    };
  return {
    kind: 'customer',
    id: c.id,
    title: c.name || c.email,
    detail: parts.filter(Boolean).join(' · '),
    href: `/admin/customers/${c.id}/`,
  };
}

/**
 * The back office's one search (issue 47.3): orders, products and customers at once, each group only for a role
 * that may read it, a shop's staff only their shop's orders.
 */
export function createDeskSearchService(deps: {
  reads: DeskSearchReads;
  /** The shop's own search of a query (the storefront's `/search/`), or null when it reads nothing. */
  plan: (text: string) => Promise<{ match: SearchMatch } | null>;
}): DeskSearchService {
  const { reads } = deps;
  return {
    async search(ctx, text, limit = 5) {
      const member = requirePermission(ctx, 'account.manage');
      const q = parseDeskQuery(text);
      const result: DeskSearchResult = { q: q.text };
      if (isEmptyQuery(q)) return result;
      const mayOrders = roleMay(member, 'orders.read');
      const mayProducts = roleMay(member, 'catalog.edit');
      const mayCustomers = roleMay(member, 'customers.read');
      const [orders, products, customers] = await Promise.all([
        mayOrders ? reads.orders(q, { shopId: shopScope(member, 'orders.read'), limit }) : null,
        mayProducts ? deps.plan(q.text).then((plan) => reads.products(q, plan?.match ?? null, limit)) : null,
        mayCustomers ? reads.customers(q, { guests: mayOrders, limit }) : null,
      ]);
      if (orders)
        result.orders = {
          items: orders.rows.map(orderItem),
          total: orders.total,
          more: withQuery('/admin/orders/', q.text),
        };
      if (products)
        result.products = {
          items: products.rows.map(productItem),
          total: products.total,
          more: withQuery('/admin/products/', q.text),
        };
      if (customers)
        result.customers = {
          items: customers.rows.map(customerItem),
          total: customers.total,
          more: withQuery('/admin/customers/', q.text),
        };
      return result;
    },
  };
}
