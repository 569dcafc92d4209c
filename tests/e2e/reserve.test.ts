import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../support/outbox';
import {
  baseURL,
  launchBrowser,
  openPage,
  screenshot,
  seriousA11yViolations,
  settle,
  type ViewportName,
} from './support/browser';

interface Offer {
  id: number;
  sizeName: string;
  disabled: boolean;
  inShops: boolean;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A product page and a size of it that a shop of the visitor's city (Moscow) can put aside, asked as the page asks. */
async function reservable(page: Page): Promise<{ url: string; size: string; shop: string }> {
  for (let id = 1; id < 400; id++) {
    const res = await fetch(`${baseURL()}/api/v2/catalog/product/get/?id=${id}`);
    if (!res.ok) continue;
    const { item, offers } = ((await res.json()) as { data: { item: { url: string }; offers: Offer[] } }).data;
    // One size per product: each ask counts against the session's limit of writes a minute (120), and a full run's
    // earlier orders may have taken the first products' Moscow stock.
    const offer = offers.find((o) => !o.disabled && o.inShops);
    if (offer) {
      const shop = await page.evaluate(async (offerId) => {
        const state = await (await fetch('/api/v2/user/state/')).json();
        const answer = await fetch('/api/v2/sale/reserve/data/', {
          method: 'POST',
          body: new URLSearchParams({ sessid: state.data.sessid, offerId: String(offerId) }),
        });
        const { data } = await answer.json();
        if (!data) throw new Error(`reserve/data answered ${answer.status}`);
        const city = data.cities.find((c: { current: boolean }) => c.current)?.id;
        return data.shops.find(
          (s: { city: number; quantity: number; collection: unknown }) =>
            s.city === city && s.quantity > 0 && s.collection,
        )?.name as string | undefined;
      }, offer.id);
      if (shop) return { url: item.url, size: offer.sizeName, shop };
    }
  }
  throw new Error('no size of the demo catalogue can be reserved in Moscow');
}

async function smsCode(phone: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const sms = await readOutbox({ dataDir: inject('dataDir') }, { to: phone, channel: 'sms' });
    const code = sms?.kind === 'phone-code' ? sms.text.match(/\d{6}/)?.[0] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code for ${phone}`);
}

describe.each(['desktop', 'mobile'] as ViewportName[])('reserving a size in a shop (%s)', (viewport) => {
  it('asks for a size, lists the shops with the size, confirms the phone and shows the order number', async () => {
    const { page, errors } = await openPage(browser, viewport);
    const phone = viewport === 'desktop' ? '79005550021' : '79005550022';
    await page.goto('/');
    // The home page's own state call gives the new visitor a session; asking before it lands would race it for the cookie.
    await settle(page);
    const sample = await reservable(page);
    await page.goto(sample.url);
    await settle(page);

    await page.getByRole('button', { name: 'Забрать в магазине' }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'Выберите размер' }).count()).toBe(1);
    await page
      .locator('label')
      .filter({ hasText: new RegExp(`^${sample.size}$`) })
      .click();
    await page.getByRole('button', { name: 'Забрать в магазине' }).click();
    const dialog = page.getByRole('dialog', { name: 'Забрать в магазине' });
    await dialog.getByRole('radio').first().waitFor();
    const shop = dialog.getByRole('radio', { name: new RegExp(sample.shop) });
    await shop.check();
    expect(await dialog.getByText(/Забрать: (сегодня до \d\d:\d\d|завтра|с \d+ \S+)/).count()).toBeGreaterThan(0);
    const reserve = dialog.getByRole('button', { name: 'Забронировать' });
    expect(await reserve.isDisabled()).toBe(true);

    await dialog.getByLabel('Имя и фамилия').fill('Соколова Ирина');
    await dialog.getByRole('textbox', { name: 'Телефон', exact: true }).fill(`+${phone}`);
    await dialog.getByRole('button', { name: 'Получить код' }).click();
    await dialog.getByLabel('Код из SMS').fill(await smsCode(phone));
    await dialog.getByRole('button', { name: 'Подтвердить' }).click();
    await dialog.getByText('Телефон подтверждён.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `reserve-${viewport}`);

    const goals: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v2/event/set/')) goals.push(r.postData() ?? '');
    });
    await reserve.click();
    const number = await dialog.getByText(/^Заказ № \d+$/).textContent();
    expect(await dialog.getByText(`Размер ${sample.size} отложен: ${sample.shop},`, { exact: false }).count()).toBe(1);
    await screenshot(page, `reserve-done-${viewport}`);
    await expect
      .poll(() => goals.some((g) => g.includes('event1=goal') && g.includes('event2=take-from-store')))
      .toBe(true);
    await dialog.getByRole('link', { name: 'Открыть заказ' }).click();
    await page.waitForURL(/\/order\/\?ORDER_ID=\d+/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`${number} оформлен`);
    expect(await page.getByText(sample.shop, { exact: false }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
