import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { failures, load } from './measure';
import type { BenchRow } from './types';

export interface BenchPage {
  name: string;
  path: string;
}

/** A bare node:http process serving `html` (bench/static-server.ts); answers its URL and its stop. */
async function staticCopy(html: Buffer): Promise<{ url: string; stop: () => void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-static-'));
  const file = path.join(dir, 'page.html');
  writeFileSync(file, html);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'static-server.ts'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve) => child.stdout.once('data', (d) => resolve(String(d).trim())));
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const kib = (n: number) => `${Math.round(n / 1024)} KiB`;

/**
 * Each page under load beside its static baseline, both in processes of their own: req/s, p50, p95, the ratio,
 * the HTML's size raw and with brotli, and whether the page came from the page cache.
 */
export async function pageRows(baseURL: string, pages: BenchPage[], label: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const page of pages) {
    const url = `${baseURL}${page.path}`;
    // As autocannon asks: no compression. The first request also fills the page cache when it is on.
    const first = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    if (first.status !== 200) throw new Error(`${page.path}: ${first.status}`);
    const html = Buffer.from(await first.arrayBuffer());
    const br = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
    const copy = await staticCopy(html);
    const baseline = await load(copy.url);
    copy.stop();
    const result = await load(url);
    const cache = (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).headers.get('x-cache') ?? 'off';
    rows.push({
      name: `${label}: ${page.name} ${page.path}`,
      reqPerSec: result.reqPerSec,
      p50Ms: result.p50Ms,
      p95Ms: result.p95Ms,
      ratio: { to: 'static', value: result.reqPerSec / Math.max(1, baseline.reqPerSec) },
      note: `HTML ${kib(html.length)}, br ${kib(br.length)}; static ${baseline.reqPerSec} req/s (p95 ${baseline.p95Ms} ms); cache: ${cache}${failures(result)}`,
    });
  }
  return rows;
}
