import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

const rootRoute = path.resolve(import.meta.dirname, 'app/root.tsx');
const adminLayout = path.resolve(import.meta.dirname, 'app/routes/admin/layout.tsx');
const reached = new WeakMap<ChunkingContext, Map<string, Set<string>>>();

/** The modules `roots` reach by static imports, the roots included, once per chunking pass and group. */
function reachedFrom(ctx: ChunkingContext, group: string, roots: readonly string[]): Set<string> {
  const groups = reached.get(ctx) ?? new Map<string, Set<string>>();
  reached.set(ctx, groups);
  const known = groups.get(group);
  if (known) return known;
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id)) return;
    found.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  for (const root of roots) visit(root);
  groups.set(group, found);
  return found;
}

/** The modules the root route reaches (not the route itself, which React Router loads by its id): every page's. */
const inShell = (id: string, ctx: ChunkingContext) =>
  id !== rootRoute && reachedFrom(ctx, 'shell', [rootRoute]).has(id);

/**
 * What the admin layout imports (its styles, the notifications badge, the staff calls' names), which every
 * back-office page loads besides the shell, as one file; the layout route itself stays its own. (A group takes its
 * modules' imports with it, so the admin kit, which shares the phone's format with the checkout, is not in it.)
 */
const inAdmin = (id: string, ctx: ChunkingContext) =>
  id !== adminLayout && reachedFrom(ctx, 'admin', [adminLayout]).has(id);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest)$/;

/**
 * Every text file of the client build gets its brotli (best quality) and gzip twins beside it, `file.br` and
 * `file.gz`, made here once, which the shop serves as they are (server/http/static.ts): compressed on its first
 * request instead, the framework's script blocked the process for 550–670 ms after each start (issue 46.2). Runs
 * as each environment's build closes, for the files without fresh twins (the server build moves stylesheets over).
 */
function precompress(clientDir: string): Plugin {
  const files = async function* (dir: string): AsyncGenerator<string> {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* files(full);
      else if (COMPRESSIBLE.test(entry.name)) yield full;
    }
  };
  const fresh = async (file: string, twin: string) =>
    ((await stat(twin).catch(() => null))?.mtimeMs ?? 0) >= (await stat(file)).mtimeMs;
  return {
    name: 'shop:precompress',
    apply: 'build',
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const file of files(clientDir)) {
        if ((await stat(file)).size <= 1024 || (await fresh(file, `${file}.br`))) continue;
        jobs.push(
          (async () => {
            const raw = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
              gzip(raw, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), precompress(path.resolve(import.meta.dirname, 'build/client'))],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Every page loads what the root route imports, so it travels as one file (and one stylesheet) instead
            // of the ~20 small shared chunks the automatic split made: a phone on a slow network paid a round trip
            // for each before the first paint (issue 11.5).
            // The framework (react, react-dom, scheduler, react-router) travels in a file of its own, `framework-*`, so
            // the budget test can tell the shop's own code from it (issue 29.5); one file, as each is a request.
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                  priority: 3,
                },
                { name: (id, ctx) => (inShell(id, ctx) ? 'shell' : null), priority: 2 },
                { name: (id, ctx) => (inAdmin(id, ctx) ? 'admin' : null), priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
