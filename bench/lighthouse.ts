import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { ShopProcess } from './shop-process';
import type { BenchRow } from './types';

/** Debian's Chromium (`apt-get install chromium`), or CHROME_PATH. */
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = 3;

interface Scores {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  clsScore: number;
  scriptKiB: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** One Lighthouse audit of `url`; a run whose trace missed its start (NO_NAVSTART, now and then) is done again. */
async function audit(port: number, url: string): Promise<Scores> {
  for (let attempt = 0; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) {
      if (attempt >= 2) throw new Error(`Lighthouse: ${lhr.runtimeError.code} for ${url}`);
      continue;
    }
    const scripts = (
      lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
    )?.items?.find((item) => item.resourceType === 'script');
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
      clsScore: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
      scriptKiB: (scripts?.transferSize ?? 0) / 1024,
    };
  }
}

function summary(runs: Scores[]): string {
  const m = (pick: (s: Scores) => number) => median(runs.map(pick));
  return `performance ${m((s) => s.performance)}, CLS ${m((s) => s.clsScore).toFixed(3)}, LCP ${(m((s) => s.lcpMs) / 1000).toFixed(1)} s, TBT ${Math.round(m((s) => s.tbtMs))} ms, accessibility ${m((s) => s.accessibility)}, JS ${Math.round(m((s) => s.scriptKiB))} KiB (median of ${runs.length}; performance per run ${runs.map((s) => s.performance).join(' / ')})`;
}

/**
 * Lighthouse's default mobile audit (simulated slow 4G and a 4× slower CPU) of each page, three times each way: the
 * first load of a freshly started shop (a new process for every run: nothing rendered, cached or compiled yet, as
 * the first visitor after a deploy finds it), and the load after one warm-up of the page on a running shop. Each row
 * gives the performance score with the layout shift and LCP beside it (issue 46.6).
 */
export async function lighthouseRows(
  start: () => Promise<ShopProcess>,
  pages: { name: string; path: string }[],
): Promise<BenchRow[]> {
  if (!existsSync(CHROMIUM))
    return [{ name: 'Lighthouse', note: `нет браузера ${CHROMIUM}: apt-get install chromium` }];
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows: BenchRow[] = [];
  try {
    for (const page of pages) {
      const first: Scores[] = [];
      for (let run = 0; run < RUNS; run++) {
        const shop = await start();
        try {
          first.push(await audit(chrome.port, `${shop.baseURL}${page.path}`));
        } finally {
          await shop.stop();
        }
      }
      const warm: Scores[] = [];
      const shop = await start();
      try {
        await audit(chrome.port, `${shop.baseURL}${page.path}`);
        for (let run = 0; run < RUNS; run++) warm.push(await audit(chrome.port, `${shop.baseURL}${page.path}`));
      } finally {
        await shop.stop();
      }
      rows.push({
        name: `Lighthouse mobile, first load after a start: ${page.name} ${page.path}`,
        note: summary(first),
      });
      rows.push({ name: `Lighthouse mobile, after one warm-up: ${page.name} ${page.path}`, note: summary(warm) });
    }
  } finally {
    chrome.kill();
  }
  return rows;
}
