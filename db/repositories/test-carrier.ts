import { sql } from 'drizzle-orm';
import type { ShipmentRequest, TrackEvent } from '../../domain/delivery/carrier';
import { type Db, queryRows } from '../client';

/** A parcel on the embedded test carrier's books. */
export interface TestParcel {
  id: number;
  orderNumber: string;
  shipment: ShipmentRequest;
  events: TrackEvent[];
  cancelled: boolean;
}

/** The test carrier's own books: what a carrier keeps on its side (issue 42.4). */
export interface TestCarrierStore {
  /** The parcel of this order number: made now, or the one an earlier registration made. */
  register(shipment: ShipmentRequest): Promise<TestParcel>;
  get(id: number): Promise<TestParcel | null>;
  /** Appends an event (under the parcel's row lock); null when there is no such parcel or it was cancelled. */
  append(id: number, event: TrackEvent): Promise<TestParcel | null>;
  /** Cancels a parcel no event has touched yet; false once the carrier has it (or there is none). */
  cancel(id: number): Promise<boolean>;
}

interface Row {
  id: number;
  order_number: string;
  shipment: ShipmentRequest;
  events: (Omit<TrackEvent, 'at'> & { at: string })[];
  cancelled: boolean;
}

const parcel = (r: Row): TestParcel => ({
  id: Number(r.id),
  orderNumber: r.order_number,
  shipment: r.shipment,
  events: r.events.map((e) => ({ ...e, at: new Date(e.at) })),
  cancelled: r.cancelled,
});

const COLUMNS = sql`id, order_number, shipment, events, cancelled`;

export function testCarrierStore(db: Db): TestCarrierStore {
  const byId = async (id: number) => {
    const [row] = await queryRows<Row>(db, sql`select ${COLUMNS} from test_carrier_parcels where id = ${id}`);
    return row ? parcel(row) : null;
  };
  return {
    async register(shipment) {
      // The order number is the carrier's dedupe: a repeat (a retry, a second click) answers the same parcel.
      await db.execute(sql`
        insert into test_carrier_parcels (order_number, shipment)
        values (${shipment.orderNumber}, ${JSON.stringify(shipment)}::jsonb)
        on conflict (order_number) do nothing`);
      const [row] = await queryRows<Row>(
        db,
        sql`select ${COLUMNS} from test_carrier_parcels where order_number = ${shipment.orderNumber}`,
      );
      return parcel(row as Row);
    },
    get: byId,
    async append(id, event) {
      const stored = { ...event, at: event.at.toISOString() };
      const rows = await queryRows<Row>(
        db,
        sql`update test_carrier_parcels set events = events || ${JSON.stringify([stored])}::jsonb
          where id = ${id} and not cancelled returning ${COLUMNS}`,
      );
      return rows[0] ? parcel(rows[0]) : null;
    },
    async cancel(id) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update test_carrier_parcels set cancelled = true
          where id = ${id} and (cancelled or jsonb_array_length(events) = 0) returning id`,
      );
      return rows.length === 1;
    },
  };
}
