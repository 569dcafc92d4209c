import { type SQL, sql } from 'drizzle-orm';
import type { TrackEventKind } from '../../domain/delivery/carrier';
import {
  type AppliedEvent,
  OPEN_SHIPMENT_STATUSES,
  type ShipmentOrderFacts,
  type ShipmentReads,
  type ShipmentRecord,
  type ShipmentStatus,
  type ShipmentWrites,
} from '../../domain/delivery/shipments';
import { orderIdOfNumber } from '../../domain/order/process';
import { type Db, queryRows, ts } from '../client';

interface Row {
  id: number;
  order_id: number;
  carrier: string;
  carrier_id: string | null;
  number: string | null;
  status: ShipmentStatus;
  last_event: TrackEventKind | null;
  last_event_at: string | Date | null;
  last_place: string | null;
  cash_on_receipt: number;
  created_at: string | Date;
  claimed_at: string | Date;
  received_at: string | Date | null;
}

const COLUMNS = sql`id, order_id, carrier, carrier_id, number, status, last_event, last_event_at, last_place,
  cash_on_receipt, created_at, claimed_at, received_at`;

const date = (v: string | Date | null) => (v === null ? null : new Date(v));

const record = (r: Row): ShipmentRecord => ({
  id: Number(r.id),
  orderId: Number(r.order_id),
  carrier: r.carrier,
  carrierId: r.carrier_id,
  number: r.number,
  status: r.status,
  lastEvent: r.last_event,
  lastEventAt: date(r.last_event_at),
  lastPlace: r.last_place,
  cashOnReceipt: Number(r.cash_on_receipt),
  createdAt: new Date(r.created_at),
  claimedAt: new Date(r.claimed_at),
  receivedAt: date(r.received_at),
});

async function one(db: Pick<Db, 'execute'>, where: SQL, lock = false): Promise<ShipmentRecord | null> {
  const [row] = await queryRows<Row>(
    db,
    sql`select ${COLUMNS} from shipments where ${where} ${lock ? sql`for update` : sql``}`,
  );
  return row ? record(row) : null;
}

/** Shipments' writes, inside the order's unit of work. */
export function shipmentWrites(db: Db): ShipmentWrites {
  return {
    async claim(orderId, carrier, now, staleBefore) {
      const made = await queryRows<{ id: number }>(
        db,
        sql`insert into shipments (order_id, carrier, status, claimed_at) values (${orderId}, ${carrier}, 'registering', ${ts(now)})
          on conflict (order_id) do nothing returning id`,
      );
      if (made.length === 1) return { claimed: true };
      // A claim a crash left behind is taken over: the carrier's dedupe by the order number makes the retry safe.
      const taken = await queryRows<{ id: number }>(
        db,
        sql`update shipments set claimed_at = ${ts(now)}, carrier = ${carrier}
          where order_id = ${orderId} and status = 'registering' and claimed_at < ${ts(staleBefore)} returning id`,
      );
      if (taken.length === 1) return { claimed: true };
      const shipment = await one(db, sql`order_id = ${orderId}`);
      if (!shipment) throw new Error(`shipment of order ${orderId} neither claimed nor found`);
      return { claimed: false, shipment };
    },

    async release(orderId) {
      await db.execute(sql`delete from shipments where order_id = ${orderId} and status = 'registering'`);
    },

    async registered(orderId, f) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update shipments set status = 'registered', number = ${f.number}, carrier_id = ${f.carrierId},
          cash_on_receipt = ${f.cashOnReceipt}, registered_by = ${f.staffId}
          where order_id = ${orderId} and status = 'registering' returning id`,
      );
      return rows.length === 1;
    },

    lockOfOrder: (orderId) => one(db, sql`order_id = ${orderId}`, true),

    async addEvent(shipmentId, e) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`insert into shipment_events (shipment_id, kind, at, place, kept)
          values (${shipmentId}, ${e.kind}, ${ts(e.at)}, ${e.place ?? ''}, ${e.kept ? JSON.stringify(e.kept) : null}::jsonb)
          on conflict (shipment_id, kind, at) do nothing returning id`,
      );
      return rows.length === 1;
    },

    async update(shipmentId, patch) {
      const sets: SQL[] = [];
      if (patch.status) sets.push(sql`status = ${patch.status}`);
      if (patch.last)
        sets.push(
          sql`last_event = ${patch.last.kind}, last_event_at = ${ts(patch.last.at)}, last_place = ${patch.last.place}`,
        );
      if (patch.cancelledAt) sets.push(sql`cancelled_at = ${ts(patch.cancelledAt)}`);
      if (patch.receivedAt) sets.push(sql`received_at = ${ts(patch.receivedAt)}`);
      if (sets.length === 0) return;
      await db.execute(sql`update shipments set ${sql.join(sets, sql`, `)} where id = ${shipmentId}`);
    },
  };
}

interface QueueRow {
  order_id: number;
  tracking_number: string | null;
  carrier: string;
  status: ShipmentStatus;
  last_event: string | null;
  last_event_at: string | Date | null;
  last_place: string | null;
  name: string;
  last_name: string;
  phone: string;
  delivery: Record<string, unknown>;
  total: number;
  created_at: string | Date;
}

const QUEUES: Record<'transit' | 'returns' | 'handover', SQL> = {
  transit: sql`s.status in ('registered', 'in_transit', 'arrived')`,
  returns: sql`s.status = 'returning'`,
  handover: sql`s.status = 'registered'`,
};

/** Shipments' reads for the desk, the pages and the poll. */
export function shipmentReads(db: Db): ShipmentReads {
  return {
    ofOrder: (orderId) => one(db, sql`order_id = ${orderId}`),
    byCarrierId: (carrier, carrierId) => one(db, sql`carrier = ${carrier} and carrier_id = ${carrierId}`),
    byNumber: (number) => one(db, sql`number = ${number}`),

    async events(shipmentId) {
      const rows = await queryRows<{ kind: TrackEventKind; at: string | Date; place: string }>(
        db,
        sql`select kind, at, place from shipment_events where shipment_id = ${shipmentId} order by at, id`,
      );
      return rows.map((r): AppliedEvent => ({ kind: r.kind, at: new Date(r.at), place: r.place }));
    },

    async open(carrier, limit) {
      const rows = await queryRows<Row>(
        db,
        sql`select ${COLUMNS} from shipments where carrier = ${carrier}
          and status in (${sql.join(
            OPEN_SHIPMENT_STATUSES.map((s) => sql`${s}`),
            sql`, `,
          )}) and carrier_id is not null
          order by coalesce(last_event_at, created_at) limit ${limit}`,
      );
      return rows.map(record);
    },

    async order(orderId) {
      const [o] = await queryRows<{
        id: number;
        status: ShipmentOrderFacts['status'];
        delivery_type: ShipmentOrderFacts['deliveryType'];
        delivery: Record<string, unknown>;
        name: string;
        last_name: string;
        phone: string;
        email: string;
        total: number;
        payment_method: 'CASH' | 'ONLINE';
        tracking_number: string | null;
      }>(
        db,
        sql`select id, status, delivery_type, delivery, name, last_name, phone, email, total, payment_method,
            tracking_number from orders where id = ${orderId}`,
      );
      if (!o) return null;
      const lines = await queryRows<{
        offer_id: number;
        name: string;
        size_name: string;
        quantity: number;
        total: number;
        returned: boolean;
      }>(
        db,
        sql`select offer_id, name, size_name, quantity, total, returned from order_lines where order_id = ${orderId} order by id`,
      );
      const shopId = Number(o.delivery.shopId);
      return {
        id: Number(o.id),
        status: o.status,
        deliveryType: o.delivery_type,
        delivery: o.delivery,
        shopId: Number.isSafeInteger(shopId) && shopId > 0 ? shopId : null,
        name: o.name,
        lastName: o.last_name,
        phone: o.phone,
        email: o.email,
        total: Number(o.total),
        paymentMethod: o.payment_method,
        trackingNumber: o.tracking_number,
        lines: lines.map((l) => ({
          offerId: Number(l.offer_id),
          name: l.name,
          sizeName: l.size_name,
          quantity: Number(l.quantity),
          total: Number(l.total),
          returned: l.returned,
        })),
      };
    },

    async point(pointId) {
      const [row] = await queryRows<{ name: string; address: string; hours: string }>(
        db,
        sql`select name, address, hours from pickup_points where id = ${pointId}`,
      );
      return row ?? null;
    },

    async queue(which, range) {
      const rows = await queryRows<QueueRow>(
        db,
        sql`select s.order_id, s.number as tracking_number, s.carrier, s.status, s.last_event, s.last_event_at,
            s.last_place, o.name, o.last_name, o.phone, o.delivery, o.total, s.created_at
          from shipments s join orders o on o.id = s.order_id
          where ${QUEUES[which]}
            ${range ? sql`and s.created_at >= ${ts(range.from)} and s.created_at < ${ts(range.to)}` : sql``}
          order by s.created_at ${which === 'handover' ? sql`` : sql`desc`}
          limit 500`,
      );
      return rows.map((r) => ({
        orderId: Number(r.order_id),
        trackingNumber: r.tracking_number,
        carrier: r.carrier,
        status: r.status,
        lastEvent: r.last_event,
        lastEventAt: r.last_event_at === null ? null : new Date(r.last_event_at).toISOString(),
        lastPlace: r.last_place,
        customer: [r.name, r.last_name].filter(Boolean).join(' '),
        phone: r.phone,
        place: String(r.delivery.point ?? r.delivery.address ?? ''),
        total: Number(r.total),
        createdAt: new Date(r.created_at).toISOString(),
      }));
    },
  };
}

/**
 * Where the CDEK adapter keeps an order's CDEK uuid before it asks again (its orders are made asynchronously and a
 * repeat is not refused): the order's shipment row, claimed before the carrier is called.
 */
export function cdekShipmentKeys(db: Db) {
  return {
    async remember(number: string, uuid: string): Promise<void> {
      const orderId = orderIdOfNumber(number);
      if (orderId !== null)
        await db.execute(
          sql`update shipments set carrier_id = ${uuid} where order_id = ${orderId} and carrier = 'cdek'`,
        );
    },
    async uuidOf(number: string): Promise<string | null> {
      const orderId = orderIdOfNumber(number);
      if (orderId === null) return null;
      const [row] = await queryRows<{ carrier_id: string | null }>(
        db,
        sql`select carrier_id from shipments where order_id = ${orderId} and carrier = 'cdek'`,
      );
      return row?.carrier_id ?? null;
    },
  };
}
