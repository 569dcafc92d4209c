import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import type { StaffMember, StaffRole } from './staff-member';

export const ROLE_TITLES: Readonly<Record<StaffRole, string>> = {
  owner: 'Владелец',
  manager: 'Менеджер',
  shop: 'Магазин',
  content: 'Контент',
  merchandiser: 'Мерчандайзер',
  exchange: 'Обмен с 1С',
};

/** What a staff member may do; each admin page, form and call names the one it needs. */
export type StaffAction =
  | 'dashboard.read'
  | 'orders.read'
  | 'orders.move'
  /** Money back to the shopper from an online payment: not for a shop's staff. */
  | 'orders.refund'
  | 'customers.read'
  /** Block and unblock a customer, correct their bonuses. */
  | 'customers.edit'
  /** Pages, FAQ, landing pages, the shops' data, answers to questions, the reload of open pages. */
  | 'content.edit'
  /** Products, prices, photos, sections and brands. */
  | 'catalog.edit'
  /** Stock documents and the movement history (a `shop` member: their own shop). */
  | 'stock.adjust'
  | 'promo.edit'
  | 'exchange.run'
  | 'staff.manage'
  | 'audit.read';

/**
 * The one table of permissions: role → actions. A `shop` member's actions hold for their own shop only
 * (`requirePermission`'s `shopId`).
 */
export const PERMISSIONS: Readonly<Record<StaffRole, readonly StaffAction[]>> = {
  owner: [
    'dashboard.read',
    'orders.read',
    'orders.move',
    'orders.refund',
    'customers.read',
    'customers.edit',
    'content.edit',
    'catalog.edit',
    'stock.adjust',
    'promo.edit',
    'exchange.run',
    'staff.manage',
    'audit.read',
  ],
  manager: ['dashboard.read', 'orders.read', 'orders.move', 'orders.refund', 'customers.read', 'customers.edit'],
  shop: ['orders.read', 'orders.move', 'stock.adjust'],
  content: ['content.edit'],
  merchandiser: ['catalog.edit', 'stock.adjust', 'promo.edit'],
  exchange: ['exchange.run'],
};

/** Whether the role has `action` at all, in some shop (what the navigation offers). */
export const roleMay = (member: StaffMember, action: StaffAction) => PERMISSIONS[member.role].includes(action);

/**
 * Whether `member` may do `action` (on `shopId`'s things, when they belong to a shop). A `shop` member acts only where
 * the caller names their own shop: a check that forgets the scope refuses them rather than opening every shop.
 */
export function can(member: StaffMember, action: StaffAction, scope: { shopId?: number | null } = {}): boolean {
  if (!roleMay(member, action)) return false;
  return member.role !== 'shop' || (scope.shopId !== undefined && scope.shopId === member.shopId);
}

/**
 * The one guard of the back office: top of every admin page, form and call. A request without a staff session is
 * `unauthorized` (401, or the login page), a member whose role may not is `forbidden` (403).
 */
export function requirePermission(
  ctx: Pick<RequestContext, 'actor'>,
  action: StaffAction,
  scope: { shopId?: number | null } = {},
): StaffMember {
  const actor = ctx.actor;
  if (actor.kind !== 'staff')
    throw new DomainError('unauthorized', 'Войдите в панель управления магазином.', 'STAFF_AUTH_REQUIRED');
  if (!can(actor, action, scope))
    throw new DomainError('forbidden', 'Недостаточно прав для этого действия.', 'FORBIDDEN');
  return actor;
}

/**
 * The scope a request acts in when it names no shop of its own: a `shop` member's own shop (their lists and writes
 * are limited to it), none for the other roles.
 */
export function ownShopScope(ctx: Pick<RequestContext, 'actor'>): { shopId?: number | null } {
  const actor = ctx.actor;
  return actor.kind === 'staff' && actor.role === 'shop' ? { shopId: actor.shopId } : {};
}

/** Top of what any logged-in staff member may do for themselves (their password, their second factor). */
export function requireStaff(ctx: Pick<RequestContext, 'actor'>): StaffMember {
  if (ctx.actor.kind !== 'staff')
    throw new DomainError('unauthorized', 'Войдите в панель управления магазином.', 'STAFF_AUTH_REQUIRED');
  return ctx.actor;
}
