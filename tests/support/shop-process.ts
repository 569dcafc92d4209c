import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The shop started as production starts it (`scripts/start.ts`), in a process of its own on the local address; its
 * output kept for a failing test's message. `env` adds to or overrides the test's own environment.
 */
export function shopProcess(env: Record<string, string>): { shop: ChildProcess; output: () => string } {
  let output = '';
  const shop = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d: Buffer) => {
    output += d;
  };
  shop.stdout?.on('data', keep);
  shop.stderr?.on('data', keep);
  return { shop, output: () => output };
}
