import { DomainError, isDomainError } from '../errors';
import type { OrderMoves } from '../order/order-moves';
import type { LockedOrder } from '../order/ports';
import {
  DEFAULT_GUARDS,
  ORDER_TRANSITIONS,
  type OrderForProcess,
  type OrderStatus,
  STATUS_NAMES,
} from '../order/process';
import type { StaffWrite, WriteContext } from '../staff/staff-write';
import type { TransactionRepositories } from '../uow';
import { type OrderStatusRecord, type SaleFileResult, statusOfText } from './order-status';

/** Who the order's history names for 1C's moves; the timeline shows it as «1С». */
export const ONEC_ACTOR = 'system:1c';

/** The way forward an order goes; a state 1C names behind the order's own is old news, not a move back. */
const FORWARD: readonly OrderStatus[] = ['new', 'confirmed', 'assembling', 'shipped', 'ready', 'completed', 'returned'];
const rank = (state: OrderStatus) => FORWARD.indexOf(state);

/**
 * The state 1C's facts lead to: a cancel (or a return) wins over anything else 1C says; otherwise the furthest of
 * what it says (posted, shipped, final status, the «Статус заказа» text). Null when 1C says nothing to move by.
 */
export function targetOf(record: OrderStatusRecord): OrderStatus | null {
  const said = statusOfText(record.statusText);
  if (record.cancelled || said === 'cancelled') return 'cancelled';
  if (said === 'returned') return 'returned';
  const facts: OrderStatus[] = [];
  if (said && said !== 'new') facts.push(said);
  if (record.completed) facts.push('completed');
  if (record.shipped) facts.push('shipped');
  if (record.confirmed) facts.push('confirmed');
  return facts.reduce<OrderStatus | null>((best, s) => (best === null || rank(s) > rank(best) ? s : best), null);
}

export type MovePlan = { kind: 'none' } | { kind: 'moves'; path: OrderStatus[] } | { kind: 'refused'; reason: string };

/** The shortest way from `from` to `to` through the states `next` allows, without `from` itself; null when none. */
function shortest(from: OrderStatus, to: OrderStatus, next: (state: OrderStatus) => readonly OrderStatus[]) {
  const cameFrom = new Map<OrderStatus, OrderStatus | null>([[from, null]]);
  const queue: OrderStatus[] = [from];
  while (queue.length > 0) {
    const state = queue.shift() as OrderStatus;
    if (state === to) {
      const path: OrderStatus[] = [];
      for (let s: OrderStatus | null = to; s !== null && s !== from; s = cameFrom.get(s) ?? null) path.unshift(s);
      return path;
    }
    for (const n of next(state))
      if (!cameFrom.has(n)) {
        cameFrom.set(n, state);
        queue.push(n);
      }
  }
  return null;
}

/**
 * The moves that take the order to `target`, each one the process allows (`next`, the table and its guards for the
 * order's delivery): a `new` order 1C says is shipped goes new → confirmed → assembling → shipped. Nothing to do when
 * the order is there or further on; a refusal, in the process's words, when no allowed way leads there. `ready` is
 * only ever the last step: passing through it would send the shopper a pickup code for an order 1C says is done or
 * cancelled, so such an order is left to the orders desk.
 */
export function planMoves(
  order: OrderForProcess,
  target: OrderStatus,
  next: (order: OrderForProcess) => readonly OrderStatus[],
): MovePlan {
  if (order.status === target) return { kind: 'none' };
  const forward = target !== 'cancelled' && target !== 'returned' && order.status !== 'cancelled';
  if (forward && rank(order.status) >= rank(target)) return { kind: 'none' };
  const path = shortest(order.status, target, (state) =>
    next({ ...order, status: state }).filter((to) => to !== 'ready' || target === 'ready'),
  );
  if (path) return { kind: 'moves', path };
  if (shortest(order.status, target, (state) => next({ ...order, status: state })))
    return {
      kind: 'refused',
      reason: `Заказ идёт к «${STATUS_NAMES[target]}» только через «${STATUS_NAMES.ready}» (код получения покупателю): отметьте это на столе заказов.`,
    };
  // Why not: the first step of the table's way that a guard refuses, or the table itself.
  let state = order.status;
  for (const to of shortest(order.status, target, (s) => ORDER_TRANSITIONS[s]) ?? []) {
    const reason = DEFAULT_GUARDS.map((g) => g({ order: { ...order, status: state }, to, actor: 'system' })).find(
      Boolean,
    );
    if (reason) return { kind: 'refused', reason };
    state = to;
  }
  return {
    kind: 'refused',
    reason: `Заказ нельзя перевести из состояния «${STATUS_NAMES[order.status]}» в «${STATUS_NAMES[target]}».`,
  };
}

/** What the order's history says of a move 1C asked for. */
function reasonOf(record: OrderStatusRecord, to: OrderStatus): string {
  if (to === 'cancelled' && record.cancelled)
    return record.cancelled.reason ? `Отменён в 1С: ${record.cancelled.reason}` : 'Отменён в 1С';
  if (to === 'shipped' && record.shipped) {
    const { date, trackingNumber } = record.shipped;
    return `Отгружен в 1С${date ? ` ${date}` : ''}${trackingNumber ? `, трек-номер ${trackingNumber}` : ''}`;
  }
  return record.statusText ? `Статус в 1С: «${record.statusText}»` : 'По данным 1С';
}

export interface OrderStatusImportDeps {
  write: StaffWrite;
  moves: OrderMoves;
}

const notFound = () => new DomainError('not_found', 'Заказ не найден в магазине.', 'ORDER_NOT_FOUND');
/** 1C acts only on what it received: an order it never took is the desk's (a number in a file could be any). */
const notHanded = () =>
  new DomainError(
    'conflict',
    'Заказ не передавался в 1С: его состояние меняют на столе заказов.',
    'ORDER_NOT_EXPORTED',
  );

/**
 * What the desk is asked when 1C cancels an order paid online: the money goes back only from the desk, by a member
 * who gives the reason, so 1C's file never refunds by itself.
 */
export const refundAsked = (reason: string | undefined) =>
  `1С отменила заказ${reason ? ` (${reason})` : ''}, но он оплачен онлайн: оформите возврат денег с причиной на столе заказов, затем отмените заказ.`;

/**
 * Applies 1C's order facts (issue 26) to the orders 1C received (exported) through the order process the desk uses:
 * every move checked by the table and
 * its guards and followed by its hooks (stock back on a cancel, a pickup code on ready, the shopper told of a
 * shipment, bonuses on completion), in the history as «1С» and in the audit under the exchange's member. A move the
 * process refuses is an error by the order's number, never forced; an order already as 1C says is left alone, so the
 * same file twice changes nothing. An order paid online is never cancelled from here: its note asks the desk for the
 * refund (issue 43.7). Each order in its own transaction: one bad order does not undo the others.
 */
export async function applyOrderStatuses(
  deps: OrderStatusImportDeps,
  as: WriteContext & { actor: { kind: 'staff'; staffId: number } },
  records: readonly OrderStatusRecord[],
): Promise<SaleFileResult> {
  const result: SaleFileResult = { records: records.length, changed: 0, unchanged: 0, errors: [] };

  /** One order's facts: a note of 1C's payment and the moves to where 1C says it is, as one audited write. */
  async function applyOne(repos: TransactionRepositories, record: OrderStatusRecord) {
    if (record.orderId === null) throw notFound();
    const order = await repos.orders.lockForChange(record.orderId);
    if (!order) throw notFound();
    if (!order.exportedAt) throw notHanded();
    const done = (changed: boolean, refusal: string | null, after: Record<string, unknown> = {}) => ({
      value: { changed, refusal },
      unchanged: !changed,
      before: { status: order.status },
      after: { status: order.status, ...after },
    });
    let paidNote: string | null = null;
    // Payments are not kept yet: the staff see 1C's payment as a note, once.
    if (record.paid) {
      const note = record.paid.date ? `Оплачен в 1С ${record.paid.date}` : 'Оплачен в 1С';
      if (await repos.orders.addNoteOnce(order.id, as.actor.staffId, note)) paidNote = note;
    }
    const noted = paidNote ? { note: paidNote } : {};
    const target = targetOf(record);
    if (!target) return done(paidNote !== null, null, noted);
    if (target === 'cancelled' && order.paymentMethod === 'ONLINE' && order.status !== 'cancelled') {
      const asked = refundAsked(record.cancelled?.reason ?? record.statusText ?? undefined);
      const added = await repos.orders.addNoteOnce(order.id, as.actor.staffId, asked);
      return done(added || paidNote !== null, asked, added ? { ...noted, note: asked } : noted);
    }
    const plan = planMoves(order, target, (o) => deps.moves.process.next(o, 'system'));
    if (plan.kind !== 'moves') return done(paidNote !== null, plan.kind === 'refused' ? plan.reason : null, noted);
    const tracking = record.shipped?.trackingNumber ?? null;
    // As at the desk, no shipment without its tracking number: the shopper is sent it.
    if (plan.path.includes('shipped') && !tracking)
      return done(paidNote !== null, 'В файле 1С нет трек-номера: заказ без него не передают в доставку.', noted);
    const reasons: string[] = [];
    for (const to of plan.path) reasons.push(await moveOne(repos, order, to, record, tracking));
    return done(true, null, {
      ...noted,
      status: target,
      path: plan.path,
      reason: reasons.at(-1),
      ...(plan.path.includes('shipped') && tracking ? { trackingNumber: tracking } : {}),
    });
  }

  /** One move of the order process, in the history as «1С»; answers its reason. */
  async function moveOne(
    repos: TransactionRepositories,
    order: LockedOrder,
    to: OrderStatus,
    record: OrderStatusRecord,
    tracking: string | null,
  ) {
    const reason = reasonOf(record, to);
    await deps.moves.move(repos, order.id, to, {
      actor: 'system',
      name: ONEC_ACTOR,
      reason,
      trackingNumber: to === 'shipped' ? (tracking ?? undefined) : undefined,
    });
    return reason;
  }

  for (const record of records) {
    try {
      const outcome = await deps.write(as, 'exchange.order', { id: record.orderId ?? record.ref }, (repos) =>
        applyOne(repos, record),
      );
      if (outcome.refusal) result.errors.push({ id: record.ref, message: outcome.refusal });
      if (outcome.changed) result.changed += 1;
      else if (!outcome.refusal) result.unchanged += 1;
    } catch (error) {
      // A hook's refusal (or the order gone) undoes that order's writes only; anything else is the shop's fault.
      if (!isDomainError(error)) throw error;
      result.errors.push({ id: record.ref, message: error.message });
    }
  }
  return result;
}
