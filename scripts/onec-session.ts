import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as yauzl from 'yauzl';
import { openDatabase } from '../db/client';
import { readCataloguePages, readShopDictionaries } from '../db/repositories/exchange-export';
import { buildCatalog } from '../db/seed/catalog';
import { seedCatalog } from '../db/seed/seed';
import { garmentJpeg, parseDesignKey } from '../db/seed/images';
import { type PackageFolder, writeCatalogueFolder, zipPackage } from '../server/exchange/export-catalogue';
import { type OnecAnswer, onecClient } from '../server/exchange/onec-client';

/**
 * `npm run exchange:session -- …`: a scripted 1C «Обмен с сайтом» against a running shop (issue 26). The catalogue
 * session uploads a package (a folder, a zip, or the demo catalogue exported here) and imports it; the sale session
 * takes the new orders and confirms them. Every answer is printed; a `failure` ends the run with code 1.
 */
const USAGE = `npm run exchange:session -- [--url http://localhost:PORT] [--login L --password P]
    (--package <папка|архив.zip> | --export-demo [--products 300] [--seed N])
    [--zip] [--sale-only] [--out папка-для-заказов]
  логин и пароль — также из EXCHANGE_LOGIN и EXCHANGE_PASSWORD`;

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.SHOP_URL ?? `http://localhost:${process.env.PORT || 3000}` },
    login: { type: 'string', default: process.env.EXCHANGE_LOGIN },
    password: { type: 'string', default: process.env.EXCHANGE_PASSWORD },
    package: { type: 'string' },
    'export-demo': { type: 'boolean' },
    products: { type: 'string', default: '300' },
    seed: { type: 'string', default: process.env.SEED ?? '20261121' },
    zip: { type: 'boolean' },
    'sale-only': { type: 'boolean' },
    out: { type: 'string', default: path.join(process.env.DATA_DIR ?? 'data', 'exchange-session') },
    help: { type: 'boolean' },
  },
});

class SessionFailed extends Error {}

/** Prints the answer as 1C's log would show it; a `failure` (or anything but 200) stops the run. */
function show(step: string, answer: OnecAnswer): OnecAnswer {
  const text = answer.type.includes('xml') ? `XML, ${answer.bytes.length} байт` : answer.lines.join(' | ');
  console.log(`${step}: ${text}`);
  if (answer.status !== 200 || answer.lines[0] === 'failure')
    throw new SessionFailed(
      `${step}: ${answer.lines[0] === 'failure' ? answer.lines.slice(1).join(' ') : answer.status}`,
    );
  return answer;
}

/** A demo product photo, drawn from its file name (its design key) as the shop draws it on its first request. */
function demoPhoto(file: string): Promise<Buffer | null> {
  const design = parseDesignKey(path.basename(file, '.jpg'));
  return design ? garmentJpeg(design) : Promise.resolve(null);
}

/**
 * The demo catalogue built and seeded into a throwaway embedded database, then exported as the shop would, with its
 * photos drawn.
 */
async function exportDemo(dir: string): Promise<PackageFolder> {
  const products = Number(values.products);
  const seed = Number(values.seed);
  console.log(`выгрузка демо-каталога: ${products} товаров, seed ${seed}…`);
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    await seedCatalog(database.db, buildCatalog({ seed, products }), {});
    // Page by page, as a big shop's export must: the catalogue is never read whole.
    return await writeCatalogueFolder(
      await readShopDictionaries(database.db),
      () => readCataloguePages(database.db),
      dir,
      {
        encoding: 'windows-1251',
        photo: demoPhoto,
        imageExists: (file) => parseDesignKey(path.basename(file, '.jpg')) !== null,
      },
    );
  } finally {
    await database.close();
  }
}

async function folderOf(dir: string): Promise<PackageFolder> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  return { dir, files };
}

/** The names inside a zip given as the package (its central directory). */
function zipNames(file: string): Promise<string[]> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const names: string[] = [];
      zip.on('entry', (e: yauzl.Entry) => {
        names.push(e.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    }),
  );
}

/** The XML files in the order 1C imports them: the catalogue, then the offers, prices and stock. */
function xmlInOrder(files: string[]): string[] {
  const rank = (f: string) => ['import', 'offers', 'prices', 'rests'].findIndex((p) => path.basename(f).startsWith(p));
  return files
    .filter((f) => f.endsWith('.xml') && rank(f) >= 0)
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

async function catalogueSession(shop: { fetch(p: string, init?: RequestInit): Promise<Response> }) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'onec-session-'));
  try {
    let folder: PackageFolder | null = null;
    let zip: Buffer | null = null;
    let xml: string[];
    if (values['export-demo']) folder = await exportDemo(work);
    else if (values.package && statSync(values.package).isDirectory()) folder = await folderOf(values.package);
    else if (values.package) zip = await readFile(values.package);
    else throw new SessionFailed('не указан пакет: --package или --export-demo');
    const onec = onecClient(shop, 'catalog', credentials);
    show('checkauth', await onec.checkauth());
    const init = show('init', await onec.send('init'));
    const fileLimit = Number(init.lines.find((l) => l.startsWith('file_limit='))?.slice(11)) || 1024 * 1024;
    const zipAllowed = init.lines.includes('zip=yes');
    if (folder && values.zip && zipAllowed) zip = await zipPackage(folder);
    if (zip) {
      const name = values.package && !folder ? path.basename(values.package) : 'package.zip';
      for (const answer of await onec.uploadInChunks(name, zip, fileLimit)) show(`file ${name}`, answer);
      xml = xmlInOrder(folder ? folder.files : await zipNames(values.package as string));
    } else {
      const files = (folder as PackageFolder).files;
      xml = xmlInOrder(files);
      // Photos first, as 1C sends them, then the XML.
      for (const file of [...files.filter((f) => !xml.includes(f)), ...xml]) {
        const bytes = await readFile(path.join((folder as PackageFolder).dir, file));
        for (const answer of await onec.uploadInChunks(file, bytes, fileLimit)) show(`file ${file}`, answer);
      }
    }
    for (const file of xml) {
      const started = Date.now();
      const answers = await onec.importFile(file, 100_000);
      for (const answer of answers) show(`import ${file}`, answer);
      if (answers.at(-1)?.lines[0] !== 'success') throw new SessionFailed(`import ${file}: нет success`);
      console.log(`  ${file}: ${((Date.now() - started) / 1000).toFixed(1)} с`);
    }
    show('deactivate', await onec.send('deactivate'));
    show('complete', await onec.send('complete'));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function saleSession(shop: { fetch(p: string, init?: RequestInit): Promise<Response> }) {
  const onec = onecClient(shop, 'sale', credentials);
  show('sale checkauth', await onec.checkauth());
  show('sale init', await onec.send('init', { version: '3.1' }));
  const query = show('sale query', await onec.send('query'));
  await mkdir(values.out as string, { recursive: true });
  const file = path.join(values.out as string, `orders-${new Date().toISOString().replace(/[:.]/g, '-')}.xml`);
  await writeFile(file, query.bytes);
  console.log(`  заказы сохранены: ${file}`);
  show('sale success', await onec.send('success'));
}

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const credentials = { login: values.login ?? '', password: values.password ?? '' };
if (!credentials.login || !credentials.password) {
  console.error(`нужны логин и пароль обмена (--login/--password или EXCHANGE_LOGIN/EXCHANGE_PASSWORD)\n${USAGE}`);
  process.exit(2);
}
if (values.package && !existsSync(values.package)) {
  console.error(`нет пакета ${values.package}`);
  process.exit(2);
}
const base = values.url as string;
const shop = { fetch: (p: string, init?: RequestInit) => fetch(new URL(p, base), init) };
try {
  if (!values['sale-only']) await catalogueSession(shop);
  await saleSession(shop);
  console.log('обмен завершён успешно');
} catch (error) {
  console.error(error instanceof SessionFailed ? `ошибка обмена — ${error.message}` : error);
  process.exitCode = 1;
}
