// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reportOnNextPage } from './metrica-gate';

type Metrica = typeof import('./metrica');
let metrica: Metrica;

/** A page as the server renders it, with the shop's counter or none. */
function page(metricaId: string) {
  document.head.innerHTML = '';
  document.body.innerHTML = `<script id="shop-options" type="application/json">${JSON.stringify({ imgVersion: '1', siteId: 's1', metricaId })}</script>`;
}

beforeEach(async () => {
  document.cookie = 'stopmetrica=; max-age=0';
  sessionStorage.clear();
  delete window.ym;
  delete window.dataLayer;
  vi.resetModules();
  metrica = await import('./metrica');
});

const counterScripts = () => document.querySelectorAll(`script[src="${metrica.METRICA_SCRIPT}"]`).length;
const detail = {
  ecommerce: { currencyCode: 'RUB' as const, detail: { products: [{ id: 1, name: 'Шапка', price: 990 }] } },
};

describe('Yandex Metrica', () => {
  it('loads the counter once the page is idle, and sends goals and e-commerce to it', async () => {
    page('12345');
    metrica.startMetrica();
    metrica.metricaGoal('add_to_cart');
    metrica.metricaEcommerce(detail);
    await vi.waitFor(() => expect(counterScripts()).toBe(1));
    expect(window.ym?.a).toEqual([
      [12345, 'init', expect.objectContaining({ ecommerce: 'dataLayer' })],
      [12345, 'reachGoal', 'add_to_cart'],
    ]);
    expect(window.dataLayer).toEqual([detail]);
  });

  it('loads and sends nothing without a counter', async () => {
    page('');
    metrica.startMetrica();
    metrica.metricaGoal('add_to_cart');
    metrica.metricaEcommerce(detail);
    await new Promise((r) => setTimeout(r, 20));
    expect([counterScripts(), window.ym, window.dataLayer]).toEqual([0, undefined, undefined]);
  });

  it('loads and sends nothing once the visitor refused (stopmetrica=Y)', async () => {
    page('12345');
    document.cookie = 'stopmetrica=Y';
    metrica.startMetrica();
    metrica.metricaGoal('add_to_cart');
    metrica.metricaEcommerce(detail);
    await new Promise((r) => setTimeout(r, 20));
    expect([counterScripts(), window.ym, window.dataLayer]).toEqual([0, undefined, undefined]);
  });

  it("sends an order placed from the next page, once: the checkout's page is left at once", async () => {
    page('12345');
    const placed = {
      id: 7,
      revenue: 990,
      lines: [{ product: { id: 1, name: 'Шапка' }, offer: { sizeName: 'Единый', price: 990 }, quantity: 1 }],
    };
    const purchase = {
      ecommerce: {
        currencyCode: 'RUB' as const,
        purchase: {
          actionField: { id: '7', revenue: 990 },
          products: [{ id: 1, name: 'Шапка', price: 990, quantity: 1, variant: 'Единый' }],
        },
      },
    };
    reportOnNextPage(placed);
    // The next page: a fresh window state, the same tab's storage.
    delete window.ym;
    delete window.dataLayer;
    metrica.startMetrica();
    expect(window.dataLayer).toEqual([purchase]);
    delete window.ym;
    delete window.dataLayer;
    document.head.innerHTML = '';
    metrica.startMetrica();
    expect(window.dataLayer).toEqual([]);
  });
});
