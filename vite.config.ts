import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

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

export default defineConfig({
  plugins: [reactRouter()],
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
