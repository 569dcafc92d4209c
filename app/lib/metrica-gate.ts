/**
 * The part of Yandex Metrica every page carries: whether it is on here (the shop's `METRICA_ID`, and no `stopmetrica`
 * cookie), and an order placed kept for the tab's next page. The counter's own code (app/lib/metrica.ts) loads only
 * where it is on, so a shop without a counter pays nothing for it.
 */
import { pageOptions } from './api';
import { readCookie } from './cookies';

/** Where `startMetrica` finds the orders this tab placed: the page that placed one is left at once. */
export const PENDING_PURCHASES = 'metrica_pending';

/** An order placed as the next page reports it: its number, revenue (roubles) and lines. */
export interface PlacedOrder {
  id: number;
  revenue: number;
  lines: {
    product: { id: number; name: string; brandName?: string; category?: string };
    offer: { sizeName: string; price: number };
    quantity: number;
    unitPrice?: number;
  }[];
}

export function metricaOn(): boolean {
  if (typeof document === 'undefined' || readCookie(document.cookie, 'stopmetrica') === 'Y') return false;
  const id = Number(pageOptions().metricaId);
  return Number.isSafeInteger(id) && id > 0;
}

/** Runs `use` with the counter's module, loaded on first use, where Metrica is on; never throws. */
export function withMetrica(use: (metrica: typeof import('./metrica')) => void): void {
  if (metricaOn()) import('./metrica').then(use).catch(() => {});
}

/** Keeps an order placed for the next page of this tab to report (synchronously: this page is about to go). */
export function reportOnNextPage(order: PlacedOrder): void {
  if (!metricaOn()) return;
  try {
    const kept = JSON.parse(sessionStorage.getItem(PENDING_PURCHASES) ?? '[]');
    sessionStorage.setItem(PENDING_PURCHASES, JSON.stringify([...(Array.isArray(kept) ? kept : []), order]));
  } catch {
    // No storage (a private mode's quota): the report is lost, the order is not.
  }
}
