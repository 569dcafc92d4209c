/**
 * How long the shop keeps what it keeps only for a while (personal-data law asks for no more than needed).
 * A user's account, their orders and their consents are never pruned here.
 */
export const RETENTION_DAYS = {
  /** A visitor's session and its anonymous basket and wishlist, counted from the last visit. */
  anonymousSession: 30,
  /** Analytics events. */
  events: 90,
  /** Sent or given-up emails and SMS (their text holds names, codes and links). */
  outbox: 30,
  /** SMS codes, counted from their expiry (a day keeps them for a support question about a failed login). */
  phoneCodes: 1,
  /** Emailed links (email confirmation, password reset), counted from their expiry. */
  userTokens: 1,
  /** Newsletter sign-ups never confirmed (the confirmation link works 7 days). */
  pendingSubscriptions: 8,
  /** The audit log of staff writes, unless `AUDIT_RETENTION_DAYS` says otherwise. */
  audit: 365,
  /** Used or expired staff invitations. */
  staffInvites: 1,
  /** Staff notifications already read, unless `STAFF_NOTIFICATIONS_READ_DAYS` says otherwise. */
  readStaffNotifications: 90,
  /** Any staff notification, read or not, unless `STAFF_NOTIFICATIONS_KEEP_DAYS` says otherwise. */
  staffNotifications: 365,
} as const;

/** What one run removed, by kind, for the log. */
export type PruneReport = Record<string, number>;

export interface RetentionRepository {
  /** Deletes everything past its time at `now`; answers null when another process is pruning already. */
  prune(now: Date): Promise<PruneReport | null>;
}
