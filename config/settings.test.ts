import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSettings, SETTING_NAMES, SettingsError } from './settings';

describe('settings', () => {
  it('are each a row of the README’s settings table', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    // The first cell of each row names one setting or several: `PAGE_CACHE`, `PAGE_CACHE_MB`.
    const firstCells = readme.match(/^\| `[^|]*/gm) ?? [];
    const rows = new Set(firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1])));
    expect(SETTING_NAMES.filter((name) => !rows.has(name))).toEqual([]);
  });
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
  it('reads the company’s requisites and hot line, the demo company’s by default', () => {
    expect(readSettings({})).toMatchObject({ COMPANY_INN: '7701234567', HOTLINE_PHONE: '88005553535' });
    expect(readSettings({ HOTLINE_PHONE: '+7 (495) 120-45-67' }).HOTLINE_PHONE).toBe('74951204567');
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
  it('keeps photos in the bucket S3_URL names, and says once what a bad one lacks', () => {
    const url = 'https://key:se%2Fcret@storage.yandexcloud.net/vyuga-photos?region=ru-central1';
    expect(readSettings({ S3_URL: url }).S3_URL).toBe(url);
    expect(readSettings({ S3_URL: '' }).S3_URL).toBeUndefined();
    expect(() => readSettings({ S3_URL: 'https://storage.yandexcloud.net/photos' })).toThrow(
      /^Неверные настройки окружения:\n {2}S3_URL: ожидается адрес вида [^\n]+$/,
    );
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
    [{ S3_URL: 'https://storage.yandexcloud.net/photos' }, 'S3_URL: ожидается адрес вида https://ключ:секрет@'],
    [{ S3_URL: 'https://key:secret@storage.yandexcloud.net/?region=ru-central1' }, 'S3_URL: ожидается адрес'],
    [{ S3_URL: 'https://key:secret@storage.yandexcloud.net/photos' }, 'S3_URL: ожидается адрес'],
    [{ S3_URL: 'https://key:se#cret@storage.yandexcloud.net/photos?region=ru-central1' }, 'S3_URL: ожидается адрес'],
    [{ MAIL_FROM: 'ВЬЮГА' }, 'MAIL_FROM: ожидается адрес'],
    [{ WRITE_LIMIT_PER_SESSION: '0' }, 'WRITE_LIMIT_PER_SESSION'],
    [{ WRITE_LIMIT_PER_CLIENT: 'many' }, 'WRITE_LIMIT_PER_CLIENT'],
    [{ NEW_SESSIONS_PER_CLIENT: '-1' }, 'NEW_SESSIONS_PER_CLIENT'],
    [{ COMPANY_INN: '77012345' }, 'COMPANY_INN: ожидается ИНН'],
    [{ COMPANY_OGRN: '1187746' }, 'COMPANY_OGRN: ожидается ОГРН'],
    [{ HOTLINE_PHONE: '555-35-35' }, 'HOTLINE_PHONE: ожидается номер из 11 цифр'],
  ])('refuses %o with a message naming %s', (env, name) => {
    expect(() => readSettings(env)).toThrow(SettingsError);
    expect(() => readSettings(env)).toThrow(new RegExp(`Неверные настройки[\\s\\S]*${name}`));
  });
});
