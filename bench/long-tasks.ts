/**
 * Long tasks while a page loads and hydrates, as a desktop visitor without CPU throttling meets them (issue 29.5):
 * `npx tsx bench/long-tasks.ts http://127.0.0.1:3000 /catalog/women/ /product/… [--runs 7]` against a production
 * build the shop serves. Each load is a fresh browser context (nothing cached), 1440 × 900.
 *
 * Two passes per page. The first reads a `longtask` PerformanceObserver (buffered) once React has hydrated and the
 * page has been quiet for a second: the longest task in wall-clock time, the tasks over 50 ms and their blocking
 * time. The second traces the same loads (the `toplevel` category only) and reads the renderer's main thread: the
 * longest task in CPU time and that task's wall-clock time. On a shared two-core machine a task's wall time also
 * counts the time its thread waited for a core (the browser's other processes, the shop), so the CPU time is the
 * page's own work and the gap between the two is the machine. Prints medians over the runs.
 */
import { type Browser, chromium, type Page } from 'playwright-core';

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
const rounded = (values: number[]) => values.map(Math.round).join(' ');

/** A fresh context on `path`: `measure` gets the page and a function that loads it, waits for hydration and a quiet second. */
async function load<T>(
  browser: Browser,
  path: string,
  measure: (page: Page, navigate: () => Promise<void>) => Promise<T>,
) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'ru-RU' });
  const page = await context.newPage();
  const navigate = async () => {
    await page.goto(new URL(path, base).href, { waitUntil: 'load' });
    await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber$')));
    await page.waitForTimeout(1000);
  };
  try {
    return await measure(page, navigate);
  } finally {
    await context.close();
  }
}

/** Wall-clock durations of the long tasks the page itself observed. */
async function observedLongTasks(page: Page, navigate: () => Promise<void>) {
  await navigate();
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().map((entry) => entry.duration))).observe({
          type: 'longtask',
          buffered: true,
        });
        setTimeout(() => resolve([]), 500);
      }),
  );
}

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};

/** The renderer main thread's task with the most CPU time: its CPU and wall-clock milliseconds. */
async function costliestTask(browser: Browser, page: Page, navigate: () => Promise<void>) {
  await browser.startTracing(page, { categories: ['toplevel'] });
  await navigate();
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const mainThreads = new Set(
    traceEvents
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  let cpu = 0;
  let wall = 0;
  for (const e of traceEvents) {
    if (
      e.name !== 'ThreadControllerImpl::RunTask' ||
      e.ph !== 'X' ||
      !mainThreads.has(`${e.pid}:${e.tid}`) ||
      (e.tdur ?? 0) <= cpu * 1000
    )
      continue;
    cpu = (e.tdur ?? 0) / 1000;
    wall = (e.dur ?? 0) / 1000;
  }
  return { cpu, wall };
}

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
      const tasks = await load(browser, path, observedLongTasks);
      longest.push(Math.max(0, ...tasks));
      over.push(tasks.length);
      blocking.push(tasks.reduce((sum, duration) => sum + duration - 50, 0));
      console.error(`${path} #${run + 1}: ${tasks.map((t) => Math.round(t)).join(', ') || 'no long task'}`);
    }
    const cpu: number[] = [];
    const wall: number[] = [];
    for (let run = 0; run < runs; run++) {
      const task = await load(browser, path, (page, navigate) => costliestTask(browser, page, navigate));
      cpu.push(task.cpu);
      wall.push(task.wall);
    }
    console.log(
      `${path}: longest task ${Math.round(median(longest))} ms, ${median(over)} tasks over 50 ms, ` +
        `blocking ${Math.round(median(blocking))} ms (medians of ${runs}; longest per run ${rounded(longest)}); ` +
        `the costliest task's main-thread CPU ${Math.round(median(cpu))} ms, wall ${Math.round(median(wall))} ms ` +
        `(traced; CPU per run ${rounded(cpu)}, max ${Math.round(Math.max(...cpu))})`,
    );
  }
} finally {
  await browser.close();
}
