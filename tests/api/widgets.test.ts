import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings, SettingsError } from '../../config/settings';
import { createTestApp, type TestApp } from '../support/test-app';

const CHAT = 'https://code.jivo.ru/widget/AbC123';
const MARKETING = 'https://cdn.carrotquest.app/api.min.js';

let withWidgets: TestApp;
let without: TestApp;
beforeAll(async () => {
  [withWidgets, without] = await Promise.all([
    createTestApp({ CHAT_WIDGET_URL: CHAT, MARKETING_WIDGET_URL: MARKETING }),
    createTestApp(),
  ]);
});
afterAll(() => Promise.all([withWidgets.close(), without.close()]));

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
    expect(policy(page)).not.toMatch(/jivo|carrotquest|frame-src/);
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
