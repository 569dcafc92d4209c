import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { OrderPageData } from '../../domain/order/checkout.types';
import { formatAmount } from '../../domain/pricing/price';
import { bonusesEarnedOn } from '../../domain/pricing/totals';
import { quoteOf, TEST_FROM, townByCode } from '../../server/delivery/test-carrier/geography';
import { readOutbox } from '../support/outbox';
import { baseURL, launchBrowser, openPage, screenshot, seriousA11yViolations, settle } from './support/browser';
import { addToCart } from './support/cart';
import { staffLogin } from './support/staff';

/**
 * Issue 42, «Done when», from outside: a registered shopper with a discount card in a town without the shop's shops
 * chooses a pickup point with a fitting room on the clustered map, sees the test carrier's price and days, orders
 * with payment on receipt; staff pack it, register the shipment and print its label; the test carrier's page moves
 * the parcel to the point and hands it over; the order is «Получен» and the card's bonuses grow by what it earned.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Each width's own shopper, town and goods: the two runs share nothing. */
const RUNS = {
  desktop: { phone: '79005550421', town: 'Томск', code: 'tomsk', skip: 0 },
  mobile: { phone: '79005550422', town: 'Омск', code: 'omsk', skip: 1 },
} as const;

/** The page answers after the server does: a few seconds, not the poll's default second. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const kopecks = (roubles: number) => Math.round(roubles * 100);

/** An offer for sale online, from the middle of the catalogue (the other checkout tests take from its ends). */
async function stockedOffer(skip: number): Promise<number> {
  let found = 0;
  for (let id = 150; id < 400; id++) {
    const res = await fetch(`${baseURL()}/api/v2/catalog/product/get/?id=${id}`);
    if (!res.ok) continue;
    const { offers } = ((await res.json()) as { data: { offers: { id: number; canBuy: boolean }[] } }).data;
    const offer = offers.find((o) => o.canBuy);
    if (offer && found++ >= skip) return offer.id;
  }
  throw new Error('the demo catalogue has nothing for sale online');
}

/** The latest SMS of `kind` to `phone`, once the outbox's worker has written it. */
async function sms(phone: string, kind: string): Promise<string> {
  for (let i = 0; i < 80; i++) {
    const found = await readOutbox({ dataDir: inject('dataDir') }, { to: phone, channel: 'sms' });
    if (found?.kind === kind) return found.text;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${kind} SMS to ${phone}`);
}

/** The order page's state as the server last answered it (every choice posts and gets the whole state back). */
function watchState(page: Page): () => OrderPageData {
  let state: OrderPageData | null = null;
  page.on('response', async (res) => {
    if (!res.url().endsWith('/api/') || res.request().method() !== 'POST') return;
    const body = await res.json().catch(() => null);
    if (body && typeof body === 'object' && 'deliveryQuotes' in body) state = body as OrderPageData;
  });
  return () => {
    if (!state) throw new Error('the order page made no call that answered its state');
    return state;
  };
}

/** The card's bonus balance as the cabinet shows it («Бонусов: 1 234 ₽»), in kopecks. */
async function bonusBalance(page: Page): Promise<number> {
  await page.goto('/lk/dc/');
  await settle(page);
  const text = (await page.getByText(/^Бонусов: /).textContent()) ?? '';
  return kopecks(Number(text.replace(/[^\d,]/g, '').replace(',', '.')));
}

/**
 * The first of `buttons` that lies wholly inside the map and takes a click there (not under the zoom buttons): a
 * marker at the edge is drawn partly outside the map, and a click would scroll the map's box instead of the page.
 */
async function usable(map: Locator, buttons: Locator): Promise<Locator | null> {
  const frame = await map.boundingBox();
  if (!frame) return null;
  for (const button of await buttons.all()) {
    const box = await button.boundingBox();
    if (!box) continue;
    const inside =
      box.x >= frame.x &&
      box.y >= frame.y &&
      box.x + box.width <= frame.x + frame.width &&
      box.y + box.height <= frame.y + frame.height;
    if (!inside) continue;
    const clickable = await button
      .click({ trial: true, timeout: 1000 })
      .then(() => true)
      .catch(() => false);
    if (clickable) return button;
  }
  return null;
}

/** Zooms the map out until its points stand as a cluster, opens the cluster, and chooses a marker inside it. */
async function chooseOnMap(page: Page): Promise<string> {
  const map = page.locator('section[aria-label^="Пункты выдачи на карте"]');
  await map.scrollIntoViewIfNeeded();
  let cluster: Locator | null = null;
  for (let i = 0; i < 12 && !cluster; i++) {
    cluster = await usable(map, map.getByRole('button', { name: /рядом — приблизить$/ }));
    if (!cluster) await map.getByRole('button', { name: 'Отдалить' }).click();
  }
  if (!cluster) throw new Error('the map shows no cluster of points at any zoom');
  const zoom = await map.getAttribute('data-zoom');
  await cluster.click();
  await poll(() => map.getAttribute('data-zoom')).not.toBe(zoom);
  const marker = await usable(map, map.locator('button[aria-pressed]'));
  if (!marker) throw new Error('the opened cluster shows no marker to choose');
  const label = (await marker.getAttribute('aria-label')) as string;
  await marker.click();
  await poll(() => map.getByRole('button', { name: label, exact: true }).getAttribute('aria-pressed')).toBe('true');
  return label;
}

/**
 * The label: the card's form posts to its route in a new tab. The browser's PDF viewer stands between the tab and the
 * file, so the form's own request is passed on through a route that keeps the server's answer as it came.
 */
async function openLabel(page: Page, orderId: number): Promise<{ status: number; type: string; bytes: Buffer }> {
  const address = `**/admin/orders/${orderId}/label/`;
  let answer: { status: number; type: string; bytes: Buffer } | null = null;
  await page.context().route(address, async (route) => {
    const res = await route.fetch();
    answer = { status: res.status(), type: res.headers()['content-type'] ?? '', bytes: await res.body() };
    await route.fulfill({ response: res });
  });
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Этикетка (PDF)' }).click(),
  ]);
  await poll(() => answer !== null).toBe(true);
  await page.context().unroute(address);
  expect(tab.url()).toContain(`/admin/orders/${orderId}/label/`);
  await tab.close();
  return answer as unknown as { status: number; type: string; bytes: Buffer };
}

describe.each(['desktop', 'mobile'] as const)('delivery by the test carrier (%s)', (viewport) => {
  it('a shopper in a town without shops gets a parcel at a point with a fitting room; bonuses credited', async () => {
    const run = RUNS[viewport];
    const town = townByCode(run.code);
    if (!town) throw new Error(`the test carrier has no town ${run.code}`);
    const carrierPoint = quoteOf({ weight: 1000, length: 30, width: 20, height: 10 }, TEST_FROM, town).find(
      (q) => q.kind === 'point',
    );
    const { page, errors } = await openPage(browser, viewport);
    page.setDefaultTimeout(15_000);
    const state = watchState(page);

    // A registered shopper: the e2e shop gives a discount card on registration.
    await page.goto('/auth/register/?backurl=/lk/dc/');
    await settle(page);
    await page.getByLabel('Имя').fill('Ксения');
    await page.getByLabel('Email').fill(`delivery.${viewport}.${Date.now()}@example.ru`);
    await page.getByLabel('Пароль').fill('Посылка-в-Сибирь-2026');
    await page.getByRole('checkbox', { name: /согласие на обработку/ }).check();
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL((url) => url.pathname === '/lk/dc/');
    await poll(() => page.getByRole('img', { name: /Штрихкод 2\d{12}/ }).count()).toBe(1);
    const balanceBefore = await bonusBalance(page);

    await addToCart(page, await stockedOffer(run.skip));
    await page.goto('/order/');
    await settle(page);
    await page.getByLabel('Фамилия, имя и отчество').fill('Лебедева Ксения');
    await page.getByRole('textbox', { name: 'Телефон', exact: true }).fill(`+${run.phone}`);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByLabel('Код из SMS').fill((await sms(run.phone, 'phone-code')).match(/\d{6}/)?.[0] as string);
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await page.getByText('Телефон подтверждён.').waitFor();

    // The town of delivery, by typing: a town the carrier knows where the shop has no shop.
    await page.getByRole('button', { name: 'Изменить' }).first().click();
    await page.getByRole('combobox', { name: 'Город доставки' }).fill(run.town);
    await page.getByRole('option', { name: `${town.name}, ${town.region}` }).click();
    await poll(() => state().city?.name).toBe(town.name);
    expect(state().city?.isOther).toBe(true);
    await page.getByText(`${town.name}, ${town.region}`, { exact: true }).waitFor();
    // No shop there: no pickup from a shop.
    expect(await page.locator('input[name="deliveryType"][value="SHOP"]').count()).toBe(0);

    const pickup = page.locator('input[name="deliveryType"][value="PICKUP"]');
    await pickup.click();
    await poll(() => pickup.isChecked()).toBe(true);
    await page.getByRole('group', { name: `Пункт выдачи в городе ${town.name}` }).waitFor();
    const fitting = page.getByRole('button', { name: 'Есть примерочная' });
    await fitting.click();
    await poll(() => fitting.getAttribute('aria-pressed')).toBe('true');
    const marker = await chooseOnMap(page);
    await poll(() => state().deliveryPickupPoint?.id ?? null).not.toBe(null);
    await settle(page);
    const point = state().deliveryPickupPoint;
    if (!point) throw new Error('no point chosen');
    expect(marker).toBe(`${point.name}, ${point.address}`);
    expect(point.fittingRoom).toBe(true);
    expect(point.code.startsWith(`${run.code}-`)).toBe(true);
    expect(state().pickupPointList.some((p) => !p.fittingRoom)).toBe(true);
    await page
      .getByRole('status')
      .filter({ hasText: `Выбран пункт: ${point.name}` })
      .waitFor();

    // The carrier's price and days, on the tab and on the chosen point's card.
    const quote = state().deliveryQuotes.PICKUP;
    if (!quote || !carrierPoint) throw new Error('no carrier quote for a pickup point');
    expect([quote.daysMin, quote.daysMax]).toEqual([carrierPoint.daysMin, carrierPoint.daysMax]);
    const days = `${quote.daysMin}–${quote.daysMax}`;
    const tab = (await page.locator('label', { has: pickup }).textContent()) ?? '';
    expect(tab).toContain(days);
    expect(tab).toContain(quote.price === 0 ? 'бесплатно' : formatAmount(kopecks(quote.price)));
    const card = page.locator('label', {
      has: page.locator(`input[name="deliveryPickupPointId"][value="${point.id}"]`),
    });
    expect(await card.locator('input').isChecked()).toBe(true);
    const cardText = (await card.textContent()) ?? '';
    expect(cardText).toContain('Примерочная');
    expect(cardText).toContain(days);
    expect(cardText).toContain(quote.price === 0 ? 'Бесплатно' : formatAmount(kopecks(quote.price)));
    expect(state().deliveryPrices.PICKUP).toBe(quote.price);

    const payment = page.getByRole('radiogroup', { name: 'Способ оплаты' });
    expect(await payment.getByRole('radio', { name: /При получении/ }).isChecked()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.locator('section[aria-label^="Пункты выдачи на карте"]').scrollIntoViewIfNeeded();
    await screenshot(page, `delivery-checkout-${viewport}`);
    const totals = state().totals;
    const earned = bonusesEarnedOn(kopecks(totals.total) - kopecks(totals.delivery));
    expect(earned).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    await page.waitForURL(/\/order\/\?ORDER_ID=\d+/);
    await settle(page);
    const orderId = Number(new URL(page.url()).searchParams.get('ORDER_ID'));
    const number = String(100_000 + orderId);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Заказ № ${number} оформлен`);
    // The order page names the point by its address (the saved delivery's `address`, as before issue 42).
    expect(await page.getByText(point.address, { exact: true }).count()).toBe(1);

    // The desk: confirmed, packed, the shipment registered with the carrier, its label printed.
    const desk = await openPage(browser, viewport);
    desk.page.setDefaultTimeout(15_000);
    await staffLogin(desk.page, `/admin/orders/${orderId}/`);
    await settle(desk.page);
    for (const to of ['Подтверждён', 'Собирается']) {
      await desk.page.getByRole('button', { name: `Перевести в «${to}»` }).click();
      await desk.page
        .getByRole('status')
        .filter({ hasText: `Заказ переведён в статус «${to}».` })
        .waitFor();
    }
    await desk.page.getByRole('button', { name: 'Зарегистрировать отправку' }).click();
    const registered = desk.page.getByRole('status').filter({ hasText: /^Отправка зарегистрирована: трек-номер/ });
    await registered.waitFor();
    const tracking = ((await registered.textContent()) ?? '').match(/TEST-\d+/)?.[0] as string;
    expect(tracking).toMatch(/^TEST-\d{6}$/);
    const timeline = desk.page.locator('ol').filter({ hasText: '«Собирается» → «Передан в доставку»' });
    await poll(() => timeline.count()).toBe(1);
    expect(await desk.page.getByText(`Трек-номер: ${tracking}`).count()).toBe(1);
    expect(await desk.page.getByRole('button', { name: 'Зарегистрировать отправку' }).count()).toBe(0);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await desk.page.getByRole('heading', { name: 'Отправка перевозчиком' }).scrollIntoViewIfNeeded();
    await screenshot(desk.page, `delivery-desk-${viewport}`);

    const label = await openLabel(desk.page, orderId);
    expect(label.status).toBe(200);
    expect(label.type).toBe('application/pdf');
    expect(label.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(label.bytes.toString('latin1')).toContain(tracking);

    // The test carrier's page, from the card's tracking link: the parcel arrives, then is handed over.
    const link = desk.page.getByRole('link', { name: tracking, exact: true });
    expect(await link.getAttribute('href')).toBe(`/delivery/test/${tracking}/`);
    const [carrier] = await Promise.all([desk.page.waitForEvent('popup'), link.click()]);
    carrier.setDefaultTimeout(15_000);
    await carrier.waitForLoadState();
    expect(await carrier.getByRole('note').textContent()).toContain('Тестовая доставка');
    expect(await carrier.getByRole('heading', { level: 1 }).textContent()).toBe(`Отправление ${tracking}`);
    const events = carrier.locator('ol.events li');
    await carrier.getByRole('button', { name: 'Прибыл в пункт', exact: true }).click();
    await poll(() => events.count()).toBe(1);
    // At the point: the shopper's SMS names it, its hours and the shipment's number — not the shop's pickup code,
    // which a carrier's point has never heard of.
    const ready = await sms(run.phone, 'order-ready');
    expect(ready).toContain(point.name);
    expect(ready).toContain('Часы работы');
    expect(ready).toContain(tracking);
    expect(ready).not.toMatch(/Код получения/);
    await screenshot(carrier, `delivery-carrier-${viewport}`);
    await carrier.getByRole('button', { name: 'Вручён', exact: true }).click();
    await poll(() => events.count()).toBe(2);
    await carrier.close();

    await desk.page.reload();
    await settle(desk.page);
    expect(await desk.page.locator('ol').filter({ hasText: '«Ждёт получения» → «Получен»' }).count()).toBe(1);
    expect(desk.errors).toEqual([]);
    await desk.page.context().close();

    // The shopper: the order is received, the tracking names the last event, the card's bonuses have grown.
    await page.reload();
    await settle(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Заказ № ${number} получен`);
    expect(await page.getByText('Статус — «Получен»', { exact: false }).count()).toBe(1);
    // Cash on receipt: the carrier took the money at the point.
    expect(await page.getByTestId('payment-status').textContent()).toBe('Оплачен при получении');
    expect(await page.getByText(`Трек-номер: ${tracking} — Вручён`).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `delivery-received-${viewport}`);

    const balanceAfter = await bonusBalance(page);
    expect(balanceAfter).toBe(balanceBefore + earned);
    const history = page.getByRole('row').filter({ has: page.locator(`a[href="/order/?ORDER_ID=${orderId}"]`) });
    expect(await history.getByText(`+${formatAmount(earned)}`).count()).toBe(1);
    await screenshot(page, `delivery-bonuses-${viewport}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
