import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings, SettingsError } from '../../config/settings';
import { createTestApp, type TestApp } from '../support/test-app';

const CHAT = 'https://code.jivo.ru/widget/AbC123';
const MARKETING = 'https://cdn.carrotquest.app/api.min.js';

const JIVO = 'https://code.jivosite.com/widget/AbC123';
const JIVO_HOSTS = 'https://*.jivosite.com, wss://*.jivosite.com,https://*.jivo.ru';

let withWidgets: TestApp;
let without: TestApp;
let withChatHosts: TestApp;
beforeAll(async () => {
  [withWidgets, without, withChatHosts] = await Promise.all([
    createTestApp({ CHAT_WIDGET_URL: CHAT, MARKETING_WIDGET_URL: MARKETING }),
    createTestApp(),
    createTestApp({ CHAT_WIDGET_URL: JIVO, CHAT_WIDGET_HOSTS: JIVO_HOSTS }),
  ]);
});
afterAll(() => Promise.all([withWidgets.close(), without.close(), withChatHosts.close()]));

const policy = (res: Response) => res.headers.get('content-security-policy') ?? '';
const directive = (res: Response, name: string) =>
  policy(res)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

describe('the chat and marketing widgets (spec §7 «Also loaded»)', () => {
  it('are neither on the page nor allowed by its policy when the shop has none', async () => {
    const page = await without.fetch('/');
    expect(page.status).toBe(200);
    expect(policy(page)).not.toMatch(/jivo|carrotquest|frame-src|media-src/);
    const html = await page.text();
    expect(html).toContain('"widgetScripts":[]');
    expect(html).not.toMatch(/jivo|carrotquest/);
  });

  it('are handed to the page’s loader, and only their hosts join the policy', async () => {
    const page = await withWidgets.fetch('/catalog/');
    expect(await page.text()).toContain(`"widgetScripts":["${CHAT}","${MARKETING}"]`);
    for (const name of ['script-src', 'connect-src', 'frame-src'])
      expect(directive(page, name).split(' ')).toEqual(
        expect.arrayContaining(['https://code.jivo.ru', 'https://cdn.carrotquest.app']),
      );
    // The host only: not the script's path, and no wider source than the shop's own and the services it has.
    expect(policy(page)).not.toContain('/widget/AbC123');
    expect(directive(page, 'script-src')).not.toMatch(/https:(?!\/\/)|\*|'unsafe-inline'/);
  });

  it('allows the chat provider’s further hosts (CHAT_WIDGET_HOSTS): https ones as the script’s host, wss for calls only', async () => {
    const page = await withChatHosts.fetch('/catalog/');
    for (const name of ['script-src', 'style-src', 'img-src', 'font-src', 'media-src', 'connect-src', 'frame-src'])
      expect(directive(page, name).split(' '), name).toEqual(
        expect.arrayContaining(['https://code.jivosite.com', 'https://*.jivosite.com', 'https://*.jivo.ru']),
      );
    expect(directive(page, 'connect-src').split(' ')).toContain('wss://*.jivosite.com');
    for (const name of ['script-src', 'style-src', 'img-src', 'font-src', 'media-src', 'frame-src', 'default-src'])
      expect(directive(page, name), name).not.toContain('wss:');
    // The shop without them, as before: only the scripts' own hosts.
    expect(policy(await withWidgets.fetch('/catalog/'))).not.toContain('jivosite');
  });

  it('refuses at start chat hosts that are not host sources, or that come without the chat', () => {
    for (const value of [
      '*.jivosite.com',
      'http://*.jivosite.com',
      'https://*',
      "https://a.ru 'unsafe-eval'",
      'wss://x',
    ])
      expect(() => readSettings({ CHAT_WIDGET_URL: JIVO, CHAT_WIDGET_HOSTS: value }), value).toThrow(
        /CHAT_WIDGET_HOSTS: ожидаются хосты через запятую/,
      );
    expect(() => readSettings({ CHAT_WIDGET_HOSTS: 'https://*.jivosite.com' })).toThrow(
      /CHAT_WIDGET_HOSTS: задан без CHAT_WIDGET_URL/,
    );
    expect(readSettings({ CHAT_WIDGET_URL: JIVO, CHAT_WIDGET_HOSTS: JIVO_HOSTS }).CHAT_WIDGET_HOSTS).toEqual([
      'https://*.jivosite.com',
      'wss://*.jivosite.com',
      'https://*.jivo.ru',
    ]);
  });

  it('keeps an API answer’s policy closed', async () => {
    const answer = await withWidgets.fetch('/api/v2/user/state/', { method: 'POST' });
    expect(policy(answer)).not.toContain('jivo');
  });

  it('refuses at start a widget address that is not an https script address, naming the setting', () => {
    for (const [name, value] of [
      ['CHAT_WIDGET_URL', 'http://code.jivo.ru/widget/AbC123'],
      ['CHAT_WIDGET_URL', 'code.jivo.ru/widget/AbC123'],
      ['MARKETING_WIDGET_URL', 'javascript:alert(1)'],
      ['MARKETING_WIDGET_URL', 'https://'],
    ]) {
      const start = () => readSettings({ [name]: value });
      expect(start, value).toThrow(SettingsError);
      expect(start, value).toThrow(new RegExp(`${name}: ожидается адрес скрипта по https`));
    }
    expect(readSettings({ CHAT_WIDGET_URL: '' }).CHAT_WIDGET_URL).toBeUndefined();
  });
});
