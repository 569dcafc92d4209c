import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogueImporter, ImportFileRequest, ImportStep } from '../../domain/exchange/ports';
import { writePackage } from './commerceml/write-package';
import { packageRerun } from './rerun';

const none = { created: 0, changed: 0, removed: 0 };
const counts = { sections: none, products: none, offers: none, prices: none, stock: none, images: none, records: 0 };

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'rerun-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** A package of 1C's in the folder of the session `key`. */
function packageIn(key: string) {
  const dir = path.join(dataDir, 'exchange', key);
  mkdirSync(path.join(dir, 'import_files'), { recursive: true });
  const files = writePackage({
    groups: [{ id: 'grp-1', name: 'Платья', parentId: null, deleted: false }],
    products: [
      {
        id: 'prod-1',
        name: 'Платье',
        article: 'A-1',
        description: null,
        groupIds: ['grp-1'],
        properties: [],
        requisites: [],
        images: ['import_files/photo.jpg'],
        deleted: false,
      },
    ],
    priceTypes: [{ id: 'pt-1', name: 'Розничная', currency: 'RUB' }],
    offers: [
      { id: 'prod-1#s', name: 'Платье (S)', characteristics: [], prices: [], quantity: 1, stock: [], deleted: false },
    ],
  });
  writeFileSync(path.join(dir, 'import.xml'), files.importXml);
  writeFileSync(path.join(dir, 'offers.xml'), files.offersXml);
  writeFileSync(path.join(dir, 'import_files', 'photo.jpg'), 'jpeg');
  return dir;
}

/** An importer that takes `steps` calls per file (the time budget cut off the first ones), reading every record. */
function scriptedImporter(steps = 3, advances = true) {
  const calls: { request: ImportFileRequest; kinds: string[]; photo: string | null }[] = [];
  const importer: CatalogueImporter = {
    async importFile(request): Promise<ImportStep> {
      const kinds: string[] = [];
      for await (const record of request.records()) kinds.push(record.kind);
      const photo = (await request.packageFile('import_files/photo.jpg'))?.toString() ?? null;
      calls.push({ request, kinds, photo });
      const made = calls.filter((c) => c.request.fileName === request.fileName).length;
      return {
        status: made >= steps ? 'success' : 'progress',
        logId: 1,
        position: advances ? made : 0,
        counts,
        errors: [],
      };
    },
    async finishPackage() {
      return null;
    },
    async startPackage() {},
  };
  return { importer, calls };
}

describe('the rerun of a package', () => {
  it('imports its files in the log’s order, as the new session, each until the importer says success', async () => {
    packageIn('session-a');
    const { importer, calls } = scriptedImporter(3);
    const files = await packageRerun({ dataDir, importer }).rerun(
      { sessionKey: 'session-a', files: ['import.xml', 'offers.xml'] },
      { sessionKey: 'rerun-1', staffId: 7 },
    );
    expect(files).toEqual([
      { fileName: 'import.xml', status: 'success' },
      { fileName: 'offers.xml', status: 'success' },
    ]);
    expect(calls.map((c) => c.request.fileName)).toEqual([
      'import.xml',
      'import.xml',
      'import.xml',
      'offers.xml',
      'offers.xml',
      'offers.xml',
    ]);
    expect(calls.every((c) => c.request.sessionKey === 'rerun-1' && c.request.staffId === 7)).toBe(true);
    // Each step reads the file from its start again, through the CommerceML parser.
    expect(calls[0]?.kinds).toEqual(expect.arrayContaining(['package', 'group', 'product']));
    expect(calls[2]?.kinds).toEqual(calls[0]?.kinds);
    expect(calls[3]?.kinds).toContain('offer');
    expect(calls[0]?.photo).toBe('jpeg');
  });

  it('answers null when the package’s folder is gone', async () => {
    const { importer, calls } = scriptedImporter();
    const files = await packageRerun({ dataDir, importer }).rerun(
      { sessionKey: 'never-here', files: ['import.xml'] },
      { sessionKey: 'rerun-2', staffId: 7 },
    );
    expect(files).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('stops at a file that does not parse, with the parser’s Russian reason, and imports nothing after it', async () => {
    const dir = packageIn('session-b');
    writeFileSync(
      path.join(dir, 'import.xml'),
      '<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация><Каталог>',
    );
    const { importer, calls } = scriptedImporter(1);
    const files = await packageRerun({ dataDir, importer }).rerun(
      { sessionKey: 'session-b', files: ['import.xml', 'offers.xml'] },
      { sessionKey: 'rerun-3', staffId: 7 },
    );
    expect(files).toHaveLength(1);
    expect(files?.[0]).toMatchObject({ fileName: 'import.xml', status: 'failure' });
    expect(files?.[0]?.message).toMatch(/^Файл CommerceML не прочитан/);
    expect(calls.map((c) => c.request.fileName)).not.toContain('offers.xml');
  });

  it('says so of a file the log lists but the folder lost, before the importer sees it', async () => {
    packageIn('session-c');
    const { importer, calls } = scriptedImporter(1);
    const files = await packageRerun({ dataDir, importer }).rerun(
      { sessionKey: 'session-c', files: ['prices.xml'] },
      { sessionKey: 'rerun-4', staffId: 7 },
    );
    expect(files).toEqual([
      { fileName: 'prices.xml', status: 'failure', message: 'файла нет в папке пакета на сервере.' },
    ]);
    expect(calls).toHaveLength(0);
  });

  it('gives up on an import whose steps write nothing, instead of repeating it for ever', async () => {
    packageIn('session-d');
    const { importer, calls } = scriptedImporter(1000, false);
    const files = await packageRerun({ dataDir, importer }).rerun(
      { sessionKey: 'session-d', files: ['import.xml'] },
      { sessionKey: 'rerun-5', staffId: 7 },
    );
    expect(files).toEqual([{ fileName: 'import.xml', status: 'failure', message: 'импорт не продвигается.' }]);
    expect(calls.length).toBeLessThan(5);
  });
});
