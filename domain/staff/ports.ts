import type { StaffMember, StaffRole } from './staff-member';

/** A staff member as stored; the hashes and secrets never leave the staff service. */
export interface StaffRow {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  shopId: number | null;
  passwordHash: string;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpLastStep: number | null;
}

export type StaffFields = Partial<
  Pick<StaffRow, 'name' | 'role' | 'shopId' | 'passwordHash' | 'totpSecret' | 'totpPendingSecret' | 'totpLastStep'>
>;

export interface StaffInvite {
  tokenHash: string;
  /** Empty on the first owner's link: whoever opens it names the address. */
  email: string;
  name: string;
  role: StaffRole;
  shopId: number | null;
  invitedBy: number | null;
  expiresAt: Date;
}

/** An invitation still open, as the owner's staff page lists it. */
export interface OpenInvite {
  email: string;
  name: string;
  role: StaffRole;
  shopId: number | null;
  /** Who sent it: their address, or null for the console. */
  invitedBy: string | null;
  expiresAt: Date;
}

/**
 * The staff tables, on the database or inside a unit of work. A removed member's row stays for the audit log, but
 * every lookup, list and session here passes it over.
 */
export interface StaffRepository {
  byEmail(email: string): Promise<StaffRow | null>;
  byId(id: number): Promise<StaffRow | null>;
  list(): Promise<StaffRow[]>;
  /**
   * The ids of the owners, locked until the transaction ends, in one order: changes at once that would each leave one
   * owner wait for each other, so the second sees the first's outcome.
   */
  lockOwners(): Promise<number[]>;
  /** The member, locked until the transaction ends; null for an unknown or removed one. */
  lockMember(id: number): Promise<StaffRow | null>;
  /** Marks the member removed: the row stays. */
  remove(id: number, at: Date): Promise<void>;
  /** The shops a `shop` member may be bound to. */
  shops(): Promise<{ id: number; code: string; name: string; timeZone: string }[]>;
  /** The new member's id, or `email_taken`. */
  create(
    member: Omit<StaffRow, 'id' | 'totpSecret' | 'totpPendingSecret' | 'totpLastStep'>,
  ): Promise<number | 'email_taken'>;
  update(id: number, fields: StaffFields): Promise<void>;
  /** Records a TOTP code's time step as used unless it or a later one already was (one statement); false then. */
  spendTotpStep(id: number, step: number): Promise<boolean>;
  /**
   * The member of a session seen within `idleS` seconds before `now`, marking it seen now; null for an unknown or
   * idle session (which ends).
   */
  sessionMember(tokenHash: string, now: Date, idleS: number): Promise<StaffMember | null>;
  startSession(tokenHash: string, staffId: number, now: Date): Promise<void>;
  endSession(tokenHash: string): Promise<void>;
  /** Ends every session of the member but `keep` (a password change signs the other devices out). */
  endSessions(staffId: number, keep: string | null): Promise<void>;
  createInvite(invite: StaffInvite): Promise<void>;
  /** A live invitation, left unused. */
  invite(tokenHash: string, now: Date): Promise<StaffInvite | null>;
  /** Uses up a live invitation in the statement that finds it: a link works once, even opened twice at once. */
  spendInvite(tokenHash: string, now: Date): Promise<StaffInvite | null>;
  /** Ends every open invitation of the address (its links no longer open); answers how many it ended. */
  endInvites(email: string, now: Date): Promise<number>;
  /** The invitations with an address still open at `now`, the latest first. */
  openInvites(now: Date): Promise<OpenInvite[]>;
}

/** The TOTP second factor (RFC 6238) and its QR code; the server supplies it (server/auth/totp.ts). */
export interface SecondFactor {
  newSecret(): string;
  /** The `otpauth://` address an authenticator app reads from the QR code. */
  uri(secret: string, email: string): string;
  /** The time step whose code `code` is at `at` (one step either side allowed for clock drift), or null. */
  match(secret: string, code: string, at: Date): number | null;
  /** The QR code of `text` as an SVG document. */
  qrSvg(text: string): Promise<string>;
}
