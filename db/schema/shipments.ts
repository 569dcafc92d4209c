import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * An order's parcel registered with a carrier (issue 42.7): one per order. The row is claimed (`registering`) before
 * the carrier is called, so two clicks at once call it once; the carrier's number becomes the order's tracking number.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    /** `cdek` or `test`: the carrier in force when it was registered (it is read back from the same one). */
    carrier: text('carrier').notNull(),
    /** The carrier's own id of the shipment; null while registering. */
    carrierId: text('carrier_id'),
    /** The carrier's number: the order's tracking number. */
    number: text('number'),
    /**
     * `registering` (claimed, the carrier is being asked), `registered`, `in_transit`, `arrived`, `returning` (refused,
     * returned or partly kept: coming back to the shop), `received` (the shop has it back), `delivered`, `cancelled`.
     */
    status: text('status').notNull(),
    lastEvent: text('last_event'),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    lastPlace: text('last_place'),
    /** What the carrier collects from the shopper, kopecks (0 for a paid order). */
    cashOnReceipt: integer('cash_on_receipt').notNull().default(0),
    registeredBy: integer('registered_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the shop's claim was made: a claim left by a crash is taken over after a while. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the shop received a parcel that came back. */
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('shipments_order_idx').on(t.orderId),
    index('shipments_carrier_id_idx').on(t.carrier, t.carrierId),
    index('shipments_open_idx').on(t.status).where(sql`${t.status} in ('registered', 'in_transit', 'arrived')`),
  ],
);

/** The carrier's events of a shipment as applied to the order: an event is applied once (the unique index). */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id').notNull(),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    place: text('place').notNull().default(''),
    /** For a partial handover: the articles kept. */
    kept: jsonb('kept'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shipment_events_once_idx').on(t.shipmentId, t.kind, t.at)],
);

/** The embedded test carrier's own books (what a carrier keeps on its side): one parcel per order number. */
export const testCarrierParcels = pgTable(
  'test_carrier_parcels',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull(),
    /** The shipment as registered (`ShipmentRequest`). */
    shipment: jsonb('shipment').notNull(),
    /** Its events so far, oldest first (`TrackEvent` with `at` as ISO text). */
    events: jsonb('events').notNull().default(sql`'[]'::jsonb`),
    cancelled: boolean('cancelled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('test_carrier_parcels_order_idx').on(t.orderNumber)],
);
