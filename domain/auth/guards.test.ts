import { describe, expect, it } from 'vitest';
import type { Actor } from '../context';
import { DomainError } from '../errors';
import { requireUser } from './guards';

const visitor: Actor = { kind: 'visitor' };
const shopper: Actor = { kind: 'user', userId: 7 };

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
