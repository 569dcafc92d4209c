import { describe, expect, it } from 'vitest';
import { readSettings, SettingsError } from './settings';

describe('settings', () => {
  it('has working defaults', () => {
    const s = readSettings({});
    expect(s).toMatchObject({ PORT: 3000, DATA_DIR: './data', TZ: 'Europe/Moscow', SITE_URL: 'http://localhost:3000' });
    expect(s.DATABASE_URL).toBeUndefined();
    expect(s).toMatchObject({
      WRITE_LIMIT_PER_SESSION: 120,
      WRITE_LIMIT_PER_CLIENT: 600,
      NEW_SESSIONS_PER_CLIENT: 30,
      PHONE_CODES_PER_CLIENT: 20,
    });
  });
  it('treats an empty DATABASE_URL as none', () => {
    expect(readSettings({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
  it('writes messages to files unless a mail server or an SMS gateway is set', () => {
    expect(readSettings({ SMTP_URL: '', SMS_URL: '' })).toMatchObject({ SMTP_URL: undefined, SMS_URL: undefined });
    expect(
      readSettings({ SMTP_URL: 'smtps://u:p@smtp.example.com:465', SMS_URL: 'https://sms.example.com/send' }),
    ).toMatchObject({ SMTP_URL: 'smtps://u:p@smtp.example.com:465', SMS_URL: 'https://sms.example.com/send' });
  });
  it('signs letters with the shop name at the site host unless MAIL_FROM says otherwise', () => {
    expect(readSettings({}).MAIL_FROM).toBe('"ВЬЮГА" <noreply@localhost>');
    expect(readSettings({ SITE_URL: 'https://vyuga.example' }).MAIL_FROM).toBe('"ВЬЮГА" <noreply@vyuga.example>');
    expect(readSettings({ MAIL_FROM: 'Магазин <shop@vyuga.example>' }).MAIL_FROM).toBe('Магазин <shop@vyuga.example>');
  });
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SITE_URL: 'not a url' }, 'SITE_URL'],
    [{ TZ: 'Mars/Olympus' }, 'TZ'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL: ожидается адрес вида smtps://'],
    [{ SMS_URL: 'ftp://sms.example.com' }, 'SMS_URL: ожидается адрес вида https://'],
    [{ MAIL_FROM: 'ВЬЮГА' }, 'MAIL_FROM: ожидается адрес'],
    [{ WRITE_LIMIT_PER_SESSION: '0' }, 'WRITE_LIMIT_PER_SESSION'],
    [{ WRITE_LIMIT_PER_CLIENT: 'many' }, 'WRITE_LIMIT_PER_CLIENT'],
    [{ NEW_SESSIONS_PER_CLIENT: '-1' }, 'NEW_SESSIONS_PER_CLIENT'],
  ])('refuses %o with a message naming %s', (env, name) => {
    expect(() => readSettings(env)).toThrow(SettingsError);
    expect(() => readSettings(env)).toThrow(new RegExp(`Неверные настройки[\\s\\S]*${name}`));
  });
});
