import type { TestApp } from './test-app';

/**
 * A page's HTML once it shows a change. On PostgreSQL a write's cache notification reaches the page cache through
 * LISTEN a moment after the commit (on PGlite at once), so the page asked for right after may still be the cached
 * one. Asks again for up to two seconds, then answers what the page says, for the assertion to show.
 */
export async function pageWhen(app: TestApp, url: string, shows: (html: string) => boolean): Promise<string> {
  let html = '';
  for (let i = 0; i < 100; i++) {
    html = await (await app.fetch(url)).text();
    if (shows(html)) return html;
    await new Promise((r) => setTimeout(r, 20));
  }
  return html;
}
