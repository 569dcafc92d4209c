/** Password rules of the accounts (issue 8): long enough, not a common one; never logged or returned. */
export const PASSWORD_MIN = 8;
/** Far above any passphrase, and a bound on the work of hashing what a client sends. */
export const PASSWORD_MAX = 128;

/** Hashes with a memory-hard function and a per-password salt; the server supplies it (scrypt). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Whether the password matches the stored hash; a `null` hash (no such user) is checked too, to take the same time. */
  verify(password: string, stored: string | null): Promise<boolean>;
  /** Whether the password is one of the most common ones. */
  isCommon(password: string): boolean;
}

/** The Russian reason a password cannot be used, or null. */
export function passwordProblem(password: string, isCommon: (password: string) => boolean): string | null {
  if (password.length < PASSWORD_MIN) return `Пароль должен быть не короче ${PASSWORD_MIN} символов.`;
  if (password.length > PASSWORD_MAX) return `Пароль должен быть не длиннее ${PASSWORD_MAX} символов.`;
  if (isCommon(password)) return 'Этот пароль слишком распространён: его легко подобрать. Придумайте другой.';
  return null;
}
