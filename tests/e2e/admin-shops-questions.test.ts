import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIN_FILL_MS } from '../../domain/feedback/feedback';
import { readOutbox } from '../support/outbox';
import { baseURL, launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { staffLogin } from './support/staff';

/** Where the pages' pictures go, to be looked at (SHOTS_DIR overrides). */
const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/admin-shops-questions');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

/** A guest's question through the feedback API, as the contacts page's form sends it; answers its id. */
async function guestQuestion(email: string, message: string): Promise<number> {
  const state = await fetch(`${baseURL()}/api/v2/user/state/`);
  const cookie = (state.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const { sessid } = ((await state.json()) as { data: { sessid: string } }).data;
  const html = await (await fetch(`${baseURL()}/contacts/`, { headers: { cookie } })).text();
  const startToken = html.match(/name="startToken" value="([^"]+)"/)?.[1] ?? '';
  await new Promise((r) => setTimeout(r, MIN_FILL_MS + 200));
  const res = await fetch(`${baseURL()}/api/v2/feedback/add/`, {
    method: 'POST',
    headers: { cookie },
    body: new URLSearchParams({
      sessid,
      name: 'Ольга Метелица',
      email,
      phone: '',
      topic: 'return',
      orderNumber: '',
      message,
      agree: 'Y',
      startToken,
    }),
  });
  const body = (await res.json()) as { data: { id: number } };
  if (res.status !== 200) throw new Error(`feedback answered ${res.status}: ${JSON.stringify(body)}`);
  return body.data.id;
}

async function letterTo(to: string): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const letter = await readOutbox({ dataDir: inject('dataDir') }, { to, channel: 'email' });
    if (letter?.subject?.startsWith('Ответ на ваш вопрос')) return letter.text;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer letter to ${to}`);
}

describe('the back office’s shops and questions', () => {
  it('edits a store at 1440 and answers a question at 768, axe clean', async () => {
    const stamp = Date.now();
    const email = `olga.${stamp}@e2e.example.ru`;
    const asked = guestQuestion(email, `Можно ли вернуть пуховик без чека? (${stamp})`);

    const { page, errors } = await openPage(browser, 'desktop');
    page.setDefaultTimeout(15_000);
    await staffLogin(page, '/admin/shops/');
    await settle(page);
    expect(await page.getByRole('link', { name: 'Магазины' }).count()).toBeGreaterThan(0);
    // A shop's form as the content team sees it, with its photos and their link.
    await page.getByRole('table').getByRole('link').first().click();
    await page.waitForURL(/\/admin\/shops\/\d+\/$/);
    await settle(page);
    expect(await page.getByRole('link', { name: 'Изменить фото' }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'shop-1440');

    // The change itself on a warehouse, which the shop's pages do not show: other tests read the shops' hours.
    await page.goto('/admin/shops/');
    const warehouse = page.getByRole('row').filter({ hasText: 'склад' }).first().getByRole('link');
    await warehouse.click();
    await page.waitForURL(/\/admin\/shops\/\d+\/$/);
    await settle(page);
    await page.getByLabel('Воскресенье: открытие').fill('25:00');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    // A warehouse's week was never set: one day alone is not a week.
    await page.getByRole('alert').filter({ hasText: 'ЧЧ:ММ' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('Понедельник: время открытия — в виде ЧЧ:ММ.');
    expect(await page.getByLabel('Воскресенье: открытие').inputValue()).toBe('25:00');
    // The refusal is a 400 (as the API's), which the browser logs: that one and nothing else.
    expect(errors).toEqual([expect.stringMatching(/status of 400 .*\/admin\/shops\/\d+\/_\.data/)]);
    errors.length = 0;
    await page.getByLabel('Воскресенье: открытие').fill('');
    await page.getByLabel('Метро').fill(`Складская ${stamp}`);
    await page.getByLabel('Новый особый день 1: дата').fill('2030-01-01');
    await page.getByLabel('Закрыт: Новый особый день 1').check();
    await page.getByLabel('Новый особый день 1: пояснение').fill('Новый год');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('status').filter({ hasText: 'Сохранено' }).waitFor();
    await page.reload();
    await settle(page);
    expect(await page.getByLabel('Метро').inputValue()).toBe(`Складская ${stamp}`);
    expect(await page.getByLabel('Особый день 2030-01-01: пояснение').inputValue()).toBe('Новый год');
    expect(errors).toEqual([]);

    // The question, at the tablet width.
    const id = await asked;
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto('/admin/questions/?state=new');
    await settle(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'questions-768');
    await page.getByRole('link', { name: `Вопрос ${id}` }).click();
    await page.waitForURL(`**/admin/questions/${id}/`);
    await settle(page);
    await page.getByLabel('Ответ покупателю').fill('Да, в течение 14 дней — с паспортом, чек не нужен.');
    await page.getByRole('button', { name: 'Ответить' }).click();
    await page.getByRole('status').filter({ hasText: 'Ответ сохранён' }).waitFor();
    await page.getByText('Есть ответ').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'question-answered-768');
    expect(await letterTo(email)).toContain('чек не нужен');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
