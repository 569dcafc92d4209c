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
export const STAFF_ACTIONS = [
  /** Their own account: profile, password, second factor, logging out. Every role has it. */
  'account.manage',
  'dashboard.read',
  'orders.read',
  'orders.move',
  /** A ready shop order handed over without the shopper's pickup code, with a reason: not for a shop's staff. */
  'orders.handover_without_code',
  /** Money back to the shopper from an online payment: not for a shop's staff. */
  'orders.refund',
  'customers.read',
  /** Block and unblock a customer, correct their bonuses. */
  'customers.edit',
  /** Pages, FAQ, landing pages, the shops' data, answers to questions, the reload of open pages. */
  'content.edit',
  /** Shoppers' reviews: publish, hide with a reason, answer as the shop (issue 44.2). */
  'reviews.moderate',
  /** Products, prices, photos, sections and brands. */
  'catalog.edit',
  /** Stock documents and the movement history. */
  'stock.adjust',
  'promo.edit',
  'exchange.run',
  'staff.manage',
  'audit.read',
  /** The funnel of views, baskets, checkouts and orders. */
  'reports.read',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/**
 * How far a grant reaches (epic-stack's `action:entity:own|any`): `any` — whatever shop a thing belongs to; `own` —
 * only the things of the member's own shop (an order to be picked up there, its stock).
 */
export type Access = 'own' | 'any';
export type Permission = `${StaffAction}:${Access}`;

/**
 * The one table of permissions: role → grants. Written out, not built by calls: a page's bundle that names a role's
 * title then drops the table as dead code.
 */
export const PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  owner: [
    'account.manage:any',
    'dashboard.read:any',
    'orders.read:any',
    'orders.move:any',
    'orders.handover_without_code:any',
    'orders.refund:any',
    'customers.read:any',
    'customers.edit:any',
    'content.edit:any',
    'reviews.moderate:any',
    'catalog.edit:any',
    'stock.adjust:any',
    'promo.edit:any',
    'exchange.run:any',
    'staff.manage:any',
    'audit.read:any',
    'reports.read:any',
  ],
  manager: [
    'account.manage:any',
    'dashboard.read:any',
    'orders.read:any',
    'orders.move:any',
    'orders.handover_without_code:any',
    'orders.refund:any',
    'customers.read:any',
    'customers.edit:any',
    'reviews.moderate:any',
    'reports.read:any',
  ],
  shop: ['account.manage:any', 'orders.read:own', 'orders.move:own', 'stock.adjust:own'],
  content: ['account.manage:any', 'content.edit:any', 'reviews.moderate:any'],
  merchandiser: ['account.manage:any', 'catalog.edit:any', 'stock.adjust:any', 'promo.edit:any'],
  exchange: ['account.manage:any', 'exchange.run:any'],
};

/** How far the role's grant of `action` reaches, or null when the role has none. */
export function accessOf(role: StaffRole, action: StaffAction): Access | null {
  const grants = PERMISSIONS[role];
  if (grants.includes(`${action}:any`)) return 'any';
  return grants.includes(`${action}:own`) ? 'own' : null;
}

/** Whether the role has `action` at all, in some shop (what the navigation offers, what an edge lets through). */
export const roleMay = (member: Pick<StaffMember, 'role'>, action: StaffAction) =>
  accessOf(member.role, action) !== null;

/**
 * Whether `member` may do `action` on a thing of `shopId` (null: a thing of no shop, such as a courier order). An
 * `own` grant holds only for the member's own shop.
 */
export function can(member: StaffMember, action: StaffAction, shopId: number | null): boolean {
  const access = accessOf(member.role, action);
  return access === 'any' || (access === 'own' && shopId !== null && shopId === member.shopId);
}

/**
 * The shop a member's lists and new things are limited to for `action`: their own under an `own` grant, none
 * (every shop) under `any`.
 */
export function shopScope(member: StaffMember, action: StaffAction): number | undefined {
  return accessOf(member.role, action) === 'own' ? (member.shopId ?? 0) : undefined;
}

const unauthorized = () =>
  new DomainError('unauthorized', 'Войдите в панель управления магазином.', 'STAFF_AUTH_REQUIRED');
export const forbidden = () => new DomainError('forbidden', 'Недостаточно прав для этого действия.', 'FORBIDDEN');

/**
 * The one guard of the back office: a request without a staff session is `unauthorized` (401, or the login page), a
 * member whose role has no grant of `action` is `forbidden` (403). It answers the member; where the thing acted on
 * belongs to a shop, `can` (or `staffWrite`'s scope) checks it against the grant's reach.
 */
export function requirePermission(ctx: Pick<RequestContext, 'actor'>, action: StaffAction): StaffMember {
  const actor = ctx.actor;
  if (actor.kind !== 'staff') throw unauthorized();
  if (!roleMay(actor, action)) throw forbidden();
  return actor;
}
