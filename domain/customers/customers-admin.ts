import { normalizePhone } from '../auth/phone';
import type { Address } from '../cabinet/addresses';
import { type BonusKind, bonusTitle } from '../cabinet/bonus-history';
import { formatCard } from '../cabinet/discount-card';
import type { ErasureReason, PersonalData, PersonalDataService } from '../cabinet/personal-data';
import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import { type OrderStatus, orderNumber, STATUS_NAMES } from '../order/process';
import type { StaffWrite } from '../staff/staff-write';
import { requirePermission } from '../staff/permissions';
import type { CustomerKind } from './customers-admin.schemas';
import { type CustomerHistory, type CustomerHistoryReads, historyOf } from './customer-history';
import { type GuestCard, type GuestReads, guestId, guestOrderOf } from './guests';

/** A customer as the list shows them (issue 28.5): an account, or a guest's orders by phone or email (issue 47.2). */
export interface CustomerListItem {
  kind: 'account' | 'guest';
  /** An account's number, or a guest's `guest-{firstOrderId}`. */
  id: number | string;
  name: string;
  email: string;
  phone: string | null;
  card: string | null;
  ordersCount: number;
  lastOrderAt: string | null;
  blocked: boolean;
}

/** What the list's SQL is asked: the search resolved to its keys, and a page. */
export interface CustomerQuery {
  /** Free text: the name or the email contain it. */
  text?: string;
  /** The search typed as a phone, normalized: the phone or the confirmed phone equal it. */
  phone?: string;
  /** The digits of the search (3 or more): a card number or a phone contains them. */
  digits?: string;
  /** Only accounts, or only guests; both when not given. */
  who?: CustomerKind;
  limit: number;
  offset: number;
}

export interface CustomerOrder {
  id: number;
  number: string;
  status: OrderStatus;
  statusName: string;
  /** Kopecks. */
  total: number;
  createdAt: string;
}

export interface CustomerBonusEntry {
  id: number;
  at: string;
  kind: BonusKind;
  title: string;
  /** Signed kopecks. */
  amount: number;
  reason: string | null;
  /** The staff member who made a correction. */
  staffEmail: string | null;
  orderId: number | null;
  orderNumber: string | null;
}

/** A customer's card in the back office. Money in kopecks. */
export interface CustomerCard extends CustomerHistory {
  kind: 'account';
  id: number;
  name: string;
  lastName: string;
  secondName: string;
  fullName: string;
  email: string;
  emailConfirmed: boolean;
  phone: string | null;
  confirmedPhone: string | null;
  birthday: string | null;
  createdAt: string;
  blocked: { at: string; reason: string } | null;
  card: { number: string; formatted: string; percent: number; active: boolean; bonusBalance: number } | null;
  addresses: Pick<Address, 'id' | 'type' | 'title' | 'isDefault'>[];
  orders: CustomerOrder[];
  bonusHistory: CustomerBonusEntry[];
}

/** A customer's facts as stored; the service adds the names and titles. */
export interface CustomerFacts {
  id: number;
  name: string;
  lastName: string;
  secondName: string;
  email: string;
  emailConfirmed: boolean;
  phone: string | null;
  confirmedPhone: string | null;
  birthday: string | null;
  createdAt: Date;
  blockedAt: Date | null;
  blockedReason: string | null;
  card: { number: string; percent: number; active: boolean; bonusBalance: number } | null;
  addresses: Pick<Address, 'id' | 'type' | 'title' | 'isDefault'>[];
  orders: { id: number; status: OrderStatus; total: number; createdAt: Date }[];
  bonusHistory: {
    id: number;
    at: Date;
    kind: BonusKind;
    amount: number;
    reason: string | null;
    staffEmail: string | null;
    orderId: number | null;
  }[];
}

export interface CustomersAdminReads {
  list(query: CustomerQuery): Promise<{ rows: CustomerListItem[]; total: number }>;
  card(id: number): Promise<CustomerFacts | null>;
  /** Groups again the guests whose orders were written since the last regroup (the list does it before it reads). */
  regroupGuests(): Promise<void>;
}

/** The writes of a block or a bonus correction; they commit with their audit entry. */
export interface CustomerWrites {
  /** Erases the account on a written request (152-FZ, issue 45.7): as the shopper's own deletion does. */
  erase(id: number, erasure: { reason: ErasureReason; client: string; at: Date }): Promise<boolean>;
  /** The customer's block, the row locked until the unit ends; null when there is no such customer. */
  lockForChange(id: number): Promise<{ blockedAt: Date | null; blockedReason: string | null } | null>;
  setBlock(id: number, block: { at: Date; reason: string } | null): Promise<void>;
  /** Unbinds the customer from every session: their open sessions are logged out. Answers how many. */
  endSessions(id: number): Promise<number>;
  /**
   * Adds `amount` (signed kopecks) to the card's balance in one statement that never takes it below zero, and writes
   * the `correction` operation. `no-card`: the customer has none; `below-zero`: the balance would go negative.
   */
  correctBonus(
    id: number,
    amount: number,
    reason: string,
    staffId: number,
  ): Promise<{ before: number; after: number } | 'no-card' | 'below-zero'>;
}

export interface CustomersAdminService {
  list(
    ctx: RequestContext,
    search: { q?: string; who?: CustomerKind; page?: number },
  ): Promise<{ items: CustomerListItem[]; total: number; page: number; pages: number }>;
  card(ctx: RequestContext, id: number): Promise<CustomerCard>;
  /** A guest's card by its first order's id (issue 47.2); `joinedTo` when those orders belong to an account now. */
  guest(ctx: RequestContext, firstOrderId: number): Promise<GuestCard | { joinedTo: number }>;
  block(ctx: RequestContext, id: number, input: { blocked: boolean; reason?: string }): Promise<CustomerCard>;
  /** `amount`: signed kopecks. */
  bonus(ctx: RequestContext, id: number, input: { amount: number; reason: string }): Promise<CustomerCard>;
  /** The customer's data on their written request (`request`: its number and date), audited. */
  exportData(ctx: RequestContext, id: number, request: string): Promise<PersonalData>;
  /** The account erased on the customer's written request, audited without the person's data. */
  erase(ctx: RequestContext, id: number, request: string): Promise<void>;
  /** The guests' groups brought up to date apart from a view (a timer's job), so their marks do not pile up. */
  regroupGuests(): Promise<void>;
}

export const CUSTOMERS_PAGE_SIZE = 30;

const notFound = () => new DomainError('not_found', 'Покупатель не найден.', 'CUSTOMER_NOT_FOUND');

/** The search as typed, resolved to its keys: a phone in any format, a card's or a phone's digits, text. */
export function customerQuery(q: string | undefined, page: number, who?: CustomerKind): CustomerQuery {
  const text = q?.trim() ?? '';
  const query: CustomerQuery = { limit: CUSTOMERS_PAGE_SIZE, offset: (page - 1) * CUSTOMERS_PAGE_SIZE };
  if (who) query.who = who;
  if (!text) return query;
  query.text = text;
  if (/^[\d\s+()\-–.]+$/.test(text)) {
    const phone = normalizePhone(text);
    if (phone) query.phone = phone;
    const digits = text.replace(/\D/g, '');
    if (digits.length >= 3) query.digits = digits;
  }
  return query;
}

const fullNameOf = (f: { lastName: string; name: string; secondName: string }) =>
  [f.lastName, f.name, f.secondName].filter(Boolean).join(' ');

function cardOf(f: CustomerFacts, history: CustomerHistory): CustomerCard {
  return {
    kind: 'account',
    ...history,
    id: f.id,
    name: f.name,
    lastName: f.lastName,
    secondName: f.secondName,
    fullName: fullNameOf(f),
    email: f.email,
    emailConfirmed: f.emailConfirmed,
    phone: f.phone,
    confirmedPhone: f.confirmedPhone,
    birthday: f.birthday,
    createdAt: f.createdAt.toISOString(),
    blocked: f.blockedAt ? { at: f.blockedAt.toISOString(), reason: f.blockedReason ?? '' } : null,
    card: f.card ? { ...f.card, formatted: formatCard(f.card.number) } : null,
    addresses: f.addresses,
    orders: f.orders.map((o) => ({
      id: o.id,
      number: orderNumber(o.id),
      status: o.status,
      statusName: STATUS_NAMES[o.status] ?? o.status,
      total: o.total,
      createdAt: o.createdAt.toISOString(),
    })),
    bonusHistory: f.bonusHistory.map((b) => {
      const number = b.orderId === null ? null : orderNumber(b.orderId);
      return {
        id: b.id,
        at: b.at.toISOString(),
        kind: b.kind,
        title: bonusTitle(b.kind, number),
        amount: b.amount,
        reason: b.reason,
        staffEmail: b.staffEmail,
        orderId: b.orderId,
        orderNumber: number,
      };
    }),
  };
}

/** The customers' desk (issue 28.5): search, a customer's card, block and unblock, bonus corrections. */
export function createCustomersAdminService(deps: {
  reads: CustomersAdminReads;
  history: CustomerHistoryReads;
  guests: GuestReads;
  write: StaffWrite;
  personalData: Pick<PersonalDataService, 'exportOf'>;
}): CustomersAdminService {
  /** A written request names itself: its number and date, kept in the audit log as the ground of the act. */
  const requestOf = (text: string) => {
    const request = text.trim();
    if (request.length < 3)
      throw new DomainError('validation', 'Укажите заявление покупателя: номер и дату.', 'REQUEST_REQUIRED');
    return request.slice(0, 300);
  };

  async function read(id: number): Promise<CustomerCard> {
    const facts = await deps.reads.card(id);
    if (!facts) throw notFound();
    return cardOf(facts, historyOf(await deps.history.history({ userId: id })));
  }

  return {
    async list(ctx, search) {
      requirePermission(ctx, 'customers.read');
      const page = search.page ?? 1;
      const { rows, total } = await deps.reads.list(customerQuery(search.q, page, search.who));
      return { items: rows, total, page, pages: Math.max(1, Math.ceil(total / CUSTOMERS_PAGE_SIZE)) };
    },

    async card(ctx, id) {
      requirePermission(ctx, 'customers.read');
      return read(id);
    },

    async guest(ctx, firstOrderId) {
      requirePermission(ctx, 'customers.read');
      const facts = await deps.guests.guest(firstOrderId);
      if (!facts) throw notFound();
      if ('joinedTo' in facts) return facts;
      const history = historyOf(await deps.history.history({ phones: facts.phones, emails: facts.emails }));
      return {
        kind: 'guest',
        ...history,
        id: guestId(facts.firstOrderId),
        firstOrderId: facts.firstOrderId,
        phone: facts.phone,
        phones: facts.phones,
        names: facts.names,
        emails: facts.emails,
        firstOrderAt: facts.firstOrderAt.toISOString(),
        orders: facts.orders.map(guestOrderOf),
        account: facts.account,
      };
    },

    async block(ctx, id, input) {
      const reason = input.reason?.trim() ?? '';
      if (input.blocked && !reason)
        throw new DomainError('validation', 'Укажите причину блокировки.', 'REASON_REQUIRED');
      const action = input.blocked ? 'customer.block' : 'customer.unblock';
      await deps.write(ctx, action, { id }, async ({ customers }) => {
        const before = await customers.lockForChange(id);
        if (!before) throw notFound();
        const was = before.blockedAt !== null;
        // Blocking the blocked or unblocking the free changes nothing and records nothing.
        if (was === input.blocked) return { value: undefined, unchanged: true };
        let sessionsEnded = 0;
        if (input.blocked) {
          await customers.setBlock(id, { at: ctx.now(), reason });
          sessionsEnded = await customers.endSessions(id);
        } else {
          await customers.setBlock(id, null);
        }
        return {
          value: undefined,
          before: { blocked: was, reason: before.blockedReason },
          after: input.blocked ? { blocked: true, reason, sessionsEnded } : { blocked: false, reason: null },
        };
      });
      return read(id);
    },

    async exportData(ctx, id, text) {
      requirePermission(ctx, 'customers.edit');
      const request = requestOf(text);
      // Read before the write that records it: the export's reads are not the transaction's (one connection on the
      // embedded database would wait for itself).
      const data = await deps.personalData.exportOf(id, ctx.now());
      return deps.write(ctx, 'customer.export', { id }, async () => ({ value: data, after: { request } }));
    },

    async erase(ctx, id, text) {
      const request = requestOf(text);
      await deps.write(ctx, 'customer.erase', { id }, async ({ customers }) => {
        if (!(await customers.erase(id, { reason: 'written-request', client: ctx.client, at: ctx.now() })))
          throw notFound();
        // The entry names the request, never the person: their data is what was erased.
        return { value: undefined, before: { account: 'exists' }, after: { account: 'erased', request } };
      });
    },

    regroupGuests: () => deps.reads.regroupGuests(),

    async bonus(ctx, id, input) {
      const reason = input.reason.trim();
      if (!reason) throw new DomainError('validation', 'Укажите причину корректировки.', 'REASON_REQUIRED');
      if (!Number.isInteger(input.amount) || input.amount === 0)
        throw new DomainError('validation', 'Сумма корректировки не может быть нулевой.', 'AMOUNT_INVALID');
      await deps.write(ctx, 'customer.bonus', { id }, async ({ customers }, { member }) => {
        if (!(await customers.lockForChange(id))) throw notFound();
        const done = await customers.correctBonus(id, input.amount, reason, member.staffId);
        if (done === 'no-card')
          throw new DomainError('conflict', 'У покупателя нет дисконтной карты: бонусы некуда начислить.', 'NO_CARD');
        if (done === 'below-zero')
          throw new DomainError(
            'conflict',
            'Столько бонусов списать нельзя: баланс не может стать меньше нуля.',
            'BONUS_BELOW_ZERO',
          );
        return {
          value: undefined,
          before: { bonusBalance: done.before },
          after: { bonusBalance: done.after, amount: input.amount, reason },
        };
      });
      return read(id);
    },
  };
}
