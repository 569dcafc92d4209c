/**
 * Yandex Metrica (issue 43.4), only when the shop sets `METRICA_ID` and the visitor has not refused it (the
 * `stopmetrica` cookie is `Y`): the counter's script loads once the page is idle, goals go to `reachGoal`,
 * e-commerce to `window.dataLayer`. Without either nothing is loaded and nothing is sent.
 */
import { pageOptions } from './api';
import { readCookie } from './cookies';
import { PENDING_PURCHASES, type PlacedOrder } from './metrica-gate';
import { basketMessage, detailMessage, type EcommerceMessage, lineProduct, purchaseMessage } from './metrica-ecommerce';

export const METRICA_SCRIPT = 'https://mc.yandex.ru/metrika/tag.js';

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
  for (const order of takePending())
    window.dataLayer?.push(purchaseMessage({ ...order, lines: order.lines.map(lineProduct) }));
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

function takePending(): PlacedOrder[] {
  try {
    const list = JSON.parse(sessionStorage.getItem(PENDING_PURCHASES) ?? '[]');
    sessionStorage.removeItem(PENDING_PURCHASES);
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** A size added to or taken out of the basket, as the basket line reads it. */
export function metricaBasket(kind: 'add' | 'remove', line: Parameters<typeof lineProduct>[0]): void {
  metricaEcommerce(basketMessage(kind, lineProduct(line)));
}

export { detailMessage };
