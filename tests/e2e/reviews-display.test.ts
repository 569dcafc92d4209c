import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  launchBrowser,
  openPage,
  screenshot,
  seriousA11yViolations,
  settle,
  type ViewportName,
} from './support/browser';
import { type OwnShop, ownShop } from './support/own-shop';

/**
 * The product page's «Отзывы» (issue 44.2) as a shopper sees it at 1440 and 375 px: the published reviews of a
 * product written as the moderation desk leaves them (on a shop of the test's own), the rating near the name, the
 * fit summary, the sort, «С фото», «Показать ещё», a photo opened large, and a product with none.
 */

const REVIEWS = 14;
/** Reviews 0, 3, 6, 9, 12 carry photos. */
const WITH_PHOTOS = 5;
let browser: Browser;
let shop: OwnShop;
let reviewed = '';
let bare = '';
let reviewedId = 0;
let section = '';

beforeAll(async () => {
  shop = await ownShop({
    prepare: async (db) => {
      const [model] = await queryRows<{ model_id: number; ids: number[] }>(
        db,
        sql`select model_id, array_agg(id order by id) as ids from products where active
            group by model_id having count(*) >= 2 order by model_id limit 1`,
      );
      const productId = Number(model?.ids[0]);
      const photos = (
        await queryRows<{ file: string }>(db, sql`select file from product_images order by id limit 2`)
      ).map((r) => r.file);
      const texts = [
        'Очень тёплая, в мороз −25 гуляла с ребёнком два часа — не замёрзла. Капюшон держит форму, мех мягкий.',
        'Рукава чуть длинноваты, но это даже хорошо: закрывают запястья. Молния ходит легко.',
        'Цвет в жизни немного темнее, чем на фото. В остальном всё отлично, доставили быстро.',
      ];
      for (let i = 0; i < REVIEWS + 1; i++) {
        const state = i === REVIEWS ? 'hidden' : 'published';
        const at = new Date(Date.parse('2026-11-01T09:00:00Z') + i * 86_400_000).toISOString();
        const files = i % 3 === 0 && state === 'published' ? photos.slice(0, 1 + (i % 2)) : [];
        await db.execute(sql`
          insert into reviews (product_id, model_id, offer_id, order_id, order_line_id, author_name, rating, text, fit,
            size, height, photos, state, answer, created_at, published_at)
          values (${productId}, ${Number(model?.model_id)}, 1, ${800_000 + i}, ${800_000 + i},
            ${['Анна', 'Екатерина', 'Ольга', 'Мария'][i % 4]}, ${state === 'hidden' ? 1 : 5 - (i % 5)},
            ${state === 'hidden' ? 'Скрытый отзыв' : `${texts[i % 3]} (№${i + 1})`},
            ${i % 4 === 0 ? 'true' : 'small'}, ${String(44 + 2 * (i % 3))}, ${160 + i},
            ${sql.raw(`array[${files.map((f) => `'${f}'`).join(',')}]::text[]`)}, ${state},
            ${i === REVIEWS - 1 ? 'Спасибо за отзыв! Тёмный оттенок — особенность ткани при дневном свете.' : null},
            ${at}::timestamptz, ${state === 'published' ? at : null}::timestamptz)`);
      }
      await db.execute(sql`
        update products p set rating_count = x.c, rating_sum = x.s
        from (select product_id, count(*) as c, sum(rating) as s from reviews where state = 'published'
              group by product_id) x where p.id = x.product_id`);
      const [a] = await queryRows<{ url: string; section: string }>(
        db,
        sql`select p.url, s.url as section from products p join sections s on s.id = p.section_id where p.id = ${productId}`,
      );
      reviewedId = productId;
      section = a?.section ?? '';
      const [b] = await queryRows<{ url: string }>(
        db,
        sql`select url from products where active and model_id <> ${Number(model?.model_id)} order by id limit 1`,
      );
      reviewed = a?.url ?? '';
      bare = b?.url ?? '';
    },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe.each(['desktop', 'mobile'] as ViewportName[])('reviews on the product page (%s)', (viewport) => {
  it('shows the rating, the fit and the reviews; sorts, filters by photo, pages, opens a photo', async () => {
    const { page, errors } = await openPage(browser, viewport, shop.url);
    await page.goto(reviewed);
    await settle(page);

    // 14 reviews rated 5,4,3,2,1,5,4,3,2,1,5,4,3,2 → 44 / 14 = 3.1.
    const near = page.getByRole('link', { name: /Рейтинг 3,1 из 5.*14\s+отзывов/ });
    await expect.poll(() => near.isVisible()).toBe(true);
    await screenshot(page, `reviews-head-${viewport}`);

    const block = page.getByRole('region', { name: /^Отзывы\s+14$/ });
    await near.click();
    await expect.poll(() => block.isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#reviews');
    await expect.poll(() => block.getByRole('img', { name: 'Рейтинг 3,1 из 5' }).isVisible()).toBe(true);
    // «маломерит» 10 of 14: shoppers take a size up.
    await expect.poll(() => block.getByText('Чаще берут на размер больше').isVisible()).toBe(true);
    expect(await block.getByText('71\u00a0%').count()).toBe(1);
    const articles = block.getByRole('article');
    expect(await articles.count()).toBe(10);
    expect(await block.getByText('Скрытый отзыв').count()).toBe(0);
    // The newest first: the last one written, with the shop's answer under it.
    const first = articles.first();
    expect(await first.textContent()).toContain('(№14)');
    expect(await first.getByText('Ответ магазина').isVisible()).toBe(true);
    expect(await first.textContent()).toMatch(/Размер \d+ · Рост 173\u00a0см/);
    await block.getByRole('heading', { name: /Отзывы/ }).scrollIntoViewIfNeeded();
    await screenshot(page, `reviews-block-${viewport}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);

    // «Показать ещё»: the remaining four, and the button goes.
    await block.getByRole('button', { name: 'Показать ещё' }).click();
    await expect.poll(() => articles.count()).toBe(REVIEWS);
    expect(await block.getByRole('button', { name: 'Показать ещё' }).count()).toBe(0);

    // Lowest rating first.
    await block.getByRole('combobox', { name: 'Сортировка отзывов' }).selectOption('rating_asc');
    await expect
      .poll(() => articles.first().getByRole('img').first().getAttribute('aria-label'))
      .toBe('Рейтинг 1 из 5');
    expect(await articles.count()).toBe(10);

    // «С фото» from the keyboard: only the reviews with photos, and the focus stays on the box while they load.
    const withPhotos = block.getByRole('checkbox', { name: 'С фото' });
    await withPhotos.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => articles.count()).toBe(WITH_PHOTOS);
    expect(await withPhotos.evaluate((box) => box === document.activeElement)).toBe(true);
    for (const article of await articles.all())
      expect(await article.getByRole('link', { name: /открыть крупно/ }).count()).toBeGreaterThan(0);
    await articles
      .first()
      .getByRole('link', { name: /открыть крупно/ })
      .first()
      .scrollIntoViewIfNeeded();
    await screenshot(page, `reviews-photos-${viewport}`);

    // A photo opens large, in a dialog that Escape closes.
    await articles
      .first()
      .getByRole('link', { name: /открыть крупно/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /фото покупателя/ });
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect
      .poll(() =>
        dialog
          .locator('img')
          .first()
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await screenshot(page, `reviews-zoom-${viewport}`);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the rating on the product’s listing card', async () => {
    // The listing page that holds the product, as the list call says.
    let at = 1;
    for (; ; at++) {
      const answer = await fetch(
        `${shop.url}/api/v2/catalog/product/list/?section=${encodeURIComponent(section)}&page=${at}`,
      );
      const { data } = (await answer.json()) as {
        data: { items: { id: number }[]; navigation: { pageCount: number } };
      };
      if (data.items.some((i) => i.id === reviewedId) || at >= data.navigation.pageCount) break;
    }
    const { page, errors } = await openPage(browser, viewport, shop.url);
    await page.goto(`${section}${at > 1 ? `?PAGEN_1=${at}` : ''}`);
    await settle(page);
    const card = page.getByRole('article').filter({ hasText: 'Рейтинг 3,1 из 5, 14\u00a0отзывов' });
    expect(await card.count()).toBe(1);
    await card.scrollIntoViewIfNeeded();
    expect(await card.getByText('(14)').isVisible()).toBe(true);
    await screenshot(page, `reviews-card-${viewport}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows a short empty state for a product without reviews, and no rating near the name', async () => {
    const { page, errors } = await openPage(browser, viewport, shop.url);
    await page.goto(bare);
    await settle(page);
    const block = page.getByRole('region', { name: 'Отзывы' });
    await block.scrollIntoViewIfNeeded();
    expect(await block.getByText('Отзывов пока нет…').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /отзыв/ }).count()).toBe(0);
    await screenshot(page, `reviews-empty-${viewport}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
