import { DomainError } from '../errors';
import { type PasswordHasher, passwordProblem } from '../auth/password';
import type { StaffMember, StaffRole } from './staff-member';
import type { StaffRow } from './ports';

/** A member as the back office shows them: no hash, no secret. */
export interface StaffProfile {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  shopId: number | null;
  totp: boolean;
}

export const profileOf = (row: StaffRow): StaffProfile => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  shopId: row.shopId,
  totp: row.totpSecret !== null,
});

export const memberOf = (row: StaffRow): StaffMember => ({
  staffId: row.id,
  email: row.email,
  role: row.role,
  shopId: row.shopId,
});

/**
 * A staff password the shop accepts: the same rules as a shopper's, and not the member's own address (or its name
 * part), the first thing a guess tries.
 */
export function checkStaffPassword(passwords: PasswordHasher, password: string, email: string) {
  const problem = passwordProblem(password, passwords.isCommon);
  if (problem) throw new DomainError('validation', problem, 'PASSWORD_WEAK');
  const typed = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  if (address && (typed === address || typed === address.split('@')[0]))
    throw new DomainError(
      'validation',
      'Пароль не должен совпадать с адресом почты: его подберут первым.',
      'PASSWORD_WEAK',
    );
}
