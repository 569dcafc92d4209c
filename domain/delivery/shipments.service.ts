// Over 300 lines because a shipment's life is one story told in one place: registering it from the desk, its label,
// its cancel, the carrier's events moving the order, and the parcel back in the shop. Each step is a short function.
import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import type { LockedOrder } from '../order/ports';
import type { OrderMoves } from '../order/order-moves';
import { orderNumber, type OrderStatus, OrderTransitionError, STATUS_NAMES } from '../order/process';
import { tryOnSums } from '../order/try-on';
import { formatAmount } from '../pricing/price';
import { MOSCOW } from '../text/dates';
import { dayStart, localMidnight } from './schedule';
import { can, forbidden, requirePermission } from '../staff/permissions';
import type { StaffMember } from '../staff/staff-member';
import type { StaffWrite } from '../staff/staff-write';
import type { TransactionRepositories, UnitOfWork } from '../uow';
import {
  type Carrier,
  CarrierError,
  type CarrierKind,
  type RegisteredShipment,
  type ShipmentRequest,
  type TrackEvent,
} from './carrier';
import { type ParcelFacts, parcelOf } from './parcel';
import {
  type AppliedEvent,
  byTime,
  daysBetween,
  type DeliveryDeskRow,
  isLate,
  type OrderTracking,
  OPEN_SHIPMENT_STATUSES,
  SHIPMENT_STATUS_NAMES,
  type ShipmentOrderFacts,
  type ShipmentReads,
  type ShipmentRecord,
  statusAfter,
  TRACK_EVENT_NAMES,
  trackingUrl,
} from './shipments';

/** What the order card and the shopper's pages show of a shipment. */
export interface ShipmentView {
  carrier: string;
  number: string | null;
  status: ShipmentRecord['status'];
  statusName: string;
  trackingUrl: string | null;
  lastEvent: string | null;
  lastEventAt: string | null;
  lastPlace: string | null;
  events: { kind: string; name: string; at: string; place: string }[];
}

/** The card's shipment block: the shipment, and what this member may do with it now. */
export interface ShipmentCard {
  shipment: ShipmentView | null;
  /** A carrier order, packed, the carrier in force: «Зарегистрировать отправку». */
  canRegister: boolean;
  canCancel: boolean;
  canReceive: boolean;
}

export interface ShipmentsService {
  /** The carrier in force, by name; null when the shop delivers only by itself. */
  readonly carrier: Carrier['name'] | null;
  /** Registers the packed carrier order with the carrier; its number becomes the tracking number; → «Передан в доставку». */
  register(ctx: RequestContext, orderId: number): Promise<ShipmentView>;
  /** The label PDF of the order's shipment (audited). */
  label(ctx: RequestContext, orderId: number): Promise<{ number: string; pdf: Uint8Array }>;
  /** Cancels the shipment at the carrier and the order with it, while the carrier does not hold the parcel yet. */
  cancel(ctx: RequestContext, orderId: number, reason: string): Promise<ShipmentView>;
  /** «Посылка получена магазином»: a parcel that came back is in the shop; its goods return to stock once. */
  received(ctx: RequestContext, orderId: number): Promise<ShipmentView>;
  card(ctx: RequestContext, orderId: number): Promise<ShipmentCard>;
  /**
   * Refuses, in Russian, a move typed on the order card that the carrier's shipment must make: «Передан в доставку»
   * of an order the carrier in force delivers, to its pickup point or by its courier (only a registration hands the
   * parcel over and brings its events), and «Отменён» of an order whose shipment the carrier still has on its books.
   */
  plainMove(ctx: RequestContext, orderId: number, to: OrderStatus): Promise<void>;
  /** The shopper's view of their order's shipment (their ownership is checked by the caller), null without one. */
  ofOrder(orderId: number): Promise<ShipmentView | null>;
  /**
   * The tracking number with its link and the last event, for the shopper's pages (ownership checked by the caller):
   * a carrier's shipment, or a number the staff typed (the Post's page for a Post order).
   */
  tracking(orderId: number): Promise<OrderTracking | null>;
  /** The delivery desk's queues. */
  /** `handover` lists the parcels registered on `day` (the shop's YYYY-MM-DD, today by default) not yet accepted. */
  desk(ctx: RequestContext, queue: 'transit' | 'returns' | 'handover', day?: string): Promise<DeliveryDeskRow[]>;
  /**
   * A carrier said something happened to its shipment `carrierId` (a webhook, the test carrier's page): the shop reads
   * the events back from the carrier and applies the new ones. Answers how many were new.
   */
  notified(carrierId: string): Promise<number>;
  /** Reads back the open shipments of the carrier in force (the safety net for lost notifications). */
  poll(limit?: number): Promise<number>;
}

/** A claim older than this was left by a crash: another click may take it over (the carrier dedupes by number). */
const CLAIM_STALE_MS = 2 * 60_000;

const notFound = () => new DomainError('not_found', 'Заказ не найден.', 'ORDER_NOT_FOUND');
const noShipment = () =>
  new DomainError('conflict', 'У заказа нет зарегистрированной отправки.', 'SHIPMENT_NOT_REGISTERED');

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** The carrier an order was placed for: a carrier's point, or a courier priced by a carrier's quote. */
export function carrierOfOrder(facts: Pick<ShipmentOrderFacts, 'deliveryType' | 'delivery'>, inForce: string | null) {
  const d = facts.delivery;
  if (facts.deliveryType === 'PICKUP') return str(d.carrier);
  // A courier to a carrier's town, its code kept by the checkout; without one (a town the carrier did not know, an
  // order from before the carrier) it is the shop's own courier: the carrier would be asked for no town at all.
  if (facts.deliveryType === 'COURIER') return str(d.townCode) ? (str(d.carrier) ?? inForce) : null;
  return null;
}

/** The shipment the carrier is asked to register, from the order as the shop keeps it. */
export function shipmentRequestOf(facts: ShipmentOrderFacts, parcels: Map<number, ParcelFacts>): ShipmentRequest {
  const d = facts.delivery;
  const kind: CarrierKind = facts.deliveryType === 'COURIER' ? 'courier' : d.kind === 'locker' ? 'locker' : 'point';
  const bought = facts.lines.filter((l) => !l.returned);
  const factsOf = (offerId: number) => parcels.get(offerId) ?? { weight: 0, length: 0, width: 0, height: 0 };
  return {
    orderNumber: orderNumber(facts.id),
    kind,
    pointCode: kind === 'courier' ? null : (str(d.pointCode) ?? (d.pointId ? String(d.pointId) : null)),
    townCode: str(d.townCode) ?? '',
    address: kind === 'courier' ? str(d.address) : null,
    recipient: {
      name: [facts.name, facts.lastName].filter(Boolean).join(' '),
      phone: facts.phone,
      email: facts.email || null,
    },
    lines: bought.map((l) => ({
      // The offer's id is the article: a partial handover names what was kept by it.
      article: String(l.offerId),
      name: l.sizeName ? `${l.name}, ${l.sizeName}` : l.name,
      quantity: l.quantity,
      price: Math.round(l.total / l.quantity),
      weight: factsOf(l.offerId).weight,
    })),
    parcel: parcelOf(bought.map((l) => ({ quantity: l.quantity, facts: factsOf(l.offerId) }))),
    // The carrier collects the order's sum only for «при получении»; a paid order costs the shopper nothing more.
    cashOnReceipt: facts.paymentMethod === 'CASH' ? facts.total : 0,
    tryOn: d.tryOn === true,
    partial: d.partial === true,
  };
}

export function createShipmentsService(deps: {
  /** The carrier in force (`DELIVERY_PROVIDER`); null when the shop delivers only by itself. */
  carrier: Carrier | null;
  reads: ShipmentReads;
  write: StaffWrite;
  uow: UnitOfWork;
  moves: OrderMoves;
  parcels(offerIds: readonly number[]): Promise<Map<number, ParcelFacts>>;
  now(): Date;
}): ShipmentsService {
  const staffName = (member: StaffMember) => `staff:${member.staffId}`;

  function carrierInForce(): Carrier {
    if (!deps.carrier)
      throw new DomainError('conflict', 'Перевозчик не подключён: отправку регистрируют вручную.', 'NO_CARRIER');
    return deps.carrier;
  }

  /** The order for a member allowed to move it: another shop's order is «not found». */
  async function orderFor(ctx: RequestContext, orderId: number, action: 'orders.move' | 'orders.read') {
    const member = requirePermission(ctx, action);
    const facts = await deps.reads.order(orderId);
    if (!facts || !can(member, action, facts.shopId)) throw notFound();
    return { member, facts };
  }

  const registeredOf = (s: ShipmentRecord): RegisteredShipment => {
    if (!s.number || !s.carrierId) throw noShipment();
    return { number: s.number, carrierId: s.carrierId };
  };

  async function view(s: ShipmentRecord): Promise<ShipmentView> {
    const events = await deps.reads.events(s.id);
    return {
      carrier: s.carrier,
      number: s.number,
      status: s.status,
      statusName: SHIPMENT_STATUS_NAMES[s.status],
      trackingUrl: s.number ? trackingUrl(s.carrier, s.number) : null,
      lastEvent: s.lastEvent ? TRACK_EVENT_NAMES[s.lastEvent] : null,
      lastEventAt: s.lastEventAt?.toISOString() ?? null,
      lastPlace: s.lastPlace,
      events: events.map((e) => ({
        kind: e.kind,
        name: TRACK_EVENT_NAMES[e.kind],
        at: e.at.toISOString(),
        place: e.place,
      })),
    };
  }

  async function viewOf(orderId: number): Promise<ShipmentView> {
    const s = await deps.reads.ofOrder(orderId);
    if (!s) throw noShipment();
    return view(s);
  }

  const refusal = (error: CarrierError) =>
    error.retryable
      ? new DomainError('outage', `Перевозчик не ответил: ${error.message} Попробуйте ещё раз.`, 'CARRIER_UNAVAILABLE')
      : new DomainError('conflict', `Перевозчик отказал: ${error.message}`, 'CARRIER_REFUSED');

  // ---- the carrier's events -------------------------------------------------------------------------------------

  /** The point's name and hours for the arrival SMS, read before the transaction. */
  async function placeOf(facts: ShipmentOrderFacts | null): Promise<string | undefined> {
    const pointId = Number(facts?.delivery.pointId);
    const point = Number.isSafeInteger(pointId) && pointId > 0 ? await deps.reads.point(pointId) : null;
    if (!point) return undefined;
    return `${point.name}, ${point.address}. Часы работы: ${point.hours}`;
  }

  /** The lines the shopper kept by the articles the carrier names: each kept article takes its lines. */
  function keptLines(lines: Awaited<ReturnType<TransactionRepositories['orders']['lines']>>, event: TrackEvent) {
    const articles = new Set((event.kept ?? []).filter((k) => k.quantity > 0).map((k) => k.article));
    return new Set(lines.filter((l) => !l.returned && articles.has(String(l.offerId))).map((l) => l.id));
  }

  /** What an event means for the order, applied once, under the order's lock. */
  async function effect(
    repos: TransactionRepositories,
    order: LockedOrder,
    shipment: ShipmentRecord,
    event: TrackEvent,
    place: string | undefined,
  ) {
    const mover = (reason: string) => ({ actor: 'carrier' as const, name: `carrier:${shipment.carrier}`, reason });
    const cash = order.paymentMethod === 'CASH' ? `; оплату при получении принял перевозчик` : '';
    if (event.kind === 'arrived' && order.status === 'shipped' && order.deliveryType !== 'COURIER')
      await deps.moves.move(repos, order.id, 'ready', {
        ...mover('Посылка в пункте выдачи'),
        place,
        carrierNumber: shipment.number ?? undefined,
      });
    if (event.kind === 'handed_over' && (order.status === 'shipped' || order.status === 'ready'))
      await deps.moves.move(repos, order.id, 'completed', mover(`Вручён перевозчиком${cash}`));
    if (event.kind === 'partly_handed_over' && (order.status === 'shipped' || order.status === 'ready')) {
      const lines = await repos.orders.lines(order.id);
      const kept = keptLines(lines, event);
      // Nothing kept is a refusal: the order waits for its parcel to come back.
      if (kept.size === 0) return;
      const back = lines.filter((l) => !l.returned && !kept.has(l.id));
      const sums = tryOnSums(order, lines, kept);
      await repos.orders.returnLines(
        order.id,
        back.map((l) => l.id),
        sums,
      );
      // The lines not kept come back with the parcel: their stock returns when the shop receives it.
      if (order.userId !== null && sums.bonusesBack > 0)
        await repos.orders.returnBonuses(order.userId, order.id, sums.bonusesBack);
      const paid = order.paymentMethod === 'CASH' ? `; оплату ${formatAmount(sums.total)} принял перевозчик` : '';
      await deps.moves.move(
        repos,
        order.id,
        'completed',
        mover(`Вручён частично: вернул ${back.map((l) => l.name).join(', ') || 'ничего'}${paid}`),
      );
    }
  }

  /** Reads the shipment's events back from its carrier and applies the new ones in one transaction. */
  async function apply(shipment: ShipmentRecord): Promise<number> {
    const carrier = deps.carrier;
    if (!carrier || carrier.name !== shipment.carrier || !shipment.number || !shipment.carrierId) return 0;
    const events = byTime(await carrier.track(registeredOf(shipment)));
    if (events.length === 0) return 0;
    const facts = events.some((e) => e.kind === 'arrived') ? await deps.reads.order(shipment.orderId) : null;
    const place = await placeOf(facts);
    return deps.uow.run(async (repos) => {
      // The order's row first, as every move of it: notifications at once apply one after the other.
      const order = await repos.orders.lockForChange(shipment.orderId);
      const current = await repos.shipments.lockOfOrder(shipment.orderId);
      if (!order || !current || current.id !== shipment.id) return 0;
      let applied = 0;
      let status = current.status;
      let last: AppliedEvent | null = null;
      for (const event of events) {
        if (!(await repos.shipments.addEvent(current.id, event))) continue;
        applied += 1;
        if (!isLate(status, event.kind) && (!last || event.at >= last.at))
          last = { kind: event.kind, at: event.at, place: event.place };
        const next = statusAfter(status, event.kind);
        if (!next) continue;
        status = next;
        // The order is read again under its lock: an earlier event of this batch may have moved it.
        const locked = (await repos.orders.lockForChange(order.id)) ?? order;
        await effect(repos, locked, current, event, place);
      }
      if (applied > 0)
        await repos.shipments.update(current.id, {
          ...(status !== current.status ? { status } : {}),
          ...(last && (!current.lastEventAt || last.at >= current.lastEventAt) ? { last } : {}),
        });
      return applied;
    });
  }

  return {
    carrier: deps.carrier?.name ?? null,

    async register(ctx, orderId) {
      const { member, facts } = await orderFor(ctx, orderId, 'orders.move');
      const carrier = carrierInForce();
      const wanted = carrierOfOrder(facts, carrier.name);
      if (!wanted)
        throw new DomainError(
          'conflict',
          'Заказ доставляет не перевозчик: отправку не регистрируют.',
          'NOT_CARRIER_ORDER',
        );
      if (wanted !== carrier.name)
        throw new DomainError(
          'conflict',
          `Заказ оформлен на другого перевозчика (${wanted}): подключите его, чтобы зарегистрировать отправку.`,
          'CARRIER_MISMATCH',
        );
      // Registered already (a second click after the first one's answer): the same shipment, the carrier not asked.
      const known = await deps.reads.ofOrder(orderId);
      if (known && known.status !== 'registering' && known.status !== 'cancelled') return view(known);
      if (facts.status !== 'assembling')
        throw new OrderTransitionError(
          `Отправку регистрируют, когда заказ собран: сейчас он «${STATUS_NAMES[facts.status]}».`,
        );
      // The claim before the carrier is called: a second click (or a second member) finds it and calls nobody.
      const claim = await deps.write(ctx, 'shipment.register', { id: orderId }, async (repos, scope) => {
        const order = await repos.orders.lockForChange(orderId);
        if (!order) throw notFound();
        scope.inShop(order.delivery.shopId ?? null, notFound);
        if (order.status !== 'assembling')
          throw new OrderTransitionError(`Заказ уже «${STATUS_NAMES[order.status]}»: обновите страницу.`);
        const now = deps.now();
        const value = await repos.shipments.claim(orderId, carrier.name, now, new Date(now.getTime() - CLAIM_STALE_MS));
        return { value, unchanged: true };
      });
      if (!claim.claimed) {
        if (claim.shipment.status === 'registering')
          throw new DomainError(
            'conflict',
            'Отправка уже регистрируется: обновите страницу через минуту.',
            'SHIPMENT_REGISTERING',
          );
        if (claim.shipment.status !== 'registered') return view(claim.shipment);
      }
      const request = shipmentRequestOf(facts, await deps.parcels(facts.lines.map((l) => l.offerId)));
      let made: RegisteredShipment;
      try {
        made = await carrier.register(request);
      } catch (error) {
        if (!(error instanceof CarrierError)) throw error;
        // Refused: the claim goes, the order stays «Собирается», nothing else was written.
        await deps.uow.run((repos) => repos.shipments.release(orderId));
        throw refusal(error);
      }
      await deps.write(ctx, 'shipment.register', { id: orderId }, async (repos, scope) => {
        const order = await deps.moves.move(
          repos,
          orderId,
          'shipped',
          {
            actor: 'staff',
            name: staffName(member),
            reason: `Отправка зарегистрирована у перевозчика: ${made.number}`,
            trackingNumber: made.number,
          },
          (locked) => scope.inShop(locked.delivery.shopId ?? null, notFound),
        );
        if (
          !(await repos.shipments.registered(orderId, {
            number: made.number,
            carrierId: made.carrierId,
            cashOnReceipt: request.cashOnReceipt,
            staffId: member.staffId,
          }))
        )
          throw new DomainError('conflict', 'Регистрация отправки прервана: обновите страницу.', 'SHIPMENT_CLAIM_LOST');
        return {
          value: undefined,
          before: { status: order.status },
          after: {
            status: 'shipped',
            carrier: carrier.name,
            trackingNumber: made.number,
            cashOnReceipt: request.cashOnReceipt,
          },
        };
      });
      return viewOf(orderId);
    },

    async label(ctx, orderId) {
      await orderFor(ctx, orderId, 'orders.move');
      const carrier = carrierInForce();
      const shipment = await deps.reads.ofOrder(orderId);
      if (!shipment || shipment.carrier !== carrier.name || !shipment.number) throw noShipment();
      let pdf: Uint8Array;
      try {
        pdf = await carrier.label(registeredOf(shipment));
      } catch (error) {
        if (error instanceof CarrierError) throw refusal(error);
        throw error;
      }
      await deps.write(ctx, 'shipment.label', { id: orderId }, async (repos, scope) => {
        const order = await repos.orders.lockForChange(orderId);
        if (!order) throw notFound();
        scope.inShop(order.delivery.shopId ?? null, notFound);
        return { value: undefined, after: { trackingNumber: shipment.number, bytes: pdf.byteLength } };
      });
      return { number: shipment.number, pdf };
    },

    async cancel(ctx, orderId, text) {
      const reason = text.trim();
      if (!reason) throw new DomainError('validation', 'Укажите причину отмены.', 'REASON_REQUIRED');
      const { member } = await orderFor(ctx, orderId, 'orders.move');
      const carrier = carrierInForce();
      const shipment = await deps.reads.ofOrder(orderId);
      if (!shipment || shipment.carrier !== carrier.name) throw noShipment();
      if (shipment.status !== 'registered')
        throw new DomainError(
          'conflict',
          'Посылка уже у перевозчика: отменить нельзя, дождитесь возврата.',
          'SHIPMENT_NOT_CANCELLABLE',
        );
      let cancelled: boolean;
      try {
        cancelled = await carrier.cancel(registeredOf(shipment));
      } catch (error) {
        if (error instanceof CarrierError) throw refusal(error);
        throw error;
      }
      if (!cancelled)
        throw new DomainError(
          'conflict',
          'Посылка уже у перевозчика: отменить нельзя, дождитесь возврата.',
          'SHIPMENT_NOT_CANCELLABLE',
        );
      await deps.write(ctx, 'shipment.cancel', { id: orderId }, async (repos, scope) => {
        const order = await deps.moves.move(
          repos,
          orderId,
          'cancelled',
          { actor: 'carrier', name: staffName(member), reason: `Отправка отменена у перевозчика: ${reason}` },
          (locked) => scope.inShop(locked.delivery.shopId ?? null, notFound),
        );
        await repos.shipments.update(shipment.id, { status: 'cancelled', cancelledAt: deps.now() });
        return {
          value: undefined,
          before: { status: order.status, trackingNumber: shipment.number },
          after: { status: 'cancelled', shipment: 'cancelled', reason },
        };
      });
      return viewOf(orderId);
    },

    async received(ctx, orderId) {
      const { member } = await orderFor(ctx, orderId, 'orders.move');
      await deps.write(ctx, 'shipment.received', { id: orderId }, async (repos, scope) => {
        const order = await repos.orders.lockForChange(orderId);
        if (!order) throw notFound();
        scope.inShop(order.delivery.shopId ?? null, notFound);
        const shipment = await repos.shipments.lockOfOrder(orderId);
        if (!shipment) throw noShipment();
        if (shipment.status === 'received')
          throw new DomainError('conflict', 'Посылка уже получена магазином.', 'SHIPMENT_RECEIVED');
        if (shipment.status !== 'returning')
          throw new DomainError('conflict', 'Посылка не возвращается в магазин.', 'SHIPMENT_NOT_RETURNING');
        if (order.status === 'shipped' || order.status === 'ready') {
          // The whole parcel came back: the cancel returns its stock, the bonuses and promo uses, any online money.
          await deps.moves.move(repos, orderId, 'cancelled', {
            actor: 'carrier',
            name: staffName(member),
            reason: 'Посылка вернулась в магазин: покупатель не получил заказ',
          });
        } else {
          // A partial handover: only the lines given back return to stock (once: the order forgets them).
          const back = (await repos.orders.lines(orderId)).filter((l) => l.returned).map((l) => l.offerId);
          if (back.length > 0)
            await repos.stock.release(await repos.orders.takenStock(orderId, back), { kind: 'cancel', orderId });
        }
        await repos.shipments.update(shipment.id, { status: 'received', receivedAt: deps.now() });
        return {
          value: undefined,
          before: { status: order.status, shipment: shipment.status },
          after: { shipment: 'received' },
        };
      });
      return viewOf(orderId);
    },

    async card(ctx, orderId) {
      const { member, facts } = await orderFor(ctx, orderId, 'orders.read');
      const s = await deps.reads.ofOrder(orderId);
      const moves = can(member, 'orders.move', facts.shopId);
      const inForce = deps.carrier?.name ?? null;
      const isCarrierOrder = inForce !== null && carrierOfOrder(facts, inForce) === inForce;
      return {
        shipment: s ? await view(s) : null,
        canRegister: moves && isCarrierOrder && facts.status === 'assembling' && (!s || s.status === 'cancelled'),
        canCancel: moves && s?.status === 'registered' && s.carrier === inForce,
        canReceive: moves && s?.status === 'returning',
      };
    },

    async plainMove(ctx, orderId, to) {
      const inForce = deps.carrier?.name ?? null;
      if (!inForce || (to !== 'shipped' && to !== 'cancelled')) return;
      const { facts } = await orderFor(ctx, orderId, 'orders.move');
      // A carrier's order (to its point, or its courier to the door) reaches «Передан в доставку» only through its
      // shipment: the registration hands the parcel to the carrier and makes the move itself.
      if (to === 'shipped' && carrierOfOrder(facts, inForce) === inForce)
        throw new DomainError(
          'conflict',
          facts.deliveryType === 'COURIER'
            ? 'Заказ везёт курьер перевозчика: нажмите «Зарегистрировать отправку» — посылка будет передана перевозчику, его номер станет трек-номером, а статусы доставки будут приходить сами.'
            : 'Заказ едет в пункт выдачи перевозчика: нажмите «Зарегистрировать отправку» — номер перевозчика станет трек-номером, а статусы посылки будут приходить сами.',
          'SHIPMENT_REGISTER_REQUIRED',
        );
      const s = to === 'cancelled' ? await deps.reads.ofOrder(orderId) : null;
      if (!s || s.carrier !== inForce) return;
      if (s.status === 'registering' || s.status === 'registered')
        throw new DomainError(
          'conflict',
          'Отправка зарегистрирована у перевозчика: отмените её кнопкой «Отменить отправку» — заказ отменится вместе с ней.',
          'SHIPMENT_CANCEL_REQUIRED',
        );
      if (OPEN_SHIPMENT_STATUSES.includes(s.status) || s.status === 'returning')
        throw new DomainError(
          'conflict',
          'Посылка у перевозчика: заказ отменится, когда она вернётся и вы отметите «Посылка получена магазином».',
          'SHIPMENT_AT_CARRIER',
        );
    },

    async ofOrder(orderId) {
      const s = await deps.reads.ofOrder(orderId);
      return s?.number ? view(s) : null;
    },

    async tracking(orderId) {
      const s = await deps.reads.ofOrder(orderId);
      if (s?.number && s.status !== 'cancelled')
        return {
          number: s.number,
          url: trackingUrl(s.carrier, s.number),
          lastEvent: s.lastEvent ? TRACK_EVENT_NAMES[s.lastEvent] : null,
          lastEventAt: s.lastEventAt?.toISOString() ?? null,
        };
      const facts = await deps.reads.order(orderId);
      if (!facts?.trackingNumber) return null;
      return {
        number: facts.trackingNumber,
        url: facts.deliveryType === 'POCHTA' ? trackingUrl(null, facts.trackingNumber) : null,
        lastEvent: null,
        lastEventAt: null,
      };
    },

    async desk(ctx, queue, day) {
      // A carrier's parcel belongs to no shop: the desk is for those who read every shop's orders.
      if (!can(requirePermission(ctx, 'orders.read'), 'orders.read', null)) throw forbidden();
      const now = deps.now();
      const from = queue === 'handover' ? (day ? localMidnight(day, MOSCOW) : dayStart(now, MOSCOW)) : null;
      const range = from ? { from, to: new Date(from.getTime() + 86_400_000) } : null;
      const rows = await deps.reads.queue(queue, range);
      return rows.map((r) => ({
        ...r,
        number: orderNumber(r.orderId),
        statusName: SHIPMENT_STATUS_NAMES[r.status],
        lastEvent: r.lastEvent
          ? (TRACK_EVENT_NAMES[r.lastEvent as keyof typeof TRACK_EVENT_NAMES] ?? r.lastEvent)
          : null,
        days: daysBetween(new Date(r.createdAt), now),
      }));
    },

    async notified(carrierId) {
      const carrier = deps.carrier;
      if (!carrier) return 0;
      const shipment = await deps.reads.byCarrierId(carrier.name, carrierId);
      return shipment ? apply(shipment) : 0;
    },

    async poll(limit = 100) {
      const carrier = deps.carrier;
      if (!carrier) return 0;
      let applied = 0;
      for (const shipment of await deps.reads.open(carrier.name, limit)) {
        if (!OPEN_SHIPMENT_STATUSES.includes(shipment.status)) continue;
        // One carrier's failure for one parcel does not stop the others; the next run tries again.
        applied += await apply(shipment).catch(() => 0);
      }
      return applied;
    },
  };
}
