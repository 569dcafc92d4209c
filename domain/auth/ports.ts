import type { Actor } from '../context';
import type { User } from './user';

export type TokenPurpose = 'email-confirm' | 'password-reset';

export interface NewUser {
  email: string;
  passwordHash: string;
  name: string;
  lastName: string;
  phone: string | null;
  /** The phone, when this session confirmed it by SMS code. */
  confirmedPhone: string | null;
  isSubscribe: boolean;
}

export interface CredentialsRepository {
  /** The new user's id; `email_taken` or `phone_taken` when another account has that email or confirmed phone. */
  createUser(user: NewUser): Promise<number | 'email_taken' | 'phone_taken'>;
  /** The user a login (an email, or a confirmed phone) names, with the password hash. */
  credentials(login: { email: string } | { phone: string }): Promise<{ userId: number; passwordHash: string } | null>;
  /** The email and name letters go to. */
  contact(userId: number): Promise<{ email: string; name: string; emailConfirmed: boolean } | null>;
  userIdByEmail(email: string): Promise<number | null>;
  /** The phone the session confirmed by SMS code. */
  sessionConfirmedPhone(sessionId: string): Promise<string | null>;
  createToken(token: {
    userId: number;
    purpose: TokenPurpose;
    tokenHash: string;
    email: string;
    expiresAt: Date;
  }): Promise<void>;
  /** Uses up a live token in the statement that finds it, so a link works once even when opened twice at once. */
  spendToken(purpose: TokenPurpose, tokenHash: string, now: Date): Promise<{ userId: number; email: string } | null>;
  /**
   * Marks the email confirmed when it is still the user's address; answers whether it was. The guest orders placed
   * with that email join the account in the same transaction (issue 47.2), as a new user's with its confirmed phone.
   */
  confirmEmail(userId: number, email: string): Promise<boolean>;
  /**
   * Spends a password-reset link and sets the password, ends every session of the user and cancels every reset link
   * still out, in one transaction under the user's row lock: whoever held a session or a letter from before the
   * change is out, and two links spent at once change the password once. False for a spent, expired or unknown link.
   */
  resetPassword(tokenHash: string, passwordHash: string, now: Date): Promise<boolean>;
}

export interface PhoneCodeRepository {
  /** Stores a code for the session and phone; it replaces the pair's earlier codes. */
  create(code: { sessionId: string; phone: string; codeHash: string; expiresAt: Date }): Promise<void>;
  /**
   * One attempt on the session's live code for the phone, counted in the same statement that compares it, so
   * attempts made at once cannot pass the limit: `confirmed` (and the code is used up), `wrong`, or `none` when
   * there is no live code or its attempts are spent. `attemptsLeft` after this one.
   */
  attempt(
    sessionId: string,
    phone: string,
    codeHash: string,
    now: Date,
  ): Promise<{ result: 'confirmed' | 'wrong' | 'none'; attemptsLeft: number }>;
  /** Notes the confirmed phone on the session (and its row, made if needed). */
  confirmOnSession(sessionId: string, phone: string): Promise<void>;
  /**
   * Notes the phone as the user's confirmed phone, unless another user has confirmed it: then `taken`, and the user
   * is left as is. The guest orders of the phone join the account in the same transaction (issue 47.2).
   */
  confirmOnUser(userId: number, phone: string): Promise<'ok' | 'taken'>;
  /** The user whose confirmed phone this is, if any. */
  userByConfirmedPhone(phone: string): Promise<number | null>;
}

export interface SessionUserRepository {
  /** The user bound to the session, or the visitor when none is. */
  actorOf(sessionId: string): Promise<Actor>;
  /** The logged-in user's fields as the spec's User; null when the user is gone. */
  user(userId: number): Promise<User | null>;
  /**
   * Moves a session to a new id bound to the user, in one transaction: the old id stops working, so a session id
   * planted before login (session fixation) is worth nothing after it. The confirmed phone goes along.
   */
  rotateSession(oldId: string, newId: string, userId: number): Promise<void>;
  /** Ends the session: its row goes, and with it the binding to the user. */
  endSession(sessionId: string): Promise<void>;
}
