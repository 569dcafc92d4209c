import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * What a page makes the browser download before anyone touches it: the client entry, the root route and the page's
 * route modules with their static imports, as the build's manifest lists them (`npm test` builds first).
 */
const assets = path.resolve(import.meta.dirname, '../../build/client/assets');

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
  hasDefaultExport?: boolean;
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

function readManifest(): Manifest {
  const file = readdirSync(assets).find((name) => name.startsWith('manifest-'));
  if (!file) throw new Error('no client build: run `npx react-router build`');
  const text = readFileSync(path.join(assets, file), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
}

const manifest = readManifest();
const source = (url: string) => readFileSync(path.join(assets, path.basename(url)));
const compressed = new Map<string, number>();
const brotliBytes = (url: string) => {
  const bytes = compressed.get(url) ?? brotliCompressSync(source(url)).length;
  compressed.set(url, bytes);
  return bytes;
};

/** The modules a page loads at start: the entry, then each route from the root down to the page. */
function modulesAtLoad(routeId: string): Set<string> {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let route: ManifestRoute | undefined = manifest.routes[routeId]; route; ) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
    route = route.parentId ? manifest.routes[route.parentId] : undefined;
  }
  return files;
}

const pages = Object.values(manifest.routes).filter((route) => route.hasDefaultExport && route.id !== 'root');

describe('the JavaScript a page loads at start', () => {
  it('has pages to measure', () => {
    expect(pages.map((route) => route.id)).toEqual(
      expect.arrayContaining(['routes/home', 'routes/catalog', 'routes/product', 'routes/basket', 'routes/order']),
    );
  });

  it.each(pages.map((route) => [route.id]))('%s carries no zod: forms check with it only on submit', (id) => {
    const withZod = [...modulesAtLoad(id)].filter((file) => source(file).includes('ZodError'));
    expect(withZod).toEqual([]);
  });

  // Each file is a request, and a phone on a slow network waits for a connection per six of them; what the root
  // route imports travels as one file (vite.config.ts), where the automatic split made about twenty.
  it.each(pages.map((route) => [route.id]))('%s loads at most 15 files of it', (id) => {
    expect(modulesAtLoad(id).size).toBeLessThanOrEqual(15);
  });

  // React, React DOM and React Router alone are about 92 KiB; what the shop adds on top stays within 28 KiB.
  it.each(pages.map((route) => [route.id]))('%s stays within 120 KiB of brotli', (id) => {
    const bytes = [...modulesAtLoad(id)].reduce((sum, file) => sum + brotliBytes(file), 0);
    expect(bytes / 1024).toBeLessThanOrEqual(120);
  });
});

/**
 * The framework (react, react-dom, scheduler, react-router) is built into a file of its own, `framework-*`
 * (vite.config.ts); every other script a page loads at start is the shop's own code (issue 29.5). The budget holds
 * for every page, the back office's included.
 */
const isFramework = (file: string) => path.basename(file).startsWith('framework-');
const OWN_BUDGET = 30_000;

describe("the shop's own JavaScript beyond the framework", () => {
  it('has the framework in a file of its own, holding nothing of the shop', () => {
    const framework = [...modulesAtLoad('routes/home')].filter(isFramework);
    expect(framework).toHaveLength(1);
    // React, React DOM and React Router are about 92 KiB: more would be the shop's code hiding in them.
    const bytes = framework.reduce((sum, file) => sum + brotliBytes(file), 0);
    expect(bytes / 1024).toBeLessThanOrEqual(95);
  });

  it.each(pages.map((route) => [route.id]))(`%s loads at most ${OWN_BUDGET / 1000} KB of it (brotli)`, (id) => {
    const own = [...modulesAtLoad(id)].filter((file) => !isFramework(file));
    expect(own.reduce((sum, file) => sum + brotliBytes(file), 0)).toBeLessThanOrEqual(OWN_BUDGET);
  });
});
