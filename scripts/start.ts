import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** `npm start`: build the pages when the build is missing or older than the sources, then serve. */
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

const sources = ['app', 'domain'].map((d) => newestMtime(path.join(root, d)));
if (!existsSync(built) || statSync(built).mtimeMs < Math.max(...sources)) {
  console.log('Собираю страницы (react-router build)…');
  // Always a production build: started from a test run (NODE_ENV=test), the build would be the development one.
  const result = spawnSync('npx', ['react-router', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// React and React Router pick their production builds from NODE_ENV at import time: set it before loading them.
process.env.NODE_ENV ??= 'production';
const { main } = await import('../server/main');
await main();
