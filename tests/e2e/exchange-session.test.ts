import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { writePackage } from '../../server/exchange/commerceml/write-package';
import { launchBrowser, openPage, seriousA11yViolations, settle } from './support/browser';
import { type OwnShop, ownShop } from './support/own-shop';

const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/exchange-session');
const root = path.resolve(import.meta.dirname, '../..');
const LOGIN = '1c-e2e';
const PASSWORD = 'обмен-с-сайтом-e2e';
const NAME = 'Пальто «Проверка обмена»';
/** The group under «Женщинам» the package brings: a new section at this address. */
const SECTION = '/catalog/women/novinki-iz-1s/';

let browser: Browser;
let shop: OwnShop;
let shops: { code: string; name: string }[] = [];
let packageDir: string;

/** `npm run exchange:session` as a shop's operator runs it; its output and exit code. */
function runSession(...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/onec-session.ts',
        '--url',
        shop.url,
        '--login',
        LOGIN,
        '--password',
        PASSWORD,
        ...args,
      ],
      { cwd: root, env: { ...process.env, DATA_DIR: packageDir } },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

beforeAll(async () => {
  [browser, shop] = await Promise.all([
    launchBrowser(),
    ownShop({
      env: { EXCHANGE_LOGIN: LOGIN, EXCHANGE_PASSWORD: PASSWORD },
      async prepare(db) {
        shops = await queryRows(db, sql`select code, name from stores where type = 'shop' order by id limit 2`);
      },
    }),
  ]);
  mkdirSync(shots, { recursive: true });
  packageDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-package-'));
  const [a, b] = shops.map((s) => s.code) as [string, string];
  const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#6f7a86' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="600" height="800"><rect x="150" y="120" width="300" height="560" rx="40" fill="#39414b"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
  const offer = (id: string, size: string, stock: [string, number][]) => ({
    id,
    name: null,
    characteristics: [
      { name: 'Размер', value: size },
      { name: 'Цвет', value: 'Графитовый' },
    ],
    prices: [
      { priceTypeId: 'pt-r', kopecks: 1_499_000, currency: 'RUB' },
      { priceTypeId: 'pt-o', kopecks: 1_999_000, currency: 'RUB' },
    ],
    quantity: stock.reduce((s, [, q]) => s + q, 0),
    stock: stock.map(([warehouseId, quantity]) => ({ warehouseId, quantity })),
    deleted: false,
  });
  const files = writePackage(
    {
      groups: [
        { id: 'g-women', name: 'Женщинам', parentId: null, deleted: false },
        { id: 'g-new', name: 'Новинки из 1С', parentId: 'g-women', deleted: false },
      ],
      properties: [{ id: 'p-brand', name: 'Бренд', values: [{ id: 'b-1', value: 'Северный ветер' }], deleted: false }],
      products: [
        {
          id: 'e2e-coat',
          name: NAME,
          article: 'CHK-1',
          description: 'Шерстяное пальто прямого кроя.',
          groupIds: ['g-new'],
          properties: [{ propertyId: 'p-brand', value: 'b-1', valueId: 'b-1' }],
          requisites: [],
          images: ['import_files/chk/coat.jpg'],
          deleted: false,
        },
      ],
      priceTypes: [
        { id: 'pt-r', name: 'Розничная', currency: 'RUB' },
        { id: 'pt-o', name: 'Старая цена', currency: 'RUB' },
      ],
      warehouses: shops.map((s) => ({ id: s.code, name: s.name })),
      offers: [
        offer('e2e-coat#44', '44', [
          [a, 2],
          [b, 0],
        ]),
        offer('e2e-coat#46', '46', [[b, 1]]),
      ],
    },
    { encoding: 'windows-1251' },
  );
  mkdirSync(path.join(packageDir, 'upload', 'import_files', 'chk'), { recursive: true });
  writeFileSync(path.join(packageDir, 'upload', 'import.xml'), files.importXml);
  writeFileSync(path.join(packageDir, 'upload', 'offers.xml'), files.offersXml);
  writeFileSync(path.join(packageDir, 'upload', 'import_files', 'chk', 'coat.jpg'), photo);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  if (packageDir) rmSync(packageDir, { recursive: true, force: true });
});

describe('a scripted 1C session against the shop as npm start runs it', () => {
  it('loads a package: the product, its sizes, prices and photo are on the pages at once; again changes nothing', async () => {
    const first = await runSession('--package', path.join(packageDir, 'upload'), '--zip');
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain('товаров +1/~0/−0');
    expect(first.out).toContain('обмен завершён успешно');

    const listing = await (await fetch(`${shop.url}${SECTION}`)).text();
    expect(listing).toContain(NAME);
    const href = /href="(\/product\/[^"]+\/)"/.exec(listing)?.[1];
    expect(href).toBeTruthy();
    const product = await (await fetch(`${shop.url}${href}`)).text();
    expect(product).toMatch(/14\s990/);
    expect(product).toMatch(/19\s990/);

    for (const viewport of ['desktop', 'mobile'] as const) {
      const { page, errors } = await openPage(browser, viewport, shop.url);
      await page.goto(href as string);
      await settle(page);
      await expect
        .poll(() =>
          page
            .locator('main img')
            .first()
            .evaluate((i: HTMLImageElement) => i.naturalWidth),
        )
        .toBeGreaterThan(0);
      // The one photo 1C sent is the page's large photo, not a thumbnail's width.
      const photoBox = await page.getByRole('button', { name: 'Увеличить фото 1 из 1' }).boundingBox();
      expect(photoBox?.width).toBeGreaterThanOrEqual(viewport === 'desktop' ? 400 : 375);
      expect(await page.getByText('46', { exact: true }).count()).toBeGreaterThan(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `product-${viewport}.png`), fullPage: false });
      expect(errors).toEqual([]);
      await page.context().close();
    }

    const again = await runSession('--package', path.join(packageDir, 'upload'));
    expect(again.code, again.out).toBe(0);
    expect(again.out).toContain('товаров +0/~0/−0, предложений +0/~0, цен ~0, остатков ~0/−0');
    expect(again.out).toContain('sale success');
  });
});
