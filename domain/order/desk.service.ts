// Over 400 lines because the desk's actions on one order (card, moves, hand-over with and without the code, notes,
// refunds, CSV) share its shop scope and its locked-order work; each action is a short function of its own.
import type { RequestContext } from '../context';
import { localMidnight } from '../delivery/schedule';
import { MOSCOW } from '../text/dates';
import { DomainError } from '../errors';
import type { LimitRules } from '../limits/rules';
import { enforce, type RateLimiter } from '../limits/limits';
import { can, requirePermission, shopScope } from '../staff/permissions';
import type { StaffMember } from '../staff/staff-member';
import type { StaffWork, StaffWrite } from '../staff/staff-write';
import type { StaffWriteAction } from '../staff/writes';
import type { TransactionRepositories } from '../uow';
import { ordersCsv } from './desk-csv';
import type { DeskFilter, DeskListItem, OrderCard, OrderDeskService } from './desk';
import type { LockedOrder } from './ports';
import type { OrderMoves } from './order-moves';
import {
  DELIVERY_NAMES,
  type DeliveryType,
  ORDER_TRANSITIONS,
  type OrderStatus,
  OrderTransitionError,
  orderNumber,
  STATUS_NAMES,
} from './process';
import { confirmDeadline, DESK_QUEUES, queueCounts, waitsForShop } from './queues';
import { tryOnSums } from './try-on';
import { deskPayment, staffIdsOf } from './desk-payment';
import type { PaymentsService } from '../payment/payments.service';
import type { RefundRecord } from '../payment/ports';
import { receiptLineOf } from '../payment/receipt';

/** What the desk's SQL is asked: the filter resolved to statuses, times and a page. */
export interface DeskQuery {
  statuses?: readonly OrderStatus[];
  /** New orders only: placed before (`true`) or since (`false`) `confirmBefore`. */
  overdue?: boolean;
  confirmBefore: Date;
  deliveryType?: DeliveryType;
  shopId?: number;
  pointId?: number;
  q?: string;
  from?: Date;
  to?: Date;
  sort: 'new' | 'old' | 'total';
  limit: number;
  offset: number;
}

/** An order as the desk's list reads it. */
export type DeskRow = Omit<DeskListItem, 'number' | 'statusName' | 'deliveryName' | 'overdue'>;

/** An order's card as stored; the service adds the names, the flag and the moves. */
export type CardFacts = Omit<
  OrderCard,
  | 'number'
  | 'statusName'
  | 'deliveryName'
  | 'overdue'
  | 'allowedTransitions'
  | 'canBuyout'
  | 'base'
  | 'payment'
  | 'canRefund'
  | 'canHandoverWithoutCode'
>;

export interface OrderDeskReads {
  list(query: DeskQuery): Promise<{ rows: DeskRow[]; total: number }>;
  /** Orders per status over the query without its statuses and page, and the new ones past `confirmBefore`. */
  counts(query: Omit<DeskQuery, 'statuses' | 'overdue' | 'limit' | 'offset' | 'sort'>): Promise<{
    statuses: Partial<Record<OrderStatus, number>>;
    overdueNew: number;
  }>;
  card(id: number): Promise<CardFacts | null>;
  /** Staff members' emails by id (the payment timeline names who refunded). */
  staffEmails(ids: readonly number[]): Promise<Map<number, string>>;
  /** The ready order holding this code's hash, in `shopId` when given. */
  readyByCode(codeHash: string, shopId: number | null): Promise<number | null>;
}

export const DESK_PAGE_SIZE = 50;
/** Rows the CSV export reads at a time: a long list streams without holding it all. */
const EXPORT_BATCH = 500;

const notFound = () => new DomainError('not_found', 'Заказ не найден.', 'ORDER_NOT_FOUND');

/** A day of the desk's filter: the shop's calendar day, so «today» means the same to every member. */
function day(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
    throw new DomainError('validation', `Дата «${name}» — в виде ГГГГ-ММ-ДД.`, 'INVALID_QUERY');
  return value;
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function createOrderDeskService(deps: {
  reads: OrderDeskReads;
  write: StaffWrite;
  moves: OrderMoves;
  /** `ORDER_CONFIRM_MINUTES`. */
  confirmMinutes: number;
  limits: RateLimiter;
  rules: LimitRules;
  hashPickupCode(code: string): string;
  payments: Pick<PaymentsService, 'summary' | 'requestRefund' | 'push' | 'refresh'>;
}): OrderDeskService {
  const { process } = deps.moves;

  const shopOf = (order: { shopId?: number | null; delivery?: { shopId?: number } }) =>
    order.shopId ?? order.delivery?.shopId ?? null;
  /** The member may see the order: any order under an any-shop grant, their shop's under an own-shop one. */
  function allow(ctx: RequestContext, shopId: number | null): StaffMember {
    const member = requirePermission(ctx, 'orders.read');
    // «Not yours» reads as «not found»: nothing of another shop's order shows.
    if (!can(member, 'orders.read', shopId)) throw notFound();
    return member;
  }
  function query(ctx: RequestContext, filter: DeskFilter) {
    // A shop member's list is their own shop's, whatever the filter asks.
    const own = shopScope(requirePermission(ctx, 'orders.read'), 'orders.read');
    const from = day(filter.from, 'с');
    const to = day(filter.to, 'по');
    const queue = filter.queue ? DESK_QUEUES.find((q) => q.queue === filter.queue) : undefined;
    const statuses = filter.status ? [filter.status] : queue?.statuses;
    const base = {
      confirmBefore: new Date(ctx.now().getTime() - deps.confirmMinutes * 60_000),
      deliveryType: filter.deliveryType,
      shopId: own ?? filter.shopId,
      pointId: filter.pointId,
      q: filter.q?.trim() || undefined,
      from: from ? localMidnight(from, MOSCOW) : undefined,
      to: to ? localMidnight(nextDay(to), MOSCOW) : undefined,
    };
    const overdue = filter.status
      ? undefined
      : queue?.queue === 'confirm'
        ? true
        : queue?.queue === 'new'
          ? false
          : undefined;
    return { base, statuses, overdue, sort: filter.sort ?? 'new' };
  }

  const isOverdue = (status: OrderStatus, createdAt: string, now: Date) =>
    waitsForShop(status) && now >= confirmDeadline(new Date(createdAt), deps.confirmMinutes);

  const item = (row: DeskRow, now: Date): DeskListItem => ({
    ...row,
    number: orderNumber(row.id),
    statusName: STATUS_NAMES[row.status],
    deliveryName: DELIVERY_NAMES[row.deliveryType],
    overdue: isOverdue(row.status, row.createdAt, now),
  });

  async function cardOf(ctx: RequestContext, id: number, member?: StaffMember): Promise<OrderCard> {
    const facts = await deps.reads.card(id);
    if (!facts) throw notFound();
    const who = member ?? allow(ctx, facts.shopId);
    const order = { id, status: facts.status, deliveryType: facts.deliveryType };
    const moves = can(who, 'orders.move', facts.shopId);
    const summary = await deps.payments.summary(id);
    const payment = deskPayment(summary, await deps.reads.staffEmails(staffIdsOf(summary)));
    return {
      ...facts,
      payment,
      canRefund: payment.refundable > 0 && can(who, 'orders.refund', facts.shopId),
      canHandoverWithoutCode:
        facts.status === 'ready' &&
        facts.deliveryType === 'SHOP' &&
        can(who, 'orders.handover_without_code', facts.shopId),
      number: orderNumber(id),
      statusName: STATUS_NAMES[facts.status],
      deliveryName: DELIVERY_NAMES[facts.deliveryType],
      overdue: isOverdue(facts.status, facts.createdAt, ctx.now()),
      base: facts.total - facts.deliveryPrice + facts.bonusesUsed + facts.discount,
      allowedTransitions: moves ? process.next(order, 'staff') : [],
      canBuyout: moves && facts.deliveryType === 'COURIER' && facts.status === 'shipped',
    };
  }

  /**
   * A staff write on one order (`staffWrite`), answered with the order's card. `check` is the order's scope, read
   * under its lock: another shop's order is «not found» to a shop's staff.
   */
  async function write<A extends StaffWriteAction>(
    ctx: RequestContext,
    action: A,
    id: number,
    work: (
      repos: TransactionRepositories,
      member: StaffMember,
      check: (order: LockedOrder) => void,
    ) => ReturnType<StaffWork<A, undefined>>,
  ): Promise<OrderCard> {
    await deps.write(ctx, action, { id }, (repos, scope) =>
      work(repos, scope.member as StaffMember, (order) => scope.inShop(shopOf(order), notFound)),
    );
    return cardOf(ctx, id);
  }

  const staffName = (member: StaffMember) => `staff:${member.staffId}`;

  /**
   * A cancel or a handover of an order paid online left a refund, a cancel or a capture for the provider: it is sent
   * now, not at the next reconcile, and the card is read again to show where it stands.
   */
  async function settled(ctx: RequestContext, id: number, to: OrderStatus, card: OrderCard): Promise<OrderCard> {
    if ((to !== 'cancelled' && to !== 'completed') || card.payment.method !== 'ONLINE') return card;
    // `refresh` reads the payments back and sends what the move left: a refund, a capture, a release.
    await deps.payments.refresh(id, 'staff').catch(() => undefined);
    return cardOf(ctx, id);
  }

  /** The order's lines given back, for the refund's receipt, at what each cost the shopper. */
  async function refundLines(repos: TransactionRepositories, id: number, lineIds: readonly number[]) {
    const lines = await repos.orders.lines(id);
    const chosen = lines.filter((l) => lineIds.includes(l.id));
    if (chosen.length !== new Set(lineIds).size)
      throw new DomainError('validation', 'В заказе нет такой строки.', 'LINE_UNKNOWN');
    return chosen.map((l) => receiptLineOf({ ...l, sizeName: null }));
  }

  return {
    async list(ctx, filter) {
      const { base, statuses, overdue, sort } = query(ctx, filter);
      const page = Math.max(1, Math.floor(filter.page ?? 1));
      const [found, counted] = await Promise.all([
        deps.reads.list({
          ...base,
          statuses,
          overdue,
          sort,
          limit: DESK_PAGE_SIZE,
          offset: (page - 1) * DESK_PAGE_SIZE,
        }),
        deps.reads.counts(base),
      ]);
      const counts = Object.fromEntries(
        (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).map((s) => [s, counted.statuses[s] ?? 0]),
      ) as Record<OrderStatus, number>;
      const queues = queueCounts(counts, counted.overdueNew);
      const now = ctx.now();
      return {
        items: found.rows.map((r) => item(r, now)),
        total: found.total,
        page,
        pages: Math.max(1, Math.ceil(found.total / DESK_PAGE_SIZE)),
        counts,
        queues,
      };
    },

    card: (ctx, id) => cardOf(ctx, id),

    async move(ctx, id, input) {
      const reason = input.reason?.trim() ?? '';
      if ((input.to === 'cancelled' || input.to === 'returned') && !reason)
        throw new DomainError('validation', 'Укажите причину.', 'REASON_REQUIRED');
      const tracking = input.trackingNumber?.trim() ?? '';
      if (input.to === 'shipped' && !tracking)
        throw new DomainError('validation', 'Укажите трек-номер отправления.', 'TRACKING_REQUIRED');
      const card = await write(ctx, 'order.move', id, async (repos, member, check) => {
        const order = await deps.moves.move(
          repos,
          id,
          input.to,
          {
            actor: 'staff',
            name: staffName(member),
            reason: reason || (tracking ? `Трек-номер ${tracking}` : null),
            trackingNumber: tracking || undefined,
          },
          check,
        );
        return {
          value: undefined,
          before: { status: order.status },
          after: {
            status: input.to,
            ...(reason ? { reason } : {}),
            ...(tracking ? { trackingNumber: tracking } : {}),
          },
        };
      });
      return settled(ctx, id, input.to, card);
    },

    async payment(ctx, id) {
      const facts = await deps.reads.card(id);
      if (!facts) throw notFound();
      allow(ctx, facts.shopId);
      return deps.payments.summary(id);
    },

    async refund(ctx, id, input) {
      const reason = input.reason.trim();
      if (!reason) throw new DomainError('validation', 'Укажите причину возврата.', 'REASON_REQUIRED');
      const refund = await deps.write(ctx, 'order.refund', { id }, async (repos, { member, inShop }) => {
        const order = await repos.orders.lockForChange(id);
        if (!order) throw notFound();
        inShop(shopOf(order));
        if (order.paymentMethod !== 'ONLINE')
          throw new DomainError(
            'conflict',
            'Заказ оплачивается при получении: вернуть онлайн нечего.',
            'NOTHING_TO_REFUND',
          );
        const lines = input.lineIds?.length ? await refundLines(repos, id, input.lineIds) : undefined;
        const parts = await deps.payments.requestRefund(repos, {
          orderId: id,
          amount: input.amount,
          reason,
          staffId: member.staffId,
          lines,
        });
        return {
          value: parts,
          after: {
            refundIds: parts.map((p) => p.id),
            amount: input.amount,
            reason,
            ...(input.lineIds?.length ? { lineIds: input.lineIds } : {}),
          },
        };
      });
      // The gateway is asked after the commit; one that does not answer leaves it pending for the reconcile run.
      const parts: RefundRecord[] = [];
      for (const part of refund) parts.push((await deps.payments.push(part.id).catch(() => null)) ?? part);
      const status = parts.every((p) => p.status === 'refunded')
        ? 'refunded'
        : parts.some((p) => p.status === 'failed')
          ? 'failed'
          : 'pending';
      return { amount: input.amount, status, parts };
    },

    async note(ctx, id, text) {
      const body = text.trim();
      if (!body) throw new DomainError('validation', 'Напишите текст заметки.', 'NOTE_REQUIRED');
      if (body.length > 2000) throw new DomainError('validation', 'Заметка — до 2000 символов.', 'NOTE_TOO_LONG');
      return write(ctx, 'order.note', id, async (repos, member, check) => {
        const order = await repos.orders.lockForChange(id);
        if (!order) throw notFound();
        check(order);
        await repos.orders.addNote(id, member.staffId, body);
        return { value: undefined, after: { note: body } };
      });
    },

    async findByCode(ctx, code) {
      const member = requirePermission(ctx, 'orders.move');
      await enforce(deps.limits, [String(member.staffId), deps.rules.pickupCodeTries]);
      const own = shopScope(member, 'orders.move');
      const found = await deps.reads.readyByCode(deps.hashPickupCode(code.trim()), own ?? null);
      return found === null ? null : cardOf(ctx, found, member);
    },

    async handover(ctx, id, code) {
      const member = requirePermission(ctx, 'orders.move');
      await enforce(deps.limits, [String(member.staffId), deps.rules.pickupCodeTries]);
      const hash = deps.hashPickupCode(code.trim());
      const card = await write(ctx, 'order.handover', id, async (repos, by, check) => {
        const locked = await repos.orders.lockForChange(id);
        if (!locked) throw notFound();
        check(locked);
        if (locked.status !== 'ready')
          throw new OrderTransitionError('Заказ не ждёт получения: выдать его по коду нельзя.');
        if (!(await repos.orders.pickupCodeIs(id, hash)))
          throw new DomainError('validation', 'Код не подходит к этому заказу.', 'PICKUP_CODE_WRONG');
        const order = await deps.moves.move(repos, id, 'completed', {
          actor: 'handover',
          name: staffName(by),
          reason: 'Выдан по коду',
        });
        return { value: undefined, before: { status: order.status }, after: { status: 'completed' } };
      });
      await deps.limits.reset(String(member.staffId), deps.rules.pickupCodeTries);
      return settled(ctx, id, 'completed', card);
    },

    async handoverWithoutCode(ctx, id, text) {
      const reason = text.trim();
      if (!reason) throw new DomainError('validation', 'Укажите, почему заказ выдаётся без кода.', 'REASON_REQUIRED');
      if (reason.length > 500) throw new DomainError('validation', 'Причина — до 500 символов.', 'REASON_TOO_LONG');
      const card = await write(ctx, 'order.handover-without-code', id, async (repos, by, check) => {
        const locked = await repos.orders.lockForChange(id);
        if (!locked) throw notFound();
        check(locked);
        if (locked.status !== 'ready') throw new OrderTransitionError('Заказ не ждёт получения: выдать его нельзя.');
        const order = await deps.moves.move(repos, id, 'completed', {
          actor: 'handover',
          name: staffName(by),
          reason: `Выдан без кода: ${reason}`,
        });
        return { value: undefined, before: { status: order.status }, after: { status: 'completed', reason } };
      });
      return settled(ctx, id, 'completed', card);
    },

    async buyout(ctx, id, keptLineIds) {
      const kept = new Set(keptLineIds);
      const card = await write(ctx, 'order.buyout', id, async (repos, member, check) => {
        const order = await repos.orders.lockForChange(id);
        if (!order) throw notFound();
        check(order);
        if (order.deliveryType !== 'COURIER' || order.status !== 'shipped')
          throw new OrderTransitionError('Примерка — только для курьерского заказа, который у курьера.');
        const lines = await repos.orders.lines(id);
        const bought = lines.filter((l) => !l.returned);
        if (keptLineIds.some((lineId) => !bought.some((l) => l.id === lineId)))
          throw new DomainError('validation', 'В заказе нет такой строки.', 'LINE_UNKNOWN');
        if (kept.size === 0)
          throw new DomainError(
            'validation',
            'Покупатель не оставил ничего: отмените заказ с причиной или оформите возврат.',
            'NOTHING_KEPT',
          );
        const back = bought.filter((l) => !kept.has(l.id));
        const sums = tryOnSums(order, lines, kept);
        await repos.orders.returnLines(
          id,
          back.map((l) => l.id),
          sums,
        );
        await repos.stock.release(
          await repos.orders.takenStock(
            id,
            back.map((l) => l.offerId),
          ),
          { kind: 'cancel', orderId: id },
        );
        if (order.userId !== null && sums.bonusesBack > 0)
          await repos.orders.returnBonuses(order.userId, id, sums.bonusesBack);
        const reason =
          back.length === 0
            ? 'Примерка: покупатель оставил всё'
            : `Примерка: вернул ${back.map((l) => l.name).join(', ')}`;
        // The completion credits bonuses on the new total: the order is re-read under the same lock.
        await deps.moves.move(repos, id, 'completed', { actor: 'staff', name: staffName(member), reason });
        return {
          value: undefined,
          before: { status: order.status, total: order.total, lines: bought.map((l) => l.id) },
          after: { status: 'completed', total: sums.total, kept: [...kept], returned: back.map((l) => l.id) },
        };
      });
      return settled(ctx, id, 'completed', card);
    },

    async *exportCsv(ctx, filter, timeZone) {
      const { base, statuses, overdue, sort } = query(ctx, filter);
      const now = ctx.now();
      const csv = ordersCsv(timeZone);
      yield csv.header();
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const { rows } = await deps.reads.list({ ...base, statuses, overdue, sort, limit: EXPORT_BATCH, offset });
        if (rows.length > 0) yield csv.rows(rows.map((r) => item(r, now)));
        if (rows.length < EXPORT_BATCH) break;
      }
    },
  };
}
