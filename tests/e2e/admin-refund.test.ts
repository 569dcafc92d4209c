import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../support/outbox';
import { baseURL, launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { placeShopOrder } from './support/shop-order';
import { E2E_OWNER } from './support/staff';

/** Where the pages' pictures go, to be looked at (SHOTS_DIR overrides). */
const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/admin-refund');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

/** A message the outbox's worker wrote (it runs on its own), once it is there. */
async function outboxText(to: string, channel: 'sms' | 'email', pattern: RegExp): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const found = (await readOutbox({ dataDir: inject('dataDir') }, { to, channel }))?.text.match(pattern)?.[1];
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${channel} to ${to} matching ${pattern}`);
}

/** A client of the shop's calls: its session cookie, and a post with its sessid that fails on a refusal. */
async function client() {
  const state = await fetch(`${baseURL()}/api/v2/user/state/`);
  let cookie = (state.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const { sessid } = ((await state.json()) as { data: { sessid: string } }).data;
  const post = async <T = Record<string, unknown>>(address: string, fields: Record<string, string | number>) => {
    const res = await fetch(`${baseURL()}${address}`, {
      method: 'POST',
      headers: { cookie },
      body: new URLSearchParams(Object.entries({ sessid, ...fields }).map(([k, v]) => [k, String(v)])),
      redirect: 'manual',
    });
    const staff = res.headers.getSetCookie().find((c) => !c.startsWith(cookie.split('=')[0] as string));
    if (staff) cookie = `${cookie}; ${staff.split(';')[0]}`;
    if (res.status >= 400) throw new Error(`${address} answered ${res.status}: ${await res.text()}`);
    return (res.headers.get('content-type')?.includes('json') ? await res.json() : {}) as T;
  };
  return post;
}

/** A shop-pickup order paid online through the test gateway, placed with the calls the order page makes. */
async function paidOrder(phone: string): Promise<{ id: number; number: string }> {
  const { id, number, post, saved } = await placeShopOrder<{ id: number; payment: { confirmationUrl: string } }>(
    phone,
    {
      key: 'refund',
      mailbox: 'refund',
      client,
      fields: { paymentMethod: 'ONLINE' },
    },
  );
  await post(`${new URL(saved.payment.confirmationUrl).pathname}pay/`, {});
  return { id, number };
}

/** A manager invited by the owner, their account made on the invitation's page: answers their email. */
async function invitedManager(page: Page): Promise<void> {
  const owner = await client();
  await owner('/api/v2/admin/auth/login/', E2E_OWNER);
  const email = `manager.${Date.now()}@e2e.example.ru`;
  await owner('/api/v2/admin/staff/', { email, role: 'manager', name: 'Менеджер Оплат' });
  const link = await outboxText(email, 'email', /(https?:\/\/\S+\/admin\/invite\/\S+)/);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('Имя').fill('Менеджер Оплат');
  await page.getByLabel('Пароль').fill('возврат-денег-2026');
  await page.getByRole('button', { name: 'Создать учётную запись' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/invite'));
}

describe('a refund from the order card', () => {
  it('a manager sees a paid order’s payment at 1440 and 768, refunds part of it and sees the refund', async () => {
    const order = await paidOrder('79005550191');

    const desk = await openPage(browser, 'desktop');
    desk.page.setDefaultTimeout(15_000);
    await invitedManager(desk.page);
    await desk.page.goto(`/admin/orders/${order.id}/`);
    await settle(desk.page);
    const payment = desk.page.getByRole('region', { name: 'Оплата' });
    expect(await payment.getByText('Способ: онлайн').count()).toBe(1);
    await payment.getByText('Чек оплаты').click();
    expect(await payment.getByRole('columnheader', { name: 'НДС' }).count()).toBe(1);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'card-1440');
    expect(desk.errors).toEqual([]);

    // The same card at 768 (the VIEWPORTS tablet width), where the refund is made.
    await desk.page.setViewportSize({ width: 768, height: 1024 });
    await settle(desk.page);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await desk.page.getByLabel('Сумма возврата, ₽').fill('1000');
    await desk.page.getByLabel('Причина возврата').fill('Покупатель вернул пояс от пуховика');
    await desk.page.getByLabel('Да, вернуть деньги покупателю').check();
    await desk.page.getByRole('button', { name: 'Вернуть деньги' }).click();
    await desk.page.getByRole('status').filter({ hasText: 'оформлен' }).waitFor();
    const refund = desk.page.getByRole('list', { name: 'Возвраты' }).getByRole('listitem').first();
    expect(await refund.textContent()).toContain('Деньги возвращены');
    expect(await refund.textContent()).toContain('Покупатель вернул пояс от пуховика');
    await shot(desk.page, 'card-refunded-768');
    expect(desk.errors).toEqual([]);
    await desk.page.context().close();
  });
});
