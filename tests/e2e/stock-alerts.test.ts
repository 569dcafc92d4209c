import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { readOutbox } from '../support/outbox';
import {
  launchBrowser,
  openPage,
  screenshot,
  seriousA11yViolations,
  settle,
  type ViewportName,
} from './support/browser';
import { type OwnShop, ownShop } from './support/own-shop';
import { staffLogin } from './support/staff';

/**
 * «Сообщить о поступлении» (issue 44.1) as a shopper meets it: a sold-out size, the email's confirmation, staff bring
 * the size back with a stock document, the letter, its link, and an order from it. A shop of the test's own: the
 * sizes are sold out in its database before it starts, and its outbox is read as files.
 */
interface Target {
  offerId: number;
  productId: number;
  url: string;
  sizeName: string;
}

let browser: Browser;
let shop: OwnShop;
let online = 0;
const targets: Target[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  shop = await ownShop({
    async prepare(db) {
      const [store] = await queryRows<{ id: number }>(
        db,
        sql`select id from stores where type = 'online' order by id limit 1`,
      );
      online = Number(store?.id);
      // Two products with several sizes in stock online: the last size of each is sold out everywhere.
      const rows = await queryRows<{ product_id: number; url: string; offer_id: number; size_name: string }>(
        db,
        sql`select p.id as product_id, p.url, o.id as offer_id, o.size_name from products p
          join lateral (select id, size_name from offers where product_id = p.id order by size_sort desc limit 1) o on true
          where p.active and not p.unpublished and (select count(*) from offers x where x.product_id = p.id) >= 3
            and not exists (select 1 from offer_restrictions r join offers x on x.id = r.offer_id where x.product_id = p.id)
            and exists (select 1 from stock s join offers x on x.id = s.offer_id
              where x.product_id = p.id and x.id <> o.id and s.quantity > 0 and s.store_id = ${online})
          order by p.id limit 2`,
      );
      for (const r of rows) {
        await db.execute(sql`update stock set quantity = 0 where offer_id = ${r.offer_id}`);
        targets.push({
          offerId: Number(r.offer_id),
          productId: Number(r.product_id),
          url: r.url,
          sizeName: r.size_name,
        });
      }
    },
  });
}, 200_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/** The latest message of `kind` to `to` in the shop's outbox, waited for. */
async function message(to: string, channel: 'email' | 'sms', kind: string) {
  for (let i = 0; i < 80; i++) {
    const m = await readOutbox(shop, { to, channel });
    if (m?.kind === kind) return m;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${kind} to ${to}`);
}

/** The shop's own link in a message's text that starts with `path`, as a path to open. */
const linkIn = (text: string, path: string) => {
  const url = text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname === path);
  if (!url) throw new Error(`no ${path} link in: ${text}`);
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** The staff bring the size back: a receipt of 2 units to the online warehouse through the stock desk. */
async function receipt(target: Target) {
  const { page } = await openPage(browser, 'desktop', shop.url);
  page.setDefaultTimeout(15_000);
  await staffLogin(page, '/admin/stock/');
  await page.goto(`/admin/stock/?productId=${target.productId}`);
  await settle(page);
  await page.locator('select[name="storeId"]').selectOption(String(online));
  await page.locator(`input[name="qty-${target.offerId}"]`).first().fill('2');
  await page.locator('select[name="kind"]').selectOption('receipt');
  await page.getByLabel('Причина').fill('Поставка: размер вернулся');
  await page.getByRole('button', { name: 'Провести документ' }).click();
  await page.getByRole('status').filter({ hasText: 'проведено' }).waitFor();
  await page.context().close();
}

async function smsCode(phone: string): Promise<string> {
  const sms = await message(phone, 'sms', 'phone-code');
  return sms.text.match(/\d{6}/)?.[0] as string;
}

/** A guest's courier order of what the basket holds (as tests/e2e/order.test.ts orders). */
async function order(page: Page, phone: string, email: string) {
  await page.goto('/basket/');
  await settle(page);
  await page.getByRole('link', { name: 'Перейти к оформлению' }).click();
  await page.waitForURL('**/order/');
  await settle(page);
  await page.getByLabel('Фамилия, имя и отчество').fill('Смирнова Мария');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Телефон', exact: true }).fill(`+${phone}`);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.getByLabel('Код из SMS').fill(await smsCode(phone));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await page.getByText('Телефон подтверждён.').waitFor();
  await page.getByLabel('Улица').fill('ул. Тверская');
  await page.getByLabel('Дом', { exact: true }).fill('7');
  await page.getByLabel('Квартира').fill('12');
  await page.getByRole('button', { name: 'Сохранить адрес' }).click();
  await page.getByRole('radio', { name: 'Москва, ул. Тверская, д. 7, кв. 12' }).waitFor();
  await page.getByLabel('Дата доставки').selectOption({ index: 1 });
  await settle(page);
  await page.getByLabel('Время').selectOption({ index: 1 });
  await settle(page);
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await page.waitForURL(/\/order\/\?ORDER_ID=\d+/);
  await settle(page);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Заказ № \d+ оформлен$/);
}

describe.each([
  ['desktop', 0],
  ['mobile', 1],
] as [ViewportName, number][])('«Сообщить о поступлении» (%s)', (viewport, index) => {
  it('subscribes to a sold-out size, confirms, gets the letter when staff bring it back, and orders from its link', async () => {
    const target = targets[index] as Target;
    expect(target).toBeDefined();
    const email = `wait.${viewport}.${Date.now()}@example.ru`;
    const phone = viewport === 'desktop' ? '79005554401' : '79005554402';
    const { page, errors } = await openPage(browser, viewport, shop.url);
    page.setDefaultTimeout(15_000);
    await page.goto(target.url);
    await settle(page);

    await page.getByRole('button', { name: 'Сообщить о поступлении' }).click();
    const dialog = page.getByRole('dialog', { name: 'Сообщить о поступлении' });
    await dialog.getByRole('radio', { name: target.sizeName, exact: true }).check();
    await dialog.getByLabel('Электронная почта').fill(email);
    await dialog.getByRole('button', { name: 'Сообщить о поступлении' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Почти готово' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `stock-alert-${viewport}`);

    // The double opt-in: the letter's link.
    const confirm = await message(email, 'email', 'stock-alert-confirm');
    await page.goto(linkIn(confirm.text, '/stock-alert/'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Подписка подтверждена');

    // The staff's stock document brings the size back: one letter with the product, the size and the link.
    await receipt(target);
    const letter = await message(email, 'email', 'stock-alert');
    expect(letter.text).toContain(`размер ${target.sizeName}`);
    const link = linkIn(letter.text, target.url);
    expect(link).toBe(`${target.url}?offer=${target.offerId}&utm_source=stock_alert`);

    // The link chooses the size and is counted as the alert's visit.
    const counted = page.waitForRequest(
      (r) => r.url().endsWith('/api/v2/event/set/') && (r.postData() ?? '').includes('stock_alert'),
    );
    await page.goto(link);
    await settle(page);
    const sent = new URLSearchParams((await counted).postData() ?? '');
    expect([sent.get('event1'), sent.get('event2'), sent.get('params')]).toEqual([
      'stock_alert',
      'open',
      JSON.stringify({ offerId: target.offerId }),
    ]);
    await expect
      .poll(() => page.locator(`input[name="product-size"][value="${target.offerId}"]`).isChecked())
      .toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'В корзину' }).click();
    await page
      .getByRole('link', { name: /корзин/i })
      .first()
      .waitFor();
    await order(page, phone, email);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
