import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings } from '../../config/settings';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Yandex Metrica only where the shop has a counter (issue 43.4): the page names it for its browser code, and the
 * content-security policy lets its host in; without `METRICA_ID` neither.
 */

let plain: TestApp;
let counted: TestApp;

beforeAll(async () => {
  [plain, counted] = await Promise.all([createTestApp(), createTestApp({ METRICA_ID: '12345678' })]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), counted?.close()]);
});

/** The page's own options (the shop-options JSON the browser code reads). */
async function pageOf(app: TestApp, path: string) {
  const res = await app.fetch(path);
  expect(res.status).toBe(200);
  const html = await res.text();
  const json = html.match(/<script id="shop-options" type="application\/json">(.*?)<\/script>/)?.[1] ?? '{}';
  const policy = res.headers.get('content-security-policy') ?? '';
  const directive = (name: string) => policy.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
  return { html, options: JSON.parse(json) as { metricaId?: string }, directive };
}

describe('Yandex Metrica', () => {
  it('is nowhere on a shop without a counter', async () => {
    const page = await pageOf(plain, '/');
    expect(page.options.metricaId).toBe('');
    expect(page.html).not.toContain('mc.yandex.ru');
    for (const name of ['script-src', 'img-src', 'connect-src']) expect(page.directive(name)).not.toContain('yandex');
  });

  it('is named on the page and let in by the policy when the shop sets METRICA_ID', async () => {
    for (const path of ['/', '/basket/']) {
      const page = await pageOf(counted, path);
      expect(page.options.metricaId).toBe('12345678');
      for (const name of ['script-src', 'img-src', 'connect-src'])
        expect(page.directive(name)).toContain('https://mc.yandex.ru');
    }
  });

  it('refuses a counter number that is not digits', async () => {
    expect(() => readSettings({ METRICA_ID: 'UA-1' })).toThrow(/METRICA_ID: ожидается номер счётчика/);
    expect(readSettings({ METRICA_ID: '' }).METRICA_ID).toBeUndefined();
  });
});
