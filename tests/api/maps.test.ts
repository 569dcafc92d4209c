import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let withKey: TestApp;
let without: TestApp;
beforeAll(async () => {
  [withKey, without] = await Promise.all([createTestApp({ MAPS_API_KEY: 'test-maps-key' }), createTestApp()]);
});
afterAll(() => Promise.all([withKey.close(), without.close()]));

const scriptSrc = (res: Response) =>
  (res.headers.get('content-security-policy') ?? '').split(';').find((d) => d.trim().startsWith('script-src')) ?? '';

describe('the maps service (spec §7)', () => {
  it('is allowed to load on the pages only when the shop has a maps key, which the page options carry', async () => {
    const page = await withKey.fetch('/order/');
    expect(scriptSrc(page)).toContain('https://api-maps.yandex.ru');
    expect(await page.text()).toContain('"mapServiceKey":"test-maps-key"');

    const plain = await without.fetch('/order/');
    expect(scriptSrc(plain)).not.toContain('yandex');
    expect(plain.headers.get('content-security-policy')).not.toContain('yandex');
    expect(await plain.text()).toContain('"mapServiceKey":""');
  });
});
