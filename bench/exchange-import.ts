import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { bigPackage } from '../server/exchange/commerceml/big-package';
import { writePackage } from '../server/exchange/commerceml/write-package';
import { type OnecAnswer, onecClient } from '../server/exchange/onec-client';
import type { ShopProcess } from './shop-process';
import type { BenchRow } from './types';

const OFFERS = 20_000;
const WAREHOUSES = 20;
/** The account the shop creates at start from its settings (EXCHANGE_LOGIN / EXCHANGE_PASSWORD). */
export const BENCH_EXCHANGE = { login: 'bench-1c', password: 'Обмен-на-объёме-2026' };

export interface ExchangePackage {
  importXml: Buffer;
  offersXml: Buffer;
}

/**
 * The package of issue 26's scale row, written before the shop starts: 20 000 offers with stock in 20 warehouses,
 * whose `Ид`s are the codes of the shop's first 20 stores (read here: the embedded database serves one process).
 */
export async function exchangePackage(db: Db): Promise<ExchangePackage> {
  const codes = await queryRows<{ code: string }>(
    db,
    sql`select code from stores order by sort, id limit ${WAREHOUSES}`,
  );
  const pkg = bigPackage({ offers: OFFERS, warehouses: WAREHOUSES, storeCodes: codes.map((c) => c.code) });
  return writePackage(pkg, { encoding: 'windows-1251' });
}

function expectOk(step: string, answer: OnecAnswer): OnecAnswer {
  if (answer.status !== 200 || answer.lines[0] === 'failure')
    throw new Error(`обмен с 1С в бенчмарке: ${step}: ${answer.lines.join(' | ')}`);
  return answer;
}

/** One whole catalogue session as 1C runs it; the seconds from the first upload to the last file's `success`. */
async function session(
  baseURL: string,
  pkg: ExchangePackage,
): Promise<{ seconds: number; steps: number; written: string }> {
  const onec = onecClient({ fetch: (p, init) => fetch(new URL(p, baseURL), init) }, 'catalog', BENCH_EXCHANGE);
  expectOk('checkauth', await onec.checkauth());
  const init = expectOk('init', await onec.send('init'));
  const fileLimit = Number(init.lines.find((l) => l.startsWith('file_limit='))?.slice(11));
  const started = performance.now();
  let steps = 0;
  const written: string[] = [];
  for (const [name, bytes] of [
    ['import.xml', pkg.importXml],
    ['offers.xml', pkg.offersXml],
  ] as const)
    for (const answer of await onec.uploadInChunks(name, bytes, fileLimit)) expectOk(`file ${name}`, answer);
  for (const name of ['import.xml', 'offers.xml']) {
    const answers = await onec.importFile(name, 10_000);
    steps += answers.length;
    const last = expectOk(`import ${name}`, answers.at(-1) as OnecAnswer);
    if (last.lines[0] !== 'success') throw new Error(`обмен с 1С в бенчмарке: ${name} без success`);
    // What the shop says it wrote: the offers and stock rows created or changed (the answer's counts line).
    const counts = last.lines.join(' ');
    for (const what of name === 'import.xml' ? ['товаров'] : ['предложений', 'остатков']) {
      const part = counts.match(new RegExp(`${what} [^,]*`))?.[0];
      if (part) written.push(part);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  expectOk('complete', await onec.send('complete'));
  return { seconds, steps, written: written.join('; ') };
}

/**
 * Issue 26's scale row: a full catalogue session of 20 000 offers × 20 warehouses against the shop as production
 * runs it (at most 60 s is the bar), then the same package again (changes nothing), and the shop's memory after.
 */
export async function exchangeRows(shop: ShopProcess, pkg: ExchangePackage): Promise<BenchRow[]> {
  const mib = (n: number) => (n / 2 ** 20).toFixed(1);
  const first = await session(shop.baseURL, pkg);
  const firstRss = shop.rssMiB();
  const again = await session(shop.baseURL, pkg);
  const what = `${OFFERS} offers × ${WAREHOUSES} warehouses (import.xml ${mib(pkg.importXml.length)} MB, offers.xml ${mib(pkg.offersXml.length)} MB, windows-1251)`;
  return [
    {
      name: `1C catalogue session, ${what}`,
      medianMs: Math.round(first.seconds * 1000),
      note: `${first.seconds.toFixed(1)} s to success for both files (${first.steps} import requests; ${first.written}); shop RSS after ${firstRss} MiB`,
    },
    {
      name: '1C catalogue session, the same package again',
      medianMs: Math.round(again.seconds * 1000),
      note: `${again.seconds.toFixed(1)} s (${again.steps} import requests; ${again.written}); shop RSS after ${shop.rssMiB()} MiB`,
    },
  ];
}
