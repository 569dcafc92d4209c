/**
 * Long tasks while a page loads and hydrates, as a desktop visitor without CPU throttling meets them (issue 29.5):
 * `npx tsx bench/long-tasks.ts http://127.0.0.1:3000 /catalog/women/ /product/… [--runs 7]` against a production
 * build the shop serves. Each load is a fresh browser context (nothing cached), 1440 × 900; a `longtask`
 * PerformanceObserver (buffered) is read once React has hydrated and the page has been quiet for a second.
 * Prints, per page, the median over the runs of the longest task, of the number of tasks over 50 ms and of their
 * blocking time (each task's time past 50 ms).
 */
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 7;
const [base, ...paths] = args;
if (!base || paths.length === 0) {
  console.error('usage: tsx bench/long-tasks.ts BASE_URL PATH… [--runs N]');
  process.exit(2);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  for (const path of paths) {
    const longest: number[] = [];
    const over: number[] = [];
    const blocking: number[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'ru-RU' });
      const page = await context.newPage();
      await page.goto(new URL(path, base).href, { waitUntil: 'load' });
      await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber$')));
      await page.waitForTimeout(1000);
      const tasks = await page.evaluate(
        () =>
          new Promise<number[]>((resolve) => {
            new PerformanceObserver((list) => resolve(list.getEntries().map((entry) => entry.duration))).observe({
              type: 'longtask',
              buffered: true,
            });
            setTimeout(() => resolve([]), 500);
          }),
      );
      longest.push(Math.max(0, ...tasks));
      over.push(tasks.length);
      blocking.push(tasks.reduce((sum, duration) => sum + duration - 50, 0));
      console.error(`${path} #${run + 1}: ${tasks.map((t) => Math.round(t)).join(', ') || 'no long task'}`);
      await context.close();
    }
    console.log(
      `${path}: longest task ${Math.round(median(longest))} ms, ${median(over)} tasks over 50 ms, ` +
        `blocking ${Math.round(median(blocking))} ms (medians of ${runs}; longest per run ${longest.map(Math.round).join(' ')})`,
    );
  }
} finally {
  await browser.close();
}
