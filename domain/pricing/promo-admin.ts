import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import type { StaffWrite } from '../staff/staff-write';
import { requirePermission } from '../staff/permissions';
import type { PROMO_STATES, PromoCreateInput, PromoUpdateInput } from './promo-admin.schemas';

export type PromoState = (typeof PROMO_STATES)[number];

export const PROMO_STATE_TITLES: Record<PromoState, string> = {
  active: 'Действует',
  scheduled: 'Запланирован',
  expired: 'Истёк',
  exhausted: 'Исчерпан',
  stopped: 'Остановлен',
};

/** A code as stored, with its uses and the revenue of the orders that took it. Money in kopecks. */
export interface PromoRow {
  code: string;
  percent: number | null;
  amount: number | null;
  minBasket: number;
  startsAt: Date | null;
  endsAt: Date | null;
  sectionIds: number[] | null;
  brandIds: number[] | null;
  maxUses: number | null;
  perCustomer: number | null;
  uses: number;
  /** Sum of the totals of the orders (not cancelled) that used it. */
  revenue: number;
  stoppedAt: Date | null;
  createdAt: Date;
}

/** What the create and edit forms write (kopecks). */
export type PromoWrite = Omit<PromoRow, 'uses' | 'revenue' | 'stoppedAt' | 'createdAt'>;

/** One order that used the code. */
export interface PromoUse {
  orderId: number;
  number: string;
  customer: string;
  phone: string;
  at: string;
  /** Roubles. */
  total: number;
  status: string;
}

/** A code as the back office shows it and the API answers it: money in roubles, dates ISO. */
export interface PromoView {
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  minTotal: number;
  startsAt: string | null;
  endsAt: string | null;
  usesLimit: number | null;
  perCustomerLimit: number | null;
  sectionIds: number[];
  brandIds: number[];
  uses: number;
  revenue: number;
  state: PromoState;
  stateTitle: string;
  /** The rule in words: «−10 %», «−500 ₽ от 5 000 ₽». */
  rule: string;
  stoppedAt: string | null;
}

export interface PromoAdminRepository {
  list(): Promise<PromoRow[]>;
  get(code: string): Promise<PromoRow | null>;
  uses(code: string): Promise<PromoUse[]>;
  /** False when the code exists already. */
  insert(promo: PromoWrite): Promise<boolean>;
  update(promo: PromoWrite): Promise<void>;
  stop(code: string, at: Date): Promise<void>;
  /** The choices of the forms' multi-selects. */
  sections(): Promise<{ id: number; name: string }[]>;
  brands(): Promise<{ id: number; name: string }[]>;
}

/** The writes with their audit entries, in one transaction. */
type Ctx = Pick<RequestContext, 'actor' | 'client' | 'now'>;

const rub = (kopecks: number) => kopecks / 100;
const money = (kopecks: number) =>
  `${(kopecks / 100).toLocaleString('ru-RU', { maximumFractionDigits: 2 }).replace(/\u00a0/g, ' ')} ₽`;

export function promoState(p: Pick<PromoRow, 'stoppedAt' | 'endsAt' | 'startsAt' | 'maxUses' | 'uses'>, now: Date) {
  if (p.stoppedAt) return 'stopped';
  if (p.endsAt && now >= p.endsAt) return 'expired';
  if (p.maxUses !== null && p.uses >= p.maxUses) return 'exhausted';
  if (p.startsAt && now < p.startsAt) return 'scheduled';
  return 'active';
}

export function promoRule(p: Pick<PromoRow, 'percent' | 'amount' | 'minBasket'>): string {
  const off = p.amount !== null ? `−${money(p.amount)}` : `−${p.percent ?? 0} %`;
  return p.minBasket > 0 ? `${off} от ${money(p.minBasket)}` : off;
}

export function promoView(p: PromoRow, now: Date): PromoView {
  const state = promoState(p, now);
  return {
    code: p.code,
    kind: p.amount !== null ? 'amount' : 'percent',
    value: p.amount !== null ? rub(p.amount) : (p.percent ?? 0),
    minTotal: rub(p.minBasket),
    startsAt: p.startsAt?.toISOString() ?? null,
    endsAt: p.endsAt?.toISOString() ?? null,
    usesLimit: p.maxUses,
    perCustomerLimit: p.perCustomer,
    sectionIds: p.sectionIds ?? [],
    brandIds: p.brandIds ?? [],
    uses: p.uses,
    revenue: rub(p.revenue),
    state,
    stateTitle: PROMO_STATE_TITLES[state],
    rule: promoRule(p),
    stoppedAt: p.stoppedAt?.toISOString() ?? null,
  };
}

const writeOf = (code: string, input: PromoUpdateInput): PromoWrite => ({
  code,
  percent: input.kind === 'percent' ? (input.value ?? 0) : null,
  amount: input.kind === 'amount' ? Math.round((input.value ?? 0) * 100) : null,
  minBasket: Math.round((input.minTotal ?? 0) * 100),
  startsAt: input.startsAt ?? null,
  endsAt: input.endsAt ?? null,
  // Empty: every section and brand, as checkout reads null.
  sectionIds: input.sectionIds.length ? input.sectionIds : null,
  brandIds: input.brandIds.length ? input.brandIds : null,
  maxUses: input.usesLimit ?? null,
  perCustomer: input.perCustomerLimit ?? null,
});

/** The audited fields of a code, as the log shows them. */
const audited = (p: PromoWrite & { stoppedAt?: Date | null }) => ({
  percent: p.percent,
  amount: p.amount,
  minBasket: p.minBasket,
  startsAt: p.startsAt?.toISOString() ?? null,
  endsAt: p.endsAt?.toISOString() ?? null,
  sectionIds: p.sectionIds,
  brandIds: p.brandIds,
  maxUses: p.maxUses,
  perCustomer: p.perCustomer,
  ...(p.stoppedAt !== undefined ? { stoppedAt: p.stoppedAt?.toISOString() ?? null } : {}),
});

const notFound = () => new DomainError('not_found', 'Такого промокода нет.', 'PROMO_NOT_FOUND');

/**
 * The back office's promo codes (issue 28.3): the list with uses, revenue and state, creating, editing (all but the
 * code) and stopping. Every call needs `promo.edit`; every write is audited in its own transaction.
 */
export function createPromoAdminService(deps: { repo: PromoAdminRepository; write: StaffWrite }) {
  const { repo, write: staffWrite } = deps;
  return {
    async list(ctx: Ctx, filter: { state?: PromoState } = {}): Promise<PromoView[]> {
      requirePermission(ctx, 'promo.edit');
      const now = ctx.now();
      const all = (await repo.list()).map((p) => promoView(p, now));
      return filter.state ? all.filter((p) => p.state === filter.state) : all;
    },

    async card(ctx: Ctx, code: string): Promise<{ promocode: PromoView; uses: PromoUse[] }> {
      requirePermission(ctx, 'promo.edit');
      const promo = await repo.get(code);
      if (!promo) throw notFound();
      return { promocode: promoView(promo, ctx.now()), uses: await repo.uses(code) };
    },

    async choices(ctx: Ctx) {
      requirePermission(ctx, 'promo.edit');
      const [sections, brands] = await Promise.all([repo.sections(), repo.brands()]);
      return { sections, brands };
    },

    async create(ctx: Ctx, input: PromoCreateInput): Promise<PromoView> {
      const write = writeOf(input.code, input);
      return staffWrite(ctx, 'promo.create', { id: input.code }, async ({ promo }) => {
        if (!(await promo.insert(write)))
          throw new DomainError('conflict', `Промокод ${input.code} уже есть.`, 'PROMO_EXISTS');
        const saved = await promo.get(input.code);
        if (!saved) throw notFound();
        return { value: promoView(saved, ctx.now()), after: audited(write) };
      });
    },

    async update(ctx: Ctx, code: string, input: PromoUpdateInput): Promise<PromoView> {
      return staffWrite(ctx, 'promo.update', { id: code }, async ({ promo }) => {
        const before = await promo.get(code);
        if (!before) throw notFound();
        const write = writeOf(code, input);
        await promo.update(write);
        const saved = await promo.get(code);
        if (!saved) throw notFound();
        return { value: promoView(saved, ctx.now()), before: audited(before), after: audited(write) };
      });
    },

    /** Stops the code: checkout refuses it from now on, its uses stay. Stopping a stopped code changes nothing. */
    async stop(ctx: Ctx, code: string): Promise<PromoView> {
      return staffWrite(ctx, 'promo.stop', { id: code }, async ({ promo }) => {
        const before = await promo.get(code);
        if (!before) throw notFound();
        const at = ctx.now();
        if (!before.stoppedAt) await promo.stop(code, at);
        const saved = await promo.get(code);
        if (!saved) throw notFound();
        return {
          value: promoView(saved, ctx.now()),
          unchanged: before.stoppedAt !== null,
          before: { stoppedAt: null },
          after: { stoppedAt: at.toISOString() },
        };
      });
    },
  };
}

export type PromoAdminService = ReturnType<typeof createPromoAdminService>;
