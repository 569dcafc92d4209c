import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '../../app/routes';
import { PAGE_CACHE_CONTROL } from '../../contract/cache-policy';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Every route of `app/routes.ts` says who may keep its answer (issue 24.4, decision 0017): a page declares
 * `cachePolicy('public')` or `cachePolicy('private')`; a resource route (no component: the sitemap, robots.txt)
 * answers its own Response, which React Router sends untouched, so it names its Cache-Control itself.
 */
let app: TestApp;
let build: ServerBuild;

beforeAll(async () => {
  app = await createTestApp();
  build = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as ServerBuild;
});
afterAll(() => app.close());

/** Every entry of the route config, nested ones too, with its id as React Router names it. */
function listed(entries: RouteConfigEntry[]): { id: string; path: string }[] {
  return entries.flatMap((entry) => [
    { id: entry.id ?? entry.file.replace(/\.[^.]+$/, ''), path: entry.path ?? '' },
    ...listed(entry.children ?? []),
  ]);
}

describe('the cache policy of every route', () => {
  it('is declared by each route of app/routes.ts', async () => {
    const all = listed(await routes);
    // The build is the one the tests render: it must hold exactly these routes (else run `npx react-router build`).
    expect(
      Object.keys(build.routes)
        .filter((id) => id !== 'root')
        .sort(),
    ).toEqual(all.map((r) => r.id).sort());
    const undeclared: string[] = [];
    for (const route of all) {
      const module = build.routes[route.id]?.module as { default?: unknown; headers?: unknown };
      // A page declares its policy by `headers`; so does a resource route that answers one person's data.
      if (module.default || typeof module.headers === 'function') {
        const declared =
          typeof module.headers === 'function' ? new Headers(module.headers({})).get('cache-control') : null;
        if (!Object.values(PAGE_CACHE_CONTROL).some((value) => value === declared)) undeclared.push(route.id);
      } else {
        // Without a Cache-Control of its own, the server's default would answer: `private, no-store`.
        const own = (await app.fetch(`/${route.path}`)).headers.get('cache-control');
        if (!own || own === PAGE_CACHE_CONTROL.private) undeclared.push(route.id);
      }
    }
    expect(undeclared).toEqual([]);
  });
});
