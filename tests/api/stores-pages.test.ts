import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import type { ShopView } from '../../domain/stores/shops.service';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let shops: ShopView[];
beforeAll(async () => {
  app = await createTestApp();
  shops = (await (await app.fetch(API.shopList)).json()).data.items;
});
afterAll(() => app.close());

const page = async (path: string, cookie = '') => {
  const res = await app.fetch(path, { headers: cookie ? { cookie } : {} });
  return { status: res.status, html: await res.text() };
};

describe('/stores/', () => {
  it("lists every shop, the visitor's city first, with its page, address, hours and phone", async () => {
    const { status, html } = await page('/stores/');
    expect(status).toBe(200);
    for (const s of shops) expect(html).toContain(`href="${s.url}"`);
    expect(html.indexOf('Москва</h2>')).toBeLessThan(html.indexOf('Казань</h2>'));
    const kazan = await page('/stores/', 'city=kazan');
    expect(kazan.html.indexOf('Казань</h2>')).toBeLessThan(kazan.html.indexOf('Москва</h2>'));
    expect(html).toContain('href="tel:+74951204567"');
    expect(html).toContain('<link rel="canonical" href="http://shop.test/stores/"/>');
  });

  it('filters by city, by fitting rooms and by what is open, without JavaScript', async () => {
    const kazan = await page('/stores/?city=kazan');
    const kazanShops = shops.filter((s) => s.cityCode === 'kazan');
    for (const s of shops) expect(kazan.html.includes(`href="${s.url}"`)).toBe(s.cityCode === 'kazan');
    expect(kazan.html).toContain(`Магазинов: ${kazanShops.length}`);
    const fitting = await page('/stores/?fitting=1');
    expect(fitting.html).toContain(
      `Магазинов: ${shops.filter((s) => s.services.some((x) => x.code === 'fitting')).length}`,
    );
    const open = await page('/stores/?open=1');
    expect(open.html).toContain(
      shops.some((s) => s.openNow) ? `Магазинов: ${shops.filter((s) => s.openNow).length}` : 'Таких магазинов нет',
    );
    expect((await page('/stores/?city=atlantis')).html).toContain('Таких магазинов нет: измените фильтры.');
  });
});

describe('/stores/{code}/', () => {
  it('shows the shop with its phone, hours, photos and JSON-LD Store with address, geo and opening hours', async () => {
    const shop = shops[0] as ShopView;
    const { status, html } = await page(shop.url);
    expect(status).toBe(200);
    expect(html).toContain(`<h1 id="shop-title"`);
    expect(html).toContain(shop.address);
    expect(html).toContain(`href="tel:${shop.phone.replace(/[^\d+]/g, '')}"`);
    expect(html).toContain('aria-current="date"');
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1] as string),
    );
    const store = ld.find((j) => j['@type'] === 'Store');
    expect(store).toMatchObject({
      telephone: shop.phone,
      url: `http://shop.test${shop.url}`,
      address: { '@type': 'PostalAddress', streetAddress: shop.address },
      geo: { '@type': 'GeoCoordinates', latitude: shop.location.lat, longitude: shop.location.lon },
    });
    expect(store.openingHoursSpecification).toHaveLength(7);
    expect(store.image).toEqual(shop.photos.map((p) => expect.stringContaining(p)));
    expect(html).toContain(`/catalog/women/filter/shop-is-${shop.code}/apply/`);
  });

  it('answers 404, never 500, for unknown and hostile codes', async () => {
    for (const code of ['nope', 'SHOP-MOSKVA-1', '..%2F..%2Fetc%2Fpasswd', '%3Cscript%3E', 'x'.repeat(2000)]) {
      expect((await page(`/stores/${code}/`)).status).toBe(404);
    }
  });

  it('is in the sitemap, with the list', async () => {
    const { html: xml } = await page('/sitemap.xml');
    expect(xml).toContain('<loc>http://shop.test/stores/</loc>');
    for (const s of shops) expect(xml).toContain(`<loc>http://shop.test${s.url}</loc>`);
  });
});
