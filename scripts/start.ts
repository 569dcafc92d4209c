import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** `npm start`: build the pages when the build is missing or older than the sources, and serve. */
const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'build/server/index.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The build runs beside the database's start (migrations, the demo seed): on a fresh clone the two are most of the
 * wait for the first page, and the shop needs the pages only once the database is ready.
 */
function buildPages(): Promise<void> {
  const started = Date.now();
  console.log('Собираю страницы (react-router build)…');
  // Always a production build: started from a test run (NODE_ENV=test), the build would be the development one.
  const child = spawn('npx', ['react-router', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      if (code !== 0) process.exit(code ?? 1);
      console.log(`Страницы собраны за ${Math.round((Date.now() - started) / 1000)} с`);
      resolve();
    }),
  );
}

const sources = ['app', 'domain'].map((d) => newestMtime(path.join(root, d)));
const stale = !existsSync(built) || statSync(built).mtimeMs < Math.max(...sources);
const pagesBuilt = stale ? buildPages() : Promise.resolve();
// React and React Router pick their production builds from NODE_ENV at import time: set it before loading them.
process.env.NODE_ENV ??= 'production';
const { main } = await import('../server/main');
await main({ pagesBuilt });
