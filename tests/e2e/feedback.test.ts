import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../support/outbox';
import {
  launchBrowser,
  openPage,
  screenshot,
  seriousA11yViolations,
  settle,
  type ViewportName,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe.each(['desktop', 'mobile'] as ViewportName[])('questions (%s)', (viewport) => {
  it('asks a question on the contacts page and gets the receipt; the product page opens the same form', async () => {
    const { page, errors } = await openPage(browser, viewport);
    const email = `ask.${viewport}.${Date.now()}@example.ru`;
    await page.goto('/contacts/');
    await settle(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Контакты');
    const form = page.getByRole('main').locator('form');
    await form.getByLabel('Как к вам обращаться').fill('Дарья');
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('combobox', { name: 'Тема' }).selectOption({ label: 'Подбор размера' });
    await form
      .getByRole('textbox', { name: 'Вопрос' })
      .fill('Какой размер парки взять при росте 168 и обхвате груди 90?');
    // Without the consent the server says so by the checkbox, and nothing typed is lost.
    await form.getByRole('button', { name: 'Отправить вопрос' }).click();
    await expect
      .poll(() => form.getByRole('alert').first().textContent())
      .toBe('Нужно согласие на обработку персональных данных.');
    expect(await form.getByRole('textbox', { name: 'Вопрос' }).inputValue()).toContain('при росте 168');
    await form.getByRole('checkbox', { name: /согласие на обработку/ }).check();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `contacts-${viewport}`);
    // A person takes a few seconds over a question; the form refuses anything faster as a program.
    await page.waitForTimeout(3_100);
    await form.getByRole('button', { name: 'Отправить вопрос' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Спасибо!' }).count()).toBe(1);
    let receipt = null;
    for (let i = 0; i < 40 && !receipt; i++) {
      receipt = await readOutbox({ dataDir: inject('dataDir') }, { to: email, channel: 'email' });
      if (!receipt) await page.waitForTimeout(250);
    }
    expect(receipt?.subject).toMatch(/^Мы получили ваш вопрос № \d+ — ВЬЮГА$/);

    await page.goto('/catalog/women/');
    await settle(page);
    await page.locator('main a[href^="/product/"]').first().click();
    await page.waitForURL(/\/product\//);
    await settle(page);
    await page.getByRole('button', { name: 'Задать вопрос' }).click();
    const dialog = page.getByRole('dialog', { name: 'Задать вопрос' });
    await dialog.getByLabel('Как к вам обращаться').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `ask-dialog-${viewport}`);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await page.context().close();
  });
});
