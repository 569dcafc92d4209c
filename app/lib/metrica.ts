/**
 * Yandex Metrica (issue 43.4), only when the shop sets `METRICA_ID` and the visitor has not refused it (the
 * `stopmetrica` cookie is `Y`): the counter's script loads once the page is idle, goals go to `reachGoal`,
 * e-commerce to `window.dataLayer`. Without either nothing is loaded and nothing is sent.
 */
import { pageOptions } from './api';
import { readCookie } from './cookies';
import type { EcommerceMessage } from './metrica-ecommerce';

export const METRICA_SCRIPT = 'https://mc.yandex.ru/metrika/tag.js';
/** Messages kept for the tab's next page (sessionStorage): the page that placed an order is left at once. */
const PENDING = 'metrica_pending';

type Ym = ((id: number, method: string, ...args: unknown[]) => void) & { a?: unknown[][]; l?: number };
declare global {
  interface Window {
    ym?: Ym;
    dataLayer?: unknown[];
  }
}

/** The counter's number, or null when Metrica is off for this page or this visitor. */
function counterId(): number | null {
  if (typeof document === 'undefined' || readCookie(document.cookie, 'stopmetrica') === 'Y') return null;
  const id = Number(pageOptions().metricaId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The counter's queue, made (and the counter initialised) on first use: goals sent before the script are kept. */
function counter(): ((method: string, ...args: unknown[]) => void) | null {
  const id = counterId();
  if (id === null) return null;
  if (!window.ym) {
    const ym: Ym = (...args) => {
      ym.a = ym.a ?? [];
      ym.a.push(args);
    };
    ym.l = Date.now();
    window.ym = ym;
    window.dataLayer = window.dataLayer ?? [];
    ym(id, 'init', { ecommerce: 'dataLayer', clickmap: true, trackLinks: true, accurateTrackBounce: true });
  }
  return (method, ...args) => window.ym?.(id, method, ...args);
}

/** Loads the counter's script once the page has loaded and the browser has nothing else to do. */
export function startMetrica(): void {
  if (!counter() || document.querySelector(`script[src="${METRICA_SCRIPT}"]`)) return;
  for (const message of takePending()) window.dataLayer?.push(message);
  const load = () => {
    const script = document.createElement('script');
    script.async = true;
    script.src = METRICA_SCRIPT;
    document.head.append(script);
  };
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(load, { timeout: 5000 }) : setTimeout(load, 1);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

export function metricaGoal(name: string): void {
  counter()?.('reachGoal', name);
}

export function metricaEcommerce(message: EcommerceMessage): void {
  if (counter()) window.dataLayer?.push(message);
}

/** A message the next page of this tab sends: this one goes away before its counter could (an order placed). */
export function metricaEcommerceNextPage(message: EcommerceMessage): void {
  if (counterId() === null) return;
  try {
    sessionStorage.setItem(PENDING, JSON.stringify([...readPending(), message]));
  } catch {
    // No storage (a private mode's quota): the message is lost, the order is not.
  }
}

function readPending(): EcommerceMessage[] {
  try {
    const list = JSON.parse(sessionStorage.getItem(PENDING) ?? '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function takePending(): EcommerceMessage[] {
  const list = readPending();
  try {
    sessionStorage.removeItem(PENDING);
  } catch {
    return [];
  }
  return list;
}
