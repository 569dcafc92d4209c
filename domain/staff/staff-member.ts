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

/**
 * The role of 1C's account: it logs in at the 1C exchange only, the only role that does; the back office never lets
 * it in, and no person is given it (issue 43.7).
 */
export const EXCHANGE_ROLE = 'exchange' as const satisfies StaffRole;
/** The roles of people, who log into the back office. */
export const PERSON_ROLES = STAFF_ROLES.filter((r) => r !== EXCHANGE_ROLE);

export const isStaffRole = (value: unknown): value is StaffRole => STAFF_ROLES.includes(value as StaffRole);
