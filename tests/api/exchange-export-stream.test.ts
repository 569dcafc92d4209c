import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCataloguePages, readShopCatalogue, readShopDictionaries } from '../../db/repositories/exchange-export';
import { exportPackage, writeCatalogueFolder, writePackageFolder } from '../../server/exchange/export-catalogue';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 43.2: the catalogue exporter streams. It reads the catalogue in pages of whole models (a keyset on the model
 * id) and writes each page before reading the next, and the package it writes is the one the whole catalogue read at
 * once gives, byte for byte.
 */

let app: TestApp;
let dir: string;

beforeAll(async () => {
  app = await createTestApp();
  dir = await mkdtemp(path.join(os.tmpdir(), 'export-stream-'));
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the streamed catalogue export', () => {
  it('reads pages of at most the asked number of whole models, each model once, the whole catalogue in all', async () => {
    const whole = await readShopCatalogue(app.database.db);
    const seen: number[] = [];
    let pages = 0;
    for await (const page of readCataloguePages(app.database.db, 7)) {
      pages++;
      const models = new Set(page.products.map((p) => p.modelId));
      expect(models.size).toBeLessThanOrEqual(7);
      seen.push(...models);
      expect(page.offers.every((o) => page.products.some((p) => p.id === o.productId))).toBe(true);
    }
    const models = [...new Set(whole.products.map((p) => p.modelId))];
    expect(seen).toEqual(models);
    expect(pages).toBe(Math.ceil(models.length / 7));
    expect(pages).toBeGreaterThan(2);
  });

  it('writes the same files as the whole catalogue read at once', async () => {
    const options = { encoding: 'windows-1251' as const, imageExists: () => false };
    const once = await writePackageFolder(
      exportPackage(await readShopCatalogue(app.database.db), options),
      path.join(dir, 'once'),
      options,
    );
    const streamed = await writeCatalogueFolder(
      await readShopDictionaries(app.database.db),
      () => readCataloguePages(app.database.db, 7),
      path.join(dir, 'streamed'),
      options,
    );
    expect(streamed.files).toEqual(once.files);
    for (const file of ['import.xml', 'offers.xml']) {
      const [a, b] = await Promise.all([readFile(path.join(once.dir, file)), readFile(path.join(streamed.dir, file))]);
      expect(a.length, file).toBeGreaterThan(10_000);
      expect(b.equals(a), file).toBe(true);
    }
  });
});
