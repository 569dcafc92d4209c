import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Browser, chromium, type Page, type Request } from 'playwright-core';
import { inject } from 'vitest';

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  tablet: { width: 768, height: 1024 },
  mobile: { width: 375, height: 812 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const resultsDir = path.resolve(import.meta.dirname, '../../../test-results');

export function baseURL(): string {
  return inject('baseURL');
}

/** Debian's Chromium, with the flags this machine's closed network needs; `env` adds to the browser's environment. */
export function launchBrowser({ env }: { env?: Record<string, string> } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    ...(env ? { env: { ...process.env, ...env } } : {}),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Requests of each page that have no answer yet (see `settle`). */
const inFlight = new WeakMap<Page, Set<Request>>();

/**
 * Waits until the page has had no request in flight for `quietMs` (photos, fonts and calls have arrived) and React
 * has hydrated it. Unlike
 * Playwright's `networkidle`, a request counts as done when its response arrives: Chromium never reports a
 * `keepalive` fetch answered `Cache-Control: no-store` (the analytics events) as finished.
 */
export async function settle(page: Page, { quietMs = 500, timeoutMs = 30_000 } = {}): Promise<void> {
  const pending = inFlight.get(page);
  if (!pending) return page.waitForLoadState('networkidle');
  await page.waitForLoadState('load');
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() > deadline) throw new Error(`still loading: ${[...pending].map((r) => r.url()).join(', ')}`);
    await page.waitForTimeout(50);
    if (pending.size > 0) quietSince = Date.now();
  }
  // React hydrates after the load event; a click before that does nothing.
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber$')), null, {
    timeout: Math.max(deadline - Date.now(), 1000),
  });
}

function trackRequests(page: Page): void {
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on('request', (r) => pending.add(r));
  page.on('response', (r) => pending.delete(r.request()));
  page.on('requestfailed', (r) => pending.delete(r));
  page.on('requestfinished', (r) => pending.delete(r));
}

/**
 * A page in its own context (own cookies) at a viewport, on the run's shop or the one at `base`; page and console
 * errors fail the test through `errors`.
 */
export async function openPage(
  browser: Browser,
  viewport: ViewportName,
  base = baseURL(),
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    baseURL: base,
    locale: 'ru-RU',
    hasTouch: viewport === 'mobile',
    isMobile: viewport === 'mobile',
  });
  // Every page of the context, a second tab too, is followed: `settle` never waits on Chromium's `networkidle`.
  context.on('page', trackRequests);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    // The address a message comes from: for a failed load, the resource that failed.
    if (m.type() === 'error') errors.push(m.location().url ? `${m.text()} [${m.location().url}]` : m.text());
  });
  return { page, errors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(resultsDir, { recursive: true });
  await page.screenshot({ path: path.join(resultsDir, `${name}.png`), fullPage: false });
}

/** Runs axe-core in the page; returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<{ id: string; help: string; nodes: string[] }[]> {
  // Evaluated through the browser's debugging channel: the page's script policy (a nonce per answer) rightly refuses
  // an injected inline script, and the test must see the page as the policy leaves it.
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global
    const axe = (window as any).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v: { id: string; help: string; impact: string; nodes: { target: string[] }[] }) => ({
      id: v.id,
      help: v.help,
      impact: v.impact,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  });
  return (result as { id: string; help: string; impact: string; nodes: string[] }[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(({ id, help, nodes }) => ({ id, help, nodes }));
}
