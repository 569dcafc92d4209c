import { describe, expect, it } from 'vitest';
import type { Actor } from '../context';
import { DomainError } from '../errors';
import { requireRole, requireUser } from './guards';

const visitor: Actor = { kind: 'visitor' };
const shopper: Actor = { kind: 'user', userId: 7, roles: [] };
const manager: Actor = { kind: 'user', userId: 8, roles: ['manager'] };
const admin: Actor = { kind: 'user', userId: 9, roles: ['admin'] };

const errorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e as DomainError;
  }
  return null;
};

describe('requireUser', () => {
  it('answers the user of a logged-in actor', () => {
    expect(requireUser({ actor: shopper })).toEqual(shopper);
  });
  it('refuses a visitor as unauthorized, in Russian', () => {
    const e = errorOf(() => requireUser({ actor: visitor }));
    expect(e).toBeInstanceOf(DomainError);
    expect(e).toMatchObject({ kind: 'unauthorized', code: 'AUTH_REQUIRED', message: expect.stringMatching(/Войдите/) });
  });
});

describe('requireRole', () => {
  it('lets a user with the role, or an admin, through', () => {
    expect(requireRole({ actor: manager }, 'manager')).toEqual(manager);
    expect(requireRole({ actor: admin }, 'manager')).toEqual(admin);
  });
  it('refuses a user without the role as forbidden and a visitor as unauthorized', () => {
    expect(errorOf(() => requireRole({ actor: shopper }, 'manager'))).toMatchObject({ kind: 'forbidden' });
    expect(errorOf(() => requireRole({ actor: visitor }, 'manager'))).toMatchObject({ kind: 'unauthorized' });
  });
});
