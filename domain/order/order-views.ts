import { z } from 'zod';
import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import { line } from '../input';
import { accessOf, requirePermission } from '../staff/permissions';
import type { StaffMember } from '../staff/staff-member';
import type { StaffWrite } from '../staff/staff-write';
import { deskFilterInput } from './desk.schemas';

/**
 * Saved views of the orders desk (issue 47.7): a named filter of the list, a member's own or their team's. A shop
 * member's team is their shop's staff; a manager's or an owner's team view is everyone's. Managers and owners see every
 * team view (they see every shop's orders) and may delete any; a private view is its author's alone.
 */
export interface OrderView {
  id: number;
  name: string;
  shared: boolean;
  /** The list's query string without `?` (`queue=ready&shopId=3`): the view's link is `/admin/orders/?…`. */
  query: string;
  staffId: number;
  /** Who saved it, for a team view's tab. */
  staffEmail: string;
  shopId: number | null;
  /** Whether the member asking may delete it. */
  canDelete: boolean;
}

export type StoredOrderView = Omit<OrderView, 'canDelete'>;

/** The views a member sees: their own, and the team views within their reach. */
export interface OrderViewReads {
  visible(who: { staffId: number; shopId: number | null; everyShop: boolean }): Promise<StoredOrderView[]>;
}

/** The writes, in `staffWrite`'s transaction. */
export interface OrderViewWrites {
  /** Saves the member's view by its name: a view of the same name (any case) gets the new filter and sharing. */
  saveView(view: { staffId: number; shopId: number | null; name: string; shared: boolean; query: string }): Promise<{
    id: number;
    before: { query: string; shared: boolean } | null;
  }>;
  /** The view under a row lock, or null. */
  lockView(id: number): Promise<StoredOrderView | null>;
  deleteView(id: number): Promise<void>;
  /** How many views the member has saved. */
  countViews(staffId: number): Promise<number>;
}

/** Views one member may keep. */
export const VIEWS_MAX = 30;

/** The filter keys a view keeps, in the order its query is written. */
const VIEW_KEYS = ['queue', 'status', 'deliveryType', 'shopId', 'pointId', 'q', 'from', 'to', 'sort'] as const;

export const saveViewInput = z.object({
  name: line({ error: 'Назовите вид.' }).min(1, 'Назовите вид.').max(60, 'Название вида — до 60 символов.'),
  shared: z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean()),
  query: z.string({ error: 'Нет фильтра для вида.' }).max(1000, 'Фильтр вида слишком длинный.'),
});
export type SaveViewInput = z.infer<typeof saveViewInput>;

const notFound = () => new DomainError('not_found', 'Вид не найден.', 'VIEW_NOT_FOUND');

/** The query string as the view keeps it: only the list's filters, checked, in one order; a bad one is refused. */
export function viewQuery(text: string, member: StaffMember): string {
  const params = new URLSearchParams(text.replace(/^\?/, ''));
  const raw: Record<string, string> = {};
  for (const key of VIEW_KEYS) {
    const value = params.get(key)?.trim();
    if (value) raw[key] = value;
  }
  const parsed = deskFilterInput.safeParse(raw);
  if (!parsed.success)
    throw new DomainError('validation', parsed.error.issues[0]?.message ?? 'Проверьте фильтр.', 'INVALID_QUERY');
  const out = new URLSearchParams();
  for (const key of VIEW_KEYS) {
    // A shop member's list is their shop's whatever it asks: the shop is not part of their view.
    if (key === 'shopId' && member.role === 'shop') continue;
    const value = parsed.data[key];
    if (value !== undefined && value !== '') out.set(key, String(value));
  }
  return out.toString();
}

const everyShop = (member: StaffMember) => accessOf(member.role, 'orders.read') === 'any';
/** A team view is deleted by its author, a manager or an owner; a private one by its author alone. */
const mayDelete = (member: StaffMember, view: Pick<StoredOrderView, 'staffId' | 'shared'>) =>
  view.staffId === member.staffId || (view.shared && (member.role === 'manager' || member.role === 'owner'));

export interface OrderViewsService {
  list(ctx: RequestContext): Promise<OrderView[]>;
  save(ctx: RequestContext, input: SaveViewInput): Promise<OrderView>;
  remove(ctx: RequestContext, id: number): Promise<void>;
}

export function createOrderViewsService(deps: { reads: OrderViewReads; write: StaffWrite }): OrderViewsService {
  const visibleTo = async (member: StaffMember) =>
    (await deps.reads.visible({ staffId: member.staffId, shopId: member.shopId, everyShop: everyShop(member) })).map(
      (v): OrderView => ({ ...v, canDelete: mayDelete(member, v) }),
    );
  return {
    list: (ctx) => visibleTo(requirePermission(ctx, 'orders.read')),

    async save(ctx, input) {
      const member = requirePermission(ctx, 'orders.read');
      const query = viewQuery(input.query, member);
      const name = input.name.trim();
      const id = await deps.write(ctx, 'order-view.save', {}, async (repos, scope) => {
        // A shop member's view is of their shop, and so is its team.
        scope.inShop(member.shopId);
        const saved = await repos.orderViews.saveView({
          staffId: member.staffId,
          shopId: member.role === 'shop' ? member.shopId : null,
          name,
          shared: input.shared,
          query,
        });
        if (!saved.before && (await repos.orderViews.countViews(member.staffId)) > VIEWS_MAX)
          throw new DomainError('validation', `Видов — не больше ${VIEWS_MAX}: удалите ненужные.`, 'VIEWS_TOO_MANY');
        return {
          value: saved.id,
          id: saved.id,
          before: saved.before ? { name, ...saved.before } : null,
          after: { name, shared: input.shared, query },
        };
      });
      const view = (await visibleTo(member)).find((v) => v.id === id);
      if (!view) throw notFound();
      return view;
    },

    async remove(ctx, id) {
      const member = requirePermission(ctx, 'orders.read');
      await deps.write(ctx, 'order-view.delete', { id }, async (repos, scope) => {
        const view = await repos.orderViews.lockView(id);
        // Another member's private view, or another shop's team view, is «not found»: nothing of it shows.
        if (!view || (view.staffId !== member.staffId && !view.shared)) throw notFound();
        if (view.shopId !== null || member.role === 'shop') scope.inShop(view.shopId, notFound);
        else scope.inShop(null);
        if (!mayDelete(member, view))
          throw new DomainError('forbidden', 'Вид команды удаляют его автор, менеджер или владелец.', 'FORBIDDEN');
        await repos.orderViews.deleteView(id);
        return { value: undefined, before: { name: view.name, shared: view.shared, query: view.query }, after: null };
      });
    },
  };
}
