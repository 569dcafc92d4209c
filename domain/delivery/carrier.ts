/**
 * The one interface every delivery carrier is reached through (issue 42), in the shop's words: CDEK when its keys
 * are set, the shop's own test carrier otherwise, none when the shop delivers only by its own courier and from its
 * shops. Weights are grams, sizes centimetres, money kopecks. A carrier's own words (tariff codes, PVZ, statuses)
 * stay in its adapter.
 */

/** A settlement the carrier serves, as the checkout's town choice shows it. */
export interface CarrierTown {
  /** The carrier's own id of the town (CDEK's city code, the test carrier's code). */
  code: string;
  name: string;
  /** «Московская обл.», «Свердловская обл.»; empty for a federal city. */
  region: string;
  /** For the nearest-shop rule and the map's centre; null when the carrier does not say. */
  lat: number | null;
  lon: number | null;
  /** The post index the carrier knows the town by, when it says one. */
  postcode: string | null;
}

/** A pickup point (a staffed point) or a parcel locker, with what a clothing shopper chooses it by. */
export interface CarrierPoint {
  /** The carrier's code of the point: what a shipment is addressed to. */
  code: string;
  kind: 'point' | 'locker';
  name: string;
  address: string;
  lat: number;
  lon: number;
  /** The week in a line, as the carrier writes it. */
  hours: string;
  phone: string;
  fittingRoom: boolean;
  /** The shopper may try things on and return part of the parcel there (a locker never). */
  tryOn: boolean;
  /** Paying at the point: by card, in cash; `cashOnReceipt` whether the carrier collects an unpaid order's sum. */
  card: boolean;
  cash: boolean;
  cashOnReceipt: boolean;
  /** The heaviest parcel the point takes, grams; null when it does not say. */
  weightMax: number | null;
}

/** The delivery kinds a carrier quotes for. */
export type CarrierKind = 'courier' | 'point' | 'locker';

/** What is sent: the basket's parcel. */
export interface Parcel {
  weight: number;
  length: number;
  width: number;
  height: number;
}

export interface CarrierQuote {
  kind: CarrierKind;
  /** What the carrier charges the shop, kopecks (the shop's pricing rules are applied on top). */
  price: number;
  daysMin: number;
  daysMax: number;
}

/** A shipment as the shop registers it with the carrier. */
export interface ShipmentRequest {
  /** The shop's order number: the carrier keeps it, and a shipment is looked up by it after a time-out. */
  orderNumber: string;
  kind: CarrierKind;
  /** Where it goes: the point's code for a point or a locker, the town and address for a courier. */
  pointCode: string | null;
  townCode: string;
  address: string | null;
  recipient: { name: string; phone: string; email: string | null };
  lines: { article: string; name: string; quantity: number; price: number; weight: number }[];
  parcel: Parcel;
  /** What the carrier collects from the shopper, kopecks: the order's sum for «при получении», 0 for a paid order. */
  cashOnReceipt: number;
  /** The shopper may try things on and keep part of the parcel. */
  tryOn: boolean;
  partial: boolean;
}

export interface RegisteredShipment {
  /** The carrier's number: the order's tracking number. */
  number: string;
  /** The carrier's own id of the shipment, kept to read it back and cancel it. */
  carrierId: string;
}

/** A parcel's events in the shop's words; each adapter translates its own statuses to these. */
export type TrackEventKind =
  | 'accepted'
  | 'in_transit'
  | 'arrived'
  | 'handed_over'
  | 'partly_handed_over'
  | 'refused'
  | 'returned';

export interface TrackEvent {
  kind: TrackEventKind;
  at: Date;
  /** Where it happened, as the carrier says («Екатеринбург»). */
  place: string;
  /** For `partly_handed_over`: the articles the shopper kept, with their quantities. */
  kept?: { article: string; quantity: number }[];
}

export interface Carrier {
  readonly name: 'cdek' | 'test';
  /** Towns whose names start with the query (at most 20), the best known first. */
  towns(query: string): Promise<CarrierTown[]>;
  points(town: CarrierTown): Promise<CarrierPoint[]>;
  /** One quote per kind the carrier delivers between the towns; a kind it does not deliver is left out. */
  quote(parcel: Parcel, from: CarrierTown, to: CarrierTown): Promise<CarrierQuote[]>;
  /** Registers once: a repeat with the same order number answers the shipment already registered. */
  register(shipment: ShipmentRequest): Promise<RegisteredShipment>;
  /** The label to stick on the parcel, a PDF. */
  label(shipment: RegisteredShipment): Promise<Uint8Array>;
  /** The parcel's events so far, oldest first, read from the carrier (never taken from a notification as it came). */
  track(shipment: RegisteredShipment): Promise<TrackEvent[]>;
  /** False when the carrier has the parcel already and will not cancel it any more. */
  cancel(shipment: RegisteredShipment): Promise<boolean>;
}

/**
 * A carrier's refusal or failure. `retryable` for a time-out or a 5xx (the same call may be sent again); otherwise
 * the request was refused and `message` is the carrier's reason in Russian, for the staff.
 */
export class CarrierError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'CarrierError';
  }
}

/**
 * Russian Post's prices for a parcel to a post office: its open calculator has no points and no shipments (those need
 * a business contract), only a price and days between two indexes. Throws `CarrierError` with code `INDEX` when the
 * shopper's index is not served, retryable when the calculator did not answer.
 */
export interface PostOffice {
  quote(
    weight: number,
    fromIndex: string,
    toIndex: string,
  ): Promise<{ price: number; daysMin: number; daysMax: number }>;
}

/** The Post's tracking page of a number staff enter. */
export const postTrackingUrl = (number: string) =>
  `https://www.pochta.ru/tracking?barcode=${encodeURIComponent(number)}`;
