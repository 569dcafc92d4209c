import { readFileSync } from 'node:fs';
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../../domain/auth/password';

// scrypt with N = 2^15, r = 8: 32 MiB and some 50–100 ms a hash, OWASP's advice for scrypt.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** The 10 000 most common passwords, lower-cased; shipped with the code (no download at run time). */
function loadCommon(): Set<string> {
  const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
  return new Set(text.split('\n').filter((line) => line && !line.startsWith('#')));
}

/** Stored as `scrypt$N$r$p$salt$key` (base64url), so the parameters can grow without breaking old hashes. */
export function scryptHasher(): PasswordHasher {
  const common = loadCommon();
  // A hash to check against when the login matches nobody, so that the answer takes as long as for a real user.
  const dummy = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${randomBytes(16).toString('base64url')}$${randomBytes(KEY_LENGTH).toString('base64url')}`;
  return {
    async hash(password) {
      const salt = randomBytes(16);
      const key = await derive(password, salt, PARAMS);
      return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
    },
    async verify(password, stored) {
      const [scheme, n, r, p, salt, key] = (stored ?? dummy).split('$');
      if (scheme !== 'scrypt' || !salt || !key) return false;
      const expected = Buffer.from(key, 'base64url');
      const actual = await derive(password, Buffer.from(salt, 'base64url'), {
        N: Number(n),
        r: Number(r),
        p: Number(p),
      });
      return stored !== null && actual.length === expected.length && timingSafeEqual(actual, expected);
    },
    isCommon: (password) => common.has(password.toLowerCase()),
  };
}
