import { describe, expect, it } from 'vitest';
import { readSettings, SettingsError } from './settings';

describe('settings', () => {
  it('has working defaults', () => {
    const s = readSettings({});
    expect(s).toMatchObject({ PORT: 3000, DATA_DIR: './data', TZ: 'Europe/Moscow', SITE_URL: 'http://localhost:3000' });
    expect(s.DATABASE_URL).toBeUndefined();
  });
  it('treats an empty DATABASE_URL as none', () => {
    expect(readSettings({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SITE_URL: 'not a url' }, 'SITE_URL'],
    [{ TZ: 'Mars/Olympus' }, 'TZ'],
  ])('refuses %o with a message naming %s', (env, name) => {
    expect(() => readSettings(env)).toThrow(SettingsError);
    expect(() => readSettings(env)).toThrow(new RegExp(`Неверные настройки[\\s\\S]*${name}`));
  });
});
