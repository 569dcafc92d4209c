/**
 * The one analytics module (spec §7): goals and events go to `/api/v2/event/set/`, goals to Yandex Metrica too
 * when the shop has a counter (app/lib/metrica.ts). Nothing at all is sent while the
 * `stopmetrica` cookie is `Y`.
 */
import { API } from '../../contract/api';
import { formWithSessid } from './api';
import { readCookie } from './cookies';
import { withMetrica } from './metrica-gate';

/** Spec §7's goal names exactly as written there, spaces and the misspelt `adress_shops` included. */
export const GOALS = [
  'login page',
  'send code',
  'register',
  'email confirm',
  'discount-card request',
  'order confirm',
  'take-from-store',
  'order count limit',
  'adress_shops',
  'view_directions',
  'print_directions',
  'go_to_cart',
  'add_to_cart',
  'delete_from_cart',
  'view_item',
] as const;
export type Goal = (typeof GOALS)[number];
export type EventParams = Record<string, unknown>;

export function analyticsEnabled(): boolean {
  return readCookie(document.cookie, 'stopmetrica') !== 'Y';
}

/** Sends an event; never throws and never waits for the answer, so analytics cannot break a purchase. */
export function sendEvent(event1: string, event2 = '', params: EventParams = {}): void {
  if (!analyticsEnabled()) return;
  formWithSessid({ method: 'event.set', event1, event2, params: JSON.stringify(params) })
    // keepalive: a goal sent on a click that leaves the page still arrives.
    .then((body) => fetch(API.eventSet, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }))
    // No fetch (very old browsers), no network, no sessid: no analytics, and nothing for the page to handle.
    .catch(() => {});
}

export function reachGoal(name: Goal, params: EventParams = {}): void {
  sendEvent('goal', name, params);
  withMetrica((m) => m.metricaGoal(name));
}
