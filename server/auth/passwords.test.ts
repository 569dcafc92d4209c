import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../../domain/auth/password';
import { scryptHasher } from './passwords';

const hasher = scryptHasher();

describe('the password policy', () => {
  it.each([
    ['Ab1', 'Пароль должен быть не короче 8 символов.'],
    ['x'.repeat(129), 'Пароль должен быть не длиннее 128 символов.'],
    ['password1', 'Этот пароль слишком распространён: его легко подобрать. Придумайте другой.'],
    ['QWERTY123', 'Этот пароль слишком распространён: его легко подобрать. Придумайте другой.'],
    ['Снег-на-Неве-2026', null],
  ])('%j → %j', (password, problem) => {
    expect(passwordProblem(password, hasher.isCommon)).toBe(problem);
  });

  it('ships ten thousand common passwords', () => {
    expect(hasher.isCommon('123456')).toBe(true);
    expect(hasher.isCommon('iloveyou')).toBe(true);
    expect(hasher.isCommon('Снег-на-Неве-2026')).toBe(false);
  });
});

describe('scrypt hashes', () => {
  it('salts each hash and verifies only the right password', async () => {
    const a = await hasher.hash('Снег-на-Неве-2026');
    const b = await hasher.hash('Снег-на-Неве-2026');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await hasher.verify('Снег-на-Неве-2026', a)).toBe(true);
    expect(await hasher.verify('снег-на-неве-2026', a)).toBe(false);
    expect(await hasher.verify('Снег-на-Неве-2026', null)).toBe(false);
    expect(await hasher.verify('x', 'garbage')).toBe(false);
  });
});
