import type { CarrierKind, CarrierPoint, TrackEventKind } from '../../domain/delivery/carrier';

/**
 * CDEK's words and the shop's (as yookassa-words.ts is for payments): the adapter speaks CDEK on the wire and the
 * shop's words to the domain. https://api-docs.cdek.ru (order statuses, tariff delivery modes, point types).
 */

/**
 * A tariff's `delivery_mode` → the kind it delivers. Only the modes that start at a CDEK office: the shop hands its
 * parcels in at its drop-off point (`CDEK_FROM`), so a door-from tariff (1, 2, 6) cannot be registered from there.
 * 3 склад-дверь (137, 482…), 4 склад-склад (136, 483…), 7 склад-постамат (368, 486…).
 */
export const KIND_OF_DELIVERY_MODE: Readonly<Record<number, CarrierKind>> = {
  3: 'courier',
  4: 'point',
  7: 'locker',
};

/** A pickup point's `type`. */
export const POINT_KIND_OF: Readonly<Record<string, CarrierPoint['kind']>> = {
  PVZ: 'point',
  POSTAMAT: 'locker',
};

/**
 * An order's status `code` → the shop's event; a code not listed (CREATED, ACCEPTED — the order record, not the
 * parcel —, INVALID, REMOVED, customs, a locker emptied by the courier) is not an event of the parcel's way and is
 * skipped. DELIVERED is refined by the order's items (a partly kept parcel) in the adapter.
 */
export const EVENT_OF_STATUS: Readonly<Record<string, TrackEventKind>> = {
  RECEIVED_AT_SHIPMENT_WAREHOUSE: 'accepted',
  READY_FOR_SHIPMENT_IN_SENDER_CITY: 'in_transit',
  READY_TO_SHIP_AT_SENDING_OFFICE: 'in_transit',
  TAKEN_BY_TRANSPORTER_FROM_SENDER_CITY: 'in_transit',
  SENT_TO_TRANSIT_CITY: 'in_transit',
  ACCEPTED_IN_TRANSIT_CITY: 'in_transit',
  ACCEPTED_AT_TRANSIT_WAREHOUSE: 'in_transit',
  RETURNED_TO_TRANSIT_WAREHOUSE: 'in_transit',
  READY_FOR_SHIPMENT_IN_TRANSIT_CITY: 'in_transit',
  TAKEN_BY_TRANSPORTER_FROM_TRANSIT_CITY: 'in_transit',
  SENT_TO_RECIPIENT_CITY: 'in_transit',
  ACCEPTED_IN_RECIPIENT_CITY: 'in_transit',
  ACCEPTED_AT_RECIPIENT_CITY_WAREHOUSE: 'in_transit',
  TAKEN_BY_COURIER: 'in_transit',
  RETURNED_TO_RECIPIENT_CITY_WAREHOUSE: 'in_transit',
  ACCEPTED_AT_PICK_UP_POINT: 'arrived',
  POSTOMAT_POSTED: 'arrived',
  DELIVERED: 'handed_over',
  POSTOMAT_RECEIVED: 'handed_over',
  NOT_DELIVERED: 'refused',
  // On its way back the parcel is in the sender's town again: the shop can take it from its drop-off point.
  RETURNED_TO_SENDER_CITY_WAREHOUSE: 'returned',
  RETURNED: 'returned',
};

export const eventOfStatus = (code: string): TrackEventKind | null =>
  Object.hasOwn(EVENT_OF_STATUS, code) ? EVENT_OF_STATUS[code] : null;
