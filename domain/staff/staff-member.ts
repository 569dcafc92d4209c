/** Who a staff member is, as the request context carries them: a leaf module, so the context imports no guard. */

/** The roles of the shop's staff (issue 25.1). */
export const STAFF_ROLES = ['owner', 'manager', 'shop', 'content', 'merchandiser', 'exchange'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export interface StaffMember {
  readonly staffId: number;
  readonly email: string;
  readonly role: StaffRole;
  /** The shop of a `shop` member; null for the other roles. */
  readonly shopId: number | null;
}

export const isStaffRole = (value: unknown): value is StaffRole => STAFF_ROLES.includes(value as StaffRole);
