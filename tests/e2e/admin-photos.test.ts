import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { staffLogin } from './support/staff';

/** Where the pages' pictures go, to be looked at (SHOTS_DIR overrides). */
const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/admin-photos');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

/** A product of the demo catalogue far from the ones other files use: the first that answers from id 41 up. */
async function someProduct(): Promise<number> {
  for (let id = 41; id < 400; id++) {
    const res = await fetch(`${baseURL()}/api/v2/catalog/product/get/?id=${id}`);
    if (res.ok) return id;
  }
  throw new Error('no product');
}

describe('product photos page', () => {
  it('uploads a photo at 1440, makes it the main one and deletes it at 768; no serious a11y violations', async () => {
    const id = await someProduct();
    const address = `/admin/products/${id}/photos/`;
    // A photo of its own (a colour from the clock): a new content, a new file.
    const stamp = Date.now() % 200;
    const photo = await sharp({
      create: { width: 800, height: 1200, channels: 3, background: { r: 30 + stamp, g: 80, b: 120 } },
    })
      .jpeg()
      .toBuffer();

    const desk = await openPage(browser, 'desktop');
    desk.page.setDefaultTimeout(15_000);
    await staffLogin(desk.page, address);
    await settle(desk.page);
    const cards = desk.page
      .getByRole('list')
      .filter({ has: desk.page.getByText('Главное фото') })
      .getByRole('listitem');
    const before = await cards.count();
    await desk.page
      .getByLabel('Файлы фото')
      .setInputFiles({ name: 'новое фото.jpg', mimeType: 'image/jpeg', buffer: photo });
    await desk.page.getByRole('button', { name: 'Загрузить' }).click();
    await desk.page.getByRole('status').filter({ hasText: 'Фото загружено.' }).waitFor();
    await settle(desk.page);
    expect(await cards.count()).toBe(before + 1);
    const added = await cards.last().getByRole('img').getAttribute('src');
    expect(added).toMatch(/\/images\/288x432\/up-[0-9a-f]{32}\.jpg/);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'photos-1440');

    await desk.page.setViewportSize({ width: 768, height: 1024 });
    await settle(desk.page);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await cards
      .last()
      .getByRole('button', { name: /Сделать главным/ })
      .click();
    await desk.page.getByRole('status').filter({ hasText: 'Главное фото изменено.' }).waitFor();
    await settle(desk.page);
    expect(await cards.first().getByRole('img').getAttribute('src')).toBe(added);
    expect(await cards.first().textContent()).toContain('Главное фото');
    await shot(desk.page, 'photos-768');

    await cards
      .first()
      .getByRole('link', { name: /Удалить/ })
      .click();
    await desk.page.getByRole('button', { name: 'Да, удалить фото' }).waitFor();
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'photos-delete-768');
    await desk.page.getByRole('button', { name: 'Да, удалить фото' }).click();
    await desk.page.getByRole('status').filter({ hasText: 'Фото удалено.' }).waitFor();
    await settle(desk.page);
    expect(await desk.page.getByRole('button', { name: 'Да, удалить фото' }).count()).toBe(0);
    expect(await cards.count()).toBe(before);
    expect(desk.errors).toEqual([]);
  });
});
