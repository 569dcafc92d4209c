import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { placePointOrder, placeShopOrder } from './support/shop-order';
import { staffLogin } from './support/staff';

/** Where the pages' pictures go, to be looked at (SHOTS_DIR overrides). */
const shots =
  process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/admin-order-delivery-edit');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

/** The card's shop choice: the options other than the order's own shop. */
async function otherShops(page: Page) {
  const choice = page.getByLabel('Магазин самовывоза');
  const options = await choice
    .locator('option')
    .evaluateAll((list) => list.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '' })));
  return { choice, others: options.filter((o) => !o.text.endsWith('(сейчас)')) };
}

describe('moving a pickup order to another shop from its card (issue 47.6)', () => {
  it('at 1440 with the mouse and at 375 by keyboard: the history says where it went', async () => {
    const phone = '79005550163';
    const order = await placeShopOrder(phone, { key: 'delivery-edit', mailbox: 'place' });

    const desk = await openPage(browser, 'desktop');
    desk.page.setDefaultTimeout(15_000);
    await staffLogin(desk.page, `/admin/orders/${order.id}/`);
    await settle(desk.page);
    expect(await desk.page.getByRole('heading', { name: 'Перенести в другой магазин' }).count()).toBe(1);
    const { choice, others } = await otherShops(desk.page);
    expect(others.length).toBeGreaterThan(0);
    // The first shop that can get the order's size takes it; one that cannot says so in Russian.
    let moved = false;
    for (const other of others) {
      await choice.selectOption(other.value);
      await desk.page.getByRole('button', { name: 'Перенести заказ' }).click();
      const answer = desk.page
        .getByRole('status')
        .filter({ hasText: 'Заказ изменён' })
        .or(desk.page.getByRole('alert').filter({ hasText: 'В этот магазин заказ перенести нельзя' }));
      await answer.first().waitFor();
      await settle(desk.page);
      if (await desk.page.getByRole('status').filter({ hasText: 'Заказ изменён' }).count()) {
        moved = true;
        break;
      }
    }
    expect(moved).toBe(true);
    expect(
      await desk.page
        .locator('ol')
        .getByText(/^Доставка изменена\. Было: самовывоз из магазина/)
        .count(),
    ).toBe(1);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'card-1440');
    // The shops that refused answered 409 with their reason shown: no other error.
    expect(desk.errors.filter((e) => !e.includes('status of 409 (Conflict)'))).toEqual([]);
    await desk.page.context().close();

    // At 375, by keyboard: the shop chosen with the arrow keys, the button pressed with Enter.
    const small = await openPage(browser, 'mobile');
    small.page.setDefaultTimeout(15_000);
    await staffLogin(small.page, `/admin/orders/${order.id}/`);
    await settle(small.page);
    const again = await otherShops(small.page);
    await again.choice.focus();
    await again.choice.selectOption(again.others[0]?.value ?? '');
    await small.page.getByRole('button', { name: 'Перенести заказ' }).focus();
    await small.page.keyboard.press('Enter');
    await small.page
      .getByRole('status')
      .filter({ hasText: 'Заказ изменён' })
      .or(small.page.getByRole('alert'))
      .first()
      .waitFor();
    await settle(small.page);
    expect(await small.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(small.page)).toEqual([]);
    await shot(small.page, 'card-375');
    expect(small.errors.filter((e) => !e.includes('status of 409 (Conflict)'))).toEqual([]);
    await small.page.context().close();
  });
});

describe('a carrier pickup order sent to another point of its carrier from its card (issue 47.6)', () => {
  it('at 1440: the point chosen becomes the order’s; the history names both', async () => {
    const order = await placePointOrder('79005550164', { key: 'point-edit', mailbox: 'point' });

    const desk = await openPage(browser, 'desktop');
    desk.page.setDefaultTimeout(15_000);
    await staffLogin(desk.page, `/admin/orders/${order.id}/`);
    await settle(desk.page);
    const choice = desk.page.getByLabel('Пункт выдачи того же перевозчика');
    const options = await choice
      .locator('option')
      .evaluateAll((list) => list.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '' })));
    expect(options.find((o) => o.text.endsWith('(сейчас)'))?.value).toBe(String(order.pointId));
    const other = options.find((o) => o.text.startsWith('Пункт выдачи') && !o.text.endsWith('(сейчас)'));
    expect(other).toBeDefined();
    await choice.selectOption(other?.value ?? '');
    await desk.page.getByRole('button', { name: 'Сменить пункт' }).click();
    await desk.page.getByRole('status').filter({ hasText: 'Заказ изменён' }).waitFor();
    await settle(desk.page);
    // The card now has the new point as the order's own, and the history names the old one and the new.
    const now = await desk.page
      .getByLabel('Пункт выдачи того же перевозчика')
      .locator('option', { hasText: '(сейчас)' })
      .getAttribute('value');
    expect(now).toBe(other?.value);
    const note = desk.page.locator('ol').getByText(/^Доставка изменена\. Было: пункт выдачи/);
    expect(await note.count()).toBe(1);
    // The option's words, mid-sentence: the carrier's name already says «Пункт выдачи», and it is not said twice.
    const chosen = other?.text ?? '';
    expect(await note.textContent()).toContain(`Стало: ${chosen.charAt(0).toLowerCase()}${chosen.slice(1)}.`);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'point-1440');
    expect(desk.errors).toEqual([]);
    await desk.page.context().close();
  });
});
