import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
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

/**
 * Lighthouse's default mobile audit (simulated slow 4G and a 4× slower CPU) of each page, the median of three runs:
 * performance and accessibility scores, LCP, total blocking time, CLS and the compressed JavaScript the page loads.
 */
export async function lighthouseRows(baseURL: string, pages: { name: string; path: string }[]): Promise<BenchRow[]> {
  if (!existsSync(CHROMIUM))
    return [{ name: 'Lighthouse', note: `нет браузера ${CHROMIUM}: apt-get install chromium` }];
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows: BenchRow[] = [];
  try {
    for (const page of pages) {
      const runs: Scores[] = [];
      for (let attempt = 0; runs.length < RUNS; attempt++) {
        const result = await lighthouse(`${baseURL}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${page.path}`);
        // Now and then Chromium's trace of a load misses its start (NO_NAVSTART): that run measured nothing.
        if (lhr.runtimeError) {
          if (attempt >= RUNS + 2) throw new Error(`Lighthouse: ${lhr.runtimeError.code} for ${page.path}`);
          continue;
        }
        const scripts = (
          lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
        )?.items?.find((item) => item.resourceType === 'script');
        runs.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
          tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
          clsScore: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
          scriptKiB: (scripts?.transferSize ?? 0) / 1024,
        });
      }
      const m = (pick: (s: Scores) => number) => median(runs.map(pick));
      rows.push({
        name: `Lighthouse mobile: ${page.name} ${page.path}`,
        note: `performance ${m((s) => s.performance)}, accessibility ${m((s) => s.accessibility)}, LCP ${(m((s) => s.lcpMs) / 1000).toFixed(1)} s, TBT ${Math.round(m((s) => s.tbtMs))} ms, CLS ${m((s) => s.clsScore).toFixed(3)}, JS ${Math.round(m((s) => s.scriptKiB))} KiB compressed (median of ${RUNS})`,
      });
    }
  } finally {
    chrome.kill();
  }
  return rows;
}
