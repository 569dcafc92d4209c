import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../scripts/free-port';
import type { LoopDelay } from './loop-delay';

const root = path.resolve(import.meta.dirname, '..');
/** `npm start`'s Node flags (package.json: `node FLAGS --import tsx …`), so the bench runs the shop as production does. */
const startScript: string = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
const startWords = startScript.split(' ');
const startFlags = startWords.slice(1, startWords.indexOf('--import'));
/** `BENCH_CPU_PROF=<dir>`: each shop process writes its CPU profile there when it stops (for `--cpu-prof`'s readers). */
const profileFlags = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

export interface ShopProcess {
  baseURL: string;
  /** Resident memory of the shop's processes (the primary and its workers), MiB. */
  rssMiB(): number;
  /** The shop's event-loop delay (bench/loop-delay.ts): `reset` before a load, `read` after it. */
  loopDelay(what: 'reset' | 'read'): Promise<LoopDelay>;
  stop(): Promise<void>;
}

/** The pids of `pid`'s child processes (ps answers 1 when there are none). */
function children(pid: number): string[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).split('\n');
  } catch {
    return [];
  }
}

/**
 * The shop as production starts it (`npm start`'s entry and Node flags, NODE_ENV=production, logging every request at
 * the default level), in its own process(es); its log goes to `data/bench/shop.log`.
 */
export async function startShop(env: Record<string, string>): Promise<ShopProcess> {
  const port = await freePort();
  mkdirSync(path.join(root, 'data', 'bench'), { recursive: true });
  const log = openSync(path.join(root, 'data', 'bench', 'shop.log'), 'a');
  const child: ChildProcess = spawn(
    process.execPath,
    [...startFlags, ...profileFlags, '--import', 'tsx', '--import', './bench/loop-delay.ts', 'scripts/start.ts'],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', log, 'inherit', 'ipc'],
    },
  );
  const baseURL = `http://127.0.0.1:${port}`;
  let exited = false;
  child.on('exit', () => {
    exited = true;
    closeSync(log);
  });
  for (let i = 0; ; i++) {
    if (exited) throw new Error('the shop did not start');
    if (
      await fetch(`${baseURL}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 1200) throw new Error('the shop did not answer in 2 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
  const pid = child.pid as number;
  return {
    baseURL,
    rssMiB() {
      const workers = children(pid)
        .map((s) => Number(s.trim()))
        .filter(Boolean);
      const kib = [pid, ...workers].reduce((sum, p) => {
        const status = readFileSync(`/proc/${p}/status`, 'utf8');
        return sum + Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
      }, 0);
      return Math.round(kib / 1024);
    },
    loopDelay(what) {
      return new Promise((resolve) => {
        const answer = (m: { loopDelay?: LoopDelay }) => {
          if (!m.loopDelay) return;
          child.off('message', answer);
          resolve(m.loopDelay);
        };
        child.on('message', answer);
        child.send(`loop-delay:${what}`);
      });
    },
    async stop() {
      if (exited) return;
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await done;
    },
  };
}
