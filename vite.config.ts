import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

const rootRoute = path.resolve(import.meta.dirname, 'app/root.tsx');
const shells = new WeakMap<ChunkingContext, Set<string>>();

/** The modules the root route reaches by static imports, once per chunking pass. */
function shellModules(ctx: ChunkingContext): Set<string> {
  let shell = shells.get(ctx);
  if (shell) return shell;
  shell = new Set();
  const visit = (id: string) => {
    if (shell.has(id)) return;
    shell.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  visit(rootRoute);
  shell.delete(rootRoute);
  shells.set(ctx, shell);
  return shell;
}

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
                  priority: 2,
                },
                { name: (id, ctx) => (shellModules(ctx).has(id) ? 'shell' : null), priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
